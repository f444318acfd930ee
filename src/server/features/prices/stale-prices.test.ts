import { and, eq, ne } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { exec, type Db } from "../../../../db/client.ts";
import { refreshRowsTurnedStale, refreshTldPriceSummaries } from "../../../../db/repositories/price-summary-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { invalidatePriceCache } from "../../domain/price-cache.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage, PriceQuote, PriceRow } from "./service.ts";

const DAY = 86_400_000;
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Puts back, after each test, the quotes and rows oneFreshQuote changed: every test starts from the seeded prices. */
const restores: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const restore of restores.splice(0).reverse()) await restore();
});

/**
 * Every USD quote of `tld` last checked 200 days ago, then one provider's set to `cents` and
 * checked at `checkedAt`, and confirmed as real by an administrator: a price far above the
 * others is otherwise unusual (decision 059) and gives no lowest price while a usual one exists.
 */
async function oneFreshQuote(handle: Db, tld: string, cents: number, checkedAt: Date, rowsAt = new Date(), staleDays = 90) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const [row] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, tld));
  const seeded = await db.select({ id: dp.id, lastCheckedAt: dp.lastCheckedAt, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice })
    .from(dp).where(eq(dp.tldId, row!.id));
  restores.push(async () => {
    await handle.transaction(function* (tx) {
      for (const { id, ...values } of seeded) yield* exec(tx.update(dp).set(values).where(eq(dp.id, id)));
      yield* exec(tx.delete(t.priceReviews).where(eq(t.priceReviews.tldId, row!.id)));
      yield* refreshTldPriceSummaries(tx, t, [row!.id], { staleDays: 90, now: new Date() });
    });
    invalidatePriceCache(handle);
  });
  const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, registration: dp.registrationPrice })
    .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
    .where(and(eq(dp.tldId, row!.id), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)));
  expect(quotes.length).toBeGreaterThan(2);
  const fresh = quotes[0]!;
  await handle.transaction(function* (tx) {
    yield* exec(tx.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY) }).where(and(eq(dp.tldId, row!.id), ne(dp.id, fresh.id))));
    yield* exec(tx.update(dp).set({ lastCheckedAt: checkedAt, registrationPrice: cents, renewalPrice: cents, transferPrice: cents }).where(eq(dp.id, fresh.id)));
    const review = { decision: "confirmed", registrationPrice: cents, renewalPrice: cents, transferPrice: cents, currency: "USD", reviewedBy: "admin@example.com" };
    yield* exec(tx.insert(t.priceReviews).values({ serviceProviderId: fresh.providerId, tldId: row!.id, ...review })
      .onConflictDoUpdate({ target: [t.priceReviews.serviceProviderId, t.priceReviews.tldId], set: review }));
    yield* refreshTldPriceSummaries(tx, t, [row!.id], { staleDays, now: rowsAt });
  });
  invalidatePriceCache(handle);
  const staleLowest = Math.min(...quotes.filter((q) => q.id !== fresh.id && q.registration !== null).map((q) => q.registration!));
  return { tldId: row!.id, freshId: fresh.id, providerId: fresh.providerId, staleLowest };
}

const rowOf = async (handle: Db, tld: string) =>
  (await getJson<PricePage>(createTestApp(handle), `/api/domain-prices?search=${tld}&limit=100`)).body.data.find((r) => r.name === tld)!;

forEachDialect("stale prices", (getDb) => {
  it("a fresh quote makes the row's lowest prices even when stale quotes are cheaper, and each names that quote", async () => {
    const handle = getDb();
    const checked = new Date(Date.now() - 3 * DAY);
    const { freshId, providerId, staleLowest } = await oneFreshQuote(handle, "net", 9_999_900, checked);
    expect(staleLowest).toBeLessThan(9_999_900);
    const row = await rowOf(handle, "net");
    expect(row).toMatchObject({
      registrationPrice: "99999.00", registrationIsStale: false, renewalPrice: "99999.00", renewalIsStale: false,
      transferPrice: "99999.00", transferIsStale: false, threeYearPrice: "299997.00", threeYearIsStale: false,
      lastCheckedAt: checked.toISOString(), isStale: false,
    });
    // Each minimum names the quote it comes from, with that quote's own check, not the row's newest;
    // prices[] carries that quote whole per type, and no other.
    for (const figure of ["registration", "renewal", "transfer", "threeYear"] as const) {
      expect(row.sources[figure], figure).toMatchObject({ serviceProvider: { id: providerId }, lastCheckedAt: checked.toISOString(), isStale: false });
    }
    expect(row.prices.map((p) => [p.type, p.id, p.isStale, p.lastCheckedAt])).toEqual(
      ["registration", "renewal", "transfer"].map((type) => [type, freshId, false, checked.toISOString()]));

    // The TLD page and the tRPC door say the same of each quote.
    const quotes = (await getJson<PriceQuote[]>(createTestApp(handle), "/api/domain-prices/tld/net")).body;
    expect(quotes.find((q) => q.id === freshId)).toMatchObject({ isStale: false, lastCheckedAt: checked.toISOString() });
    expect(quotes.filter((q) => q.id !== freshId).every((q) => q.isStale)).toBe(true);
    const trpc = await getJson<{ result: { data: PricePage } }>(createTestApp(handle), `/trpc/prices.list?input=${input({ search: "net", limit: 100 })}`);
    expect(trpc.body.result.data.data.find((r) => r.name === "net")).toEqual(row);

    // $99,999 against stale quotes around $10 is an extreme outlier: marked, and a sort by price
    // puts it after every ordinary figure (before the unpriced) instead of first.
    expect(row.sources.registration!.isOutlier).toBe(true);
    const total = (await getJson<PricePage>(createTestApp(handle), "/api/domain-prices?limit=1")).body.total;
    const desc = (await getJson<PricePage>(createTestApp(handle), `/api/domain-prices?sortBy=registrationPrice&sortOrder=desc&limit=100`)).body.data;
    expect(desc[0]!.name).not.toBe("net");
    expect(desc.some((r) => r.name === "net")).toBe(false);
    const all = [];
    for (let offset = 0; offset < total; offset += 100) {
      all.push(...(await getJson<PricePage>(createTestApp(handle), `/api/domain-prices?sortBy=registrationPrice&sortOrder=desc&limit=100&offset=${offset}`)).body.data);
    }
    const priced = all.filter((r) => r.registrationPrice !== null);
    expect(priced.at(-1)!.name).toBe("net");
    expect(priced.slice(0, -1).every((r) => !r.sources.registration!.isOutlier)).toBe(true);
  });

  it("the stale window comes from PRICE_STALE_DAYS: a 60-day-old quote is fresh at 90 days and stale at 30", async () => {
    const handle = getDb();
    const checked = new Date(Date.now() - 60 * DAY);
    // Rows written with a 30-day window (as a server configured so writes them).
    // One cent: the cheapest quote, so every minimum comes from it whatever the window.
    const { freshId } = await oneFreshQuote(handle, "xyz", 1, checked, new Date(), 30);
    const at30 = await rowOf(handle, "xyz");
    expect(at30).toMatchObject({ isStale: true, registrationIsStale: true });
    expect(at30.sources.registration).toMatchObject({ lastCheckedAt: checked.toISOString(), isStale: true });
    // The TLD's own quotes are judged per request with the app's configured window.
    // (Answers are cached per database, and a process has one window: dropped between the two apps.)
    const quoteAt = async (days: string) => {
      invalidatePriceCache(handle);
      return (await getJson<PriceQuote[]>(createTestApp(handle, { env: { PRICE_STALE_DAYS: days } }), "/api/domain-prices/tld/xyz")).body.find((q) => q.id === freshId)!;
    };
    expect((await quoteAt("30")).isStale).toBe(true);
    expect((await quoteAt("90")).isStale).toBe(false);
    await oneFreshQuote(handle, "xyz", 1, checked, new Date(), 90);
    expect(await rowOf(handle, "xyz")).toMatchObject({ isStale: false, registrationIsStale: false });
  });

  it("with only stale quotes, the lowest figure is shown and marked stale", async () => {
    const handle = getDb();
    const { staleLowest } = await oneFreshQuote(handle, "org", 99_900, new Date(Date.now() - 120 * DAY));
    const row = await rowOf(handle, "org");
    expect(row).toMatchObject({ registrationPrice: (Math.min(staleLowest, 99_900) / 100).toFixed(2), registrationIsStale: true, isStale: true });
    expect(Object.values(row.sources).every((s) => s === null || s.isStale)).toBe(true);
  });

  it("a stored row is rewritten once its fresh quote turns stale, without any write to the quotes", async () => {
    const handle = getDb();
    const now = new Date();
    // Fresh for one more hour as of `now`.
    const { staleLowest } = await oneFreshQuote(handle, "info", 99_900, new Date(now.getTime() - 90 * DAY + 3_600_000), now);
    expect(await refreshRowsTurnedStale(handle, { staleDays: 90, now })).toBeGreaterThanOrEqual(0);
    invalidatePriceCache(handle);
    expect(await rowOf(handle, "info")).toMatchObject({ registrationPrice: "999.00", registrationIsStale: false, isStale: false });

    const later = new Date(now.getTime() + 2 * 3_600_000);
    expect(await refreshRowsTurnedStale(handle, { staleDays: 90, now: later })).toBe(1);
    invalidatePriceCache(handle);
    const row = await rowOf(handle, "info");
    expect(row).toMatchObject({ registrationPrice: (staleLowest / 100).toFixed(2), registrationIsStale: true, isStale: true });
    // Nothing else crossed since: the next sweep rewrites nothing.
    expect(await refreshRowsTurnedStale(handle, { staleDays: 90, now: new Date(later.getTime() + 1000) })).toBe(0);
  });

  it("the registrar page marks each quote and says when it was checked", async () => {
    const handle = getDb();
    const checked = new Date(Date.now() - DAY);
    const { providerId, freshId } = await oneFreshQuote(handle, "biz", 5_000, checked);
    const { body } = await getJson<{ id: number; isStale: boolean; lastCheckedAt: string; tld: { name: string } }[]>(createTestApp(handle), `/api/service-providers/${providerId}/domain-prices`);
    expect(body.find((p) => p.id === freshId)).toMatchObject({ isStale: false, lastCheckedAt: checked.toISOString() });
    const others = body.filter((p) => p.id !== freshId);
    expect(others.length).toBeGreaterThan(0);
    // Every other quote of this provider kept its seeded check, well over 90 days ago.
    expect(others.every((p) => p.isStale === (Date.now() - Date.parse(p.lastCheckedAt) >= 90 * DAY))).toBe(true);
  });

  it("the common table carries the same marks as the list", async () => {
    const handle = getDb();
    await oneFreshQuote(handle, "com", 99_800, new Date(Date.now() - DAY));
    const common = (await getJson<PriceRow[]>(createTestApp(handle), "/api/domain-prices/common")).body.find((r) => r.name === "com")!;
    expect(common).toEqual(await rowOf(handle, "com"));
    expect(common).toMatchObject({ registrationPrice: "998.00", registrationIsStale: false });
  });
});
