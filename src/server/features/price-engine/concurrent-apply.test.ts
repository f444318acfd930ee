/**
 * Price lists of several providers applied at the same moment, as the fetch queue runs them
 * (two at a time per worker, more with several workers): every list over the same TLDs is
 * stored whole, none fails, and each TLD's price row names every provider with its new price.
 */
import { expect, it } from "vitest";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { tldIdsByName } from "../../../../db/repositories/tld-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { applyPriceList } from "./price-apply.ts";

forEachDialect("price lists applied at the same time", (getDb) => {
  it("stores every provider's list when eight are applied at once over the same TLDs, three times over", async () => {
    const db = getDb();
    const providers = (await listServiceProviders(db)).slice(0, 8);
    expect(providers).toHaveLength(8);
    const tlds = [...(await tldIdsByName(db))].filter(([name]) => !name.includes(".")).slice(0, 300);
    for (let round = 1; round <= 3; round++) {
      const outcomes = await Promise.allSettled(providers.map((provider, i) => applyPriceList(db, {
        providerId: provider.id,
        observedAt: new Date(Date.now() + round * 60_000),
        // Every provider changes every quote each round, so each apply rewrites every TLD's row.
        quotes: tlds.map(([tldName, tldId]) => ({
          tldId, tldName, registrationPrice: 1000 + round * 100 + i, renewalPrice: 1500 + round * 100 + i, transferPrice: 1200 + round,
          currency: "USD", isPromo: false, regularRegistrationPrice: null, transferIsPromo: false,
        })),
        staleDays: 30,
      })));
      const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [String((o.reason as Error & { cause?: Error }).cause?.message ?? o.reason)] : []));
      expect(failures, `round ${round}`).toEqual([]);
    }
    const { orm, t } = db;
    const stored = await orm.select({ providerId: t.domainPrices.serviceProviderId, registrationPrice: t.domainPrices.registrationPrice })
      .from(t.domainPrices);
    for (const [i, provider] of providers.entries()) {
      const mine = stored.filter((row) => row.providerId === provider.id && row.registrationPrice === 1300 + i);
      expect(mine, provider.name).toHaveLength(tlds.length);
    }
  });
});
