/**
 * A TLD quoted by many providers, as a catalogue several times today's size has it: `count`
 * providers each with a USD quote for the name and `historyPerQuote` earlier prices, written
 * with the price summaries in one transaction as every price writer does.
 */
import { eq } from "drizzle-orm";
import { exec, type Db } from "../../../db/client.ts";
import { refreshTldPriceSummaries } from "../../../db/repositories/price-summary-repository.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../../shared/price-freshness.ts";
import { invalidatePriceCache } from "../domain/price-cache.ts";

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Adds the providers; the i-th (from 0) charges `firstCents + i * 7` cents to register. Returns the TLD's id. */
export async function addProvidersQuoting(handle: Db, tldName: string, count: number, options: { firstCents?: number; historyPerQuote?: number; prefix?: string } = {}) {
  const { orm: db, t } = handle;
  const { firstCents = 500, historyPerQuote = 3, prefix = "many" } = options;
  const [tld] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, tldName));
  if (!tld) throw new Error(`no TLD ${tldName} in the test database`);
  const now = Date.now();
  await handle.transaction(function* (tx) {
    const providers = yield* exec(tx.insert(t.serviceProviders).values(Array.from({ length: count }, (_, i) => ({
      slug: `${prefix}-provider-${i}`, name: `${prefix} Provider ${i}`, displayName: `${prefix} Provider ${i}`,
      domain: `${prefix}-provider-${i}.invalid`, isActive: true,
    }))).returning({ id: t.serviceProviders.id }));
    const cents = (i: number) => firstCents + i * 7;
    yield* exec(tx.insert(t.domainPrices).values(providers.map((p, i) => ({
      tldId: tld.id, serviceProviderId: p.id, registrationPrice: cents(i), renewalPrice: cents(i) + 100, transferPrice: cents(i) + 50,
      currency: "USD", snapshotDate: isoDay(now - 30 * DAY_MS), lastCheckedAt: new Date(now), changedAt: new Date(now - 30 * DAY_MS),
    }))));
    if (historyPerQuote > 0) {
      yield* exec(tx.insert(t.domainPriceHistory).values(providers.flatMap((p, i) => Array.from({ length: historyPerQuote }, (_, h) => ({
        tldId: tld.id, serviceProviderId: p.id, registrationPrice: cents(i) - 10 * (h + 1), renewalPrice: cents(i) + 90 - 10 * h,
        transferPrice: cents(i) + 40, currency: "USD",
        validFrom: isoDay(now - (h + 2) * 300 * DAY_MS), validUntil: isoDay(now - ((h + 1) * 300 + 30) * DAY_MS),
      })))));
    }
    yield* refreshTldPriceSummaries(tx, t, [tld.id], { staleDays: DEFAULT_PRICE_STALE_DAYS, now: new Date(now) });
  });
  invalidatePriceCache(handle);
  return tld.id;
}
