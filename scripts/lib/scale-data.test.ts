import { count, countDistinct, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import type { PricePage } from "../../src/server/features/prices/service.ts";
import { createTestApp, getJson } from "../../src/server/testing/test-app.ts";
import { benchProviders, benchScale, HISTORY_PER_QUOTE, PROVIDERS_PER_SCALE, scaleCatalogue } from "./scale-data.ts";

describe("benchScale", () => {
  it("is 1 when unset and refuses anything but a whole number from 1 to 100", () => {
    expect(benchScale(undefined)).toBe(1);
    expect(benchScale("")).toBe(1);
    expect(benchScale("10")).toBe(10);
    for (const bad of ["0", "-2", "2.5", "ten", "101"]) expect(() => benchScale(bad)).toThrow(/BENCH_SCALE must be a whole number from 1 to 100/);
  });
});

forEachDialect("scaleCatalogue at factor 2 on a seeded database", (getDb) => {
  it("adds generated providers quoting every priced name, with five years of history, and the price list serves them", async () => {
    const db = getDb();
    const { t } = db;
    // The app is made and has read the list before the scaling, as a running server would have.
    const app = createTestApp(db, { env: { PRICE_CACHE_SECONDS: "0" } });
    const before = (await getJson<PricePage>(app, "/api/domain-prices?search=com&limit=100")).body.data.find((r) => r.name === "com")!;
    const counts = async () => {
      const [[quotes], [history], [withQuotes], [providers]] = await Promise.all([
        db.orm.select({ n: count(), names: countDistinct(t.domainPrices.tldId) }).from(t.domainPrices),
        db.orm.select({ n: count() }).from(t.domainPriceHistory),
        db.orm.select({ n: countDistinct(t.domainPrices.serviceProviderId) }).from(t.domainPrices),
        db.orm.select({ n: count() }).from(t.serviceProviders),
      ]);
      return { quotes: Number(quotes!.n), names: Number(quotes!.names), history: Number(history!.n), withQuotes: Number(withQuotes!.n), providers: Number(providers!.n) };
    };
    const seeded = await counts();

    const report = await scaleCatalogue(db, 2);

    const added = PROVIDERS_PER_SCALE * 2 - seeded.withQuotes;
    expect(added).toBeGreaterThan(0);
    expect(report.providersAdded).toBe(added);
    const after = await counts();
    expect(after).toEqual({
      quotes: seeded.quotes + added * seeded.names,
      names: seeded.names,
      history: seeded.history + added * seeded.names * HISTORY_PER_QUOTE,
      withQuotes: PROVIDERS_PER_SCALE * 2,
      providers: seeded.providers + added,
    });
    expect(report).toMatchObject({ quotes: after.quotes, historyRows: after.history, pricedNames: seeded.names, providersWithQuotes: after.withQuotes });

    // Generated providers are marked as bench data and named after a real one.
    const generated = await benchProviders(db);
    expect(generated).toHaveLength(added);
    for (const p of generated) expect(p.name).toMatch(/ Reseller \d+$/);
    const [row] = await db.orm.select().from(t.serviceProviders).where(eq(t.serviceProviders.id, generated[0]!.id));
    expect(row).toMatchObject({ website: null, ianaId: null, registrationUrlPattern: null, isActive: true });
    expect(row!.domain).toMatch(/\.invalid$/);

    // Five years of history, oldest first per quote, ending where the present quote began.
    const history = await db.orm.select().from(t.domainPriceHistory)
      .where(eq(t.domainPriceHistory.serviceProviderId, generated[0]!.id)).orderBy(t.domainPriceHistory.tldId, t.domainPriceHistory.validFrom);
    const oneName = history.filter((h) => h.tldId === history[0]!.tldId);
    expect(oneName).toHaveLength(HISTORY_PER_QUOTE);
    for (let i = 1; i < oneName.length; i++) expect(oneName[i]!.validFrom).toBe(oneName[i - 1]!.validUntil);
    const yearsCovered = (Date.now() - Date.parse(oneName[0]!.validFrom)) / (365 * 86_400_000);
    expect(yearsCovered).toBeGreaterThan(4.9);
    expect(yearsCovered).toBeLessThan(5.1);
    const [quote] = await db.orm.select().from(t.domainPrices)
      .where(eq(t.domainPrices.serviceProviderId, generated[0]!.id)).orderBy(t.domainPrices.tldId).limit(1);
    expect(quote!.tldId).toBe(oneName[0]!.tldId);
    expect(quote!.snapshotDate).toBe(oneName.at(-1)!.validUntil);

    // The same app answers with the new providers' quotes: the summaries and the read model's
    // version were rewritten with the prices.
    const com = (await getJson<PricePage>(app, "/api/domain-prices?search=com&limit=100")).body.data.find((r) => r.name === "com")!;
    expect(com.providerCount).toBe(before.providerCount + added);
    const byTld = await getJson<{ serviceProvider: { name: string } }[]>(app, "/api/domain-prices/tld/com");
    expect(byTld.body.map((p) => p.serviceProvider.name)).toEqual(expect.arrayContaining(generated.map((p) => p.name)));
    const own = await getJson<unknown[]>(app, `/api/service-providers/${generated[0]!.id}/domain-prices`);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(seeded.names);

    // A second run refuses rather than generating twice.
    await expect(scaleCatalogue(db, 2)).rejects.toThrow(/already holds 2 generated bench providers/);
    const [again] = await db.orm.select({ n: count() }).from(t.serviceProviders).where(like(t.serviceProviders.slug, "bench-%"));
    expect(Number(again!.n)).toBe(added);
  });
});
