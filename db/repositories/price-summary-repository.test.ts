import { and, eq, lte, sql, type Column, type SQL } from "drizzle-orm";
import { expect, it } from "vitest";
import { createDisplayConverter, withRowDisplay } from "../../src/shared/display-converter.ts";
import { minorToPrice } from "../../src/shared/price-format.ts";
import { HEADLINE_FIGURES, type PriceRow, type PriceSource } from "../../src/shared/price-quote.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../../src/shared/price-freshness.ts";
import type { Db } from "../client.ts";
import { forEachDialect } from "../testing/test-db.ts";
import { getMeta, META_KEYS } from "./app-meta-repository.ts";
import { listQuotesForTlds } from "./domain-price-repository.ts";
import { loadDisplayRates } from "./exchange-rate-repository.ts";
import { listPriceTable } from "./price-row-repository.ts";
import { PRICE_ROW_FORMAT, rebuildStalePriceRows, refreshSummariesForProvider } from "./price-summary-repository.ts";

/**
 * The rows computed independently in SQL: a headline minimum over fresh USD quotes, or over
 * stale ones (and then marked stale) when no fresh quote has that price, and over the quotes
 * whose stored price-check reason names none of the figure's operations before the others
 * (decision 059); and each TLD's quotes, to check the quote each stored minimum names
 * (checkSources).
 */
async function freshRows(handle: Db) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const now = new Date();
  const stale = lte(dp.lastCheckedAt, new Date(now.getTime() - DEFAULT_PRICE_STALE_DAYS * 86_400_000));
  // Each sentence of a stored reason starts with the operation it is about.
  const usual = (ops: string[]) => sql.join(ops.map((op) => sql`(${dp.unusualReason} is null or not (${dp.unusualReason} like ${`${op} %`} or ${dp.unusualReason} like ${`%. ${op} %`}))`), sql` and `);
  const lowest = (value: SQL | Column, ...conditions: SQL[]) => sql`min(case when ${dp.currency} = 'USD' and ${sql.join(conditions, sql` and `)} then ${value} end)`;
  const tiers = (value: SQL | Column, ops: string[]) => [
    lowest(value, sql`not (${stale})`, usual(ops)), lowest(value, usual(ops)), lowest(value, sql`not (${stale})`), lowest(value, sql`1 = 1`),
  ];
  const headline = (value: SQL | Column, ops: string[]) => sql<number | null>`coalesce(${sql.join(tiers(value, ops), sql`, `)})`.mapWith(Number);
  const markedStale = (value: SQL | Column, ops: string[]) => {
    const [usualFresh, usualAny, fresh, any] = tiers(value, ops);
    return sql<number>`case when ${usualFresh} is not null then 0 when ${usualAny} is not null then 1 when ${fresh} is not null then 0 when ${any} is not null then 1 else 0 end`.mapWith(Number);
  };
  const threeYear = sql`${dp.registrationPrice} + 2 * ${dp.renewalPrice}`;
  const aggregates = await db
    .select({
      id: dp.tldId, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category,
      registration: headline(dp.registrationPrice, ["Registration"]), renewal: headline(dp.renewalPrice, ["Renewal"]),
      transfer: headline(dp.transferPrice, ["Transfer"]), threeYear: headline(threeYear, ["Registration", "Renewal"]),
      registrationIsStale: markedStale(dp.registrationPrice, ["Registration"]), renewalIsStale: markedStale(dp.renewalPrice, ["Renewal"]),
      transferIsStale: markedStale(dp.transferPrice, ["Transfer"]), threeYearIsStale: markedStale(threeYear, ["Registration", "Renewal"]),
      freshCount: sql<number>`sum(case when ${stale} then 0 else 1 end)`.mapWith(Number),
      newest: sql`max(${dp.lastCheckedAt})`.mapWith(dp.lastCheckedAt),
      providerCount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(dp)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
    .where(and(eq(t.serviceProviders.isActive, true), eq(dp.hidden, false)))
    .groupBy(dp.tldId, t.tlds.name, t.tlds.unicodeName, t.tlds.category);
  const quotes = await listQuotesForTlds(handle, aggregates.map((a) => a.id));
  // Stored rows carry their prices in USD as `display`; their figures come from USD quotes only.
  const usd = createDisplayConverter("USD", await loadDisplayRates(handle, "USD", quotes.map((q) => q.currency)));
  const rows = new Map(aggregates.map((a) => [a.id, withRowDisplay(usd, {
    id: a.id, name: a.name, unicodeName: a.unicodeName, category: a.category,
    registrationPrice: minorToPrice(a.registration), renewalPrice: minorToPrice(a.renewal),
    transferPrice: minorToPrice(a.transfer), threeYearPrice: minorToPrice(a.threeYear),
    registrationIsStale: a.registrationIsStale === 1, renewalIsStale: a.renewalIsStale === 1,
    transferIsStale: a.transferIsStale === 1, threeYearIsStale: a.threeYearIsStale === 1,
    currency: "USD", providerCount: a.providerCount,
    lastCheckedAt: a.newest.toISOString(), isStale: a.freshCount === 0,
    sources: { registration: null, renewal: null, transfer: null, threeYear: null }, prices: [], promo: null,
  })]));
  return { rows, quotes };
}

type Quotes = Awaited<ReturnType<typeof freshRows>>["quotes"];
const FIGURE_VALUE = {
  registration: (q: Quotes[number]) => q.registrationPrice,
  renewal: (q: Quotes[number]) => q.renewalPrice,
  transfer: (q: Quotes[number]) => q.transferPrice,
  threeYear: (q: Quotes[number]) => (q.registrationPrice === null || q.renewalPrice === null ? null : q.registrationPrice + 2 * q.renewalPrice),
};
const FIGURE_PRICE = { registration: "registrationPrice", renewal: "renewalPrice", transfer: "transferPrice", threeYear: "threeYearPrice" } as const;

/** Each stored minimum names a USD quote of its TLD with that price, checked when it says, as stale as the figure. */
function checkSources(row: PriceRow, quotes: Quotes) {
  for (const figure of HEADLINE_FIGURES) {
    const source: PriceSource | null = row.sources[figure];
    const price = row[FIGURE_PRICE[figure]];
    if (price === null) {
      expect(source, `${row.name} ${figure}`).toBeNull();
      continue;
    }
    const quote = quotes.find((q) => q.tldId === row.id && q.serviceProvider.id === source?.serviceProvider.id && q.currency === "USD");
    expect(quote, `${row.name} ${figure}`).toBeDefined();
    expect(minorToPrice(FIGURE_VALUE[figure](quote!))).toBe(price);
    expect(source!.lastCheckedAt).toBe(quote!.lastCheckedAt.toISOString());
    expect(source!.isStale).toBe(row[`${figure}IsStale`]);
    expect(source!.serviceProvider.name).toBe(quote!.serviceProvider.name);
    if (figure === "threeYear") continue;
    // The specification's prices[]: one entry per priced type, the whole quote the minimum comes from.
    const entry = row.prices.find((p) => p.type === figure);
    expect(entry, `${row.name} prices[] ${figure}`).toMatchObject({
      id: quote!.id, currency: "USD", [FIGURE_PRICE[figure]]: price, isStale: source!.isStale, lastCheckedAt: source!.lastCheckedAt,
      registrationPrice: minorToPrice(quote!.registrationPrice), renewalPrice: minorToPrice(quote!.renewalPrice), transferPrice: minorToPrice(quote!.transferPrice),
      serviceProvider: { id: quote!.serviceProvider.id, name: quote!.serviceProvider.name, domain: quote!.serviceProvider.domain, logoUrl: quote!.serviceProvider.logoUrl },
    });
  }
  expect(row.prices.map((p) => p.type), row.name).toEqual((["registration", "renewal", "transfer"] as const).filter((f) => row[FIGURE_PRICE[f]] !== null));
}

/** The stored row less what checkSources checks apart (its sources and prices[], and its promotion, checked in price-row-summary.test.ts). */
const headlines = (row: unknown) => ({ ...(row as PriceRow), sources: null, prices: null, promo: null, display: (row as PriceRow).display });

async function storedRows({ orm: db, t }: Db) {
  const rows = await db.select({ id: t.tldPriceRows.tldId, json: t.tldPriceRows.rowJson }).from(t.tldPriceRows);
  return new Map(rows.map((r) => [r.id, JSON.parse(r.json) as unknown]));
}

forEachDialect("stored price rows", (getDb) => {
  it("equal a fresh computation from the quotes, for every priced TLD", async () => {
    const [{ rows: fresh, quotes }, stored] = await Promise.all([freshRows(getDb()), storedRows(getDb())]);
    expect(stored.size).toBe(fresh.size);
    expect(stored.size).toBeGreaterThan(700);
    for (const [id, row] of fresh) {
      expect(headlines(stored.get(id)), `tld ${row.name}`).toEqual(headlines(row));
      checkSources(stored.get(id) as PriceRow, quotes);
    }
  });

  it("follow a provider switched off, once its TLDs are refreshed", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const [hover] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "hover"));
    await db.update(t.serviceProviders).set({ isActive: false }).where(eq(t.serviceProviders.id, hover!.id));
    await handle.transaction((tx) => refreshSummariesForProvider(tx, t, hover!.id, { staleDays: DEFAULT_PRICE_STALE_DAYS }));
    const stored = await storedRows(handle);
    const quotedBy = (row: unknown) => Object.values((row as PriceRow).sources).some((s) => s?.serviceProvider.id === hover!.id);
    expect([...stored.values()].some(quotedBy)).toBe(false);
    const fresh = await freshRows(handle);
    expect(new Map([...stored].map(([id, row]) => [id, headlines(row)]))).toEqual(new Map([...fresh.rows].map(([id, row]) => [id, headlines(row)])));
    await db.update(t.serviceProviders).set({ isActive: true }).where(eq(t.serviceProviders.id, hover!.id));
    await handle.transaction((tx) => refreshSummariesForProvider(tx, t, hover!.id, { staleDays: DEFAULT_PRICE_STALE_DAYS }));
    expect([...(await storedRows(handle)).values()].some(quotedBy)).toBe(true);
  });

  it("are rebuilt at start when any is missing, and only then", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    expect((await getMeta(handle, [META_KEYS.priceRowFormat]))[META_KEYS.priceRowFormat]).toBe(`${PRICE_ROW_FORMAT};stale-days=90`);
    expect(await rebuildStalePriceRows(handle, DEFAULT_PRICE_STALE_DAYS)).toBe(false);
    const before = await storedRows(handle);
    await db.delete(t.tldPriceRows);
    expect(await rebuildStalePriceRows(handle, DEFAULT_PRICE_STALE_DAYS)).toBe(true);
    expect(await storedRows(handle)).toEqual(before);
  });
});

forEachDialect("price list pages", (getDb) => {
  it("count a search's matches even past its last page, and match % and _ literally", async () => {
    const query = { offset: 0, limit: 5, sortBy: "registrationPrice", sortOrder: "asc", search: "co", category: "generic" } as const;
    const first = await listPriceTable(getDb(), query);
    expect(first.rows).toHaveLength(5);
    const beyond = await listPriceTable(getDb(), { ...query, offset: 5000 });
    expect(beyond).toMatchObject({ rows: [], total: first.total });
    expect((await listPriceTable(getDb(), { ...query, search: "%" })).total).toBe(0);
    expect((await listPriceTable(getDb(), { ...query, search: "_" })).total).toBe(0);
  });

  it("match a search in the name or the Unicode name, whatever its case", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const query = { offset: 0, limit: 100, sortBy: "tldName", sortOrder: "asc" } as const;
    const names = async (search: string) => (await listPriceTable(handle, { ...query, search })).rows.map((r) => (JSON.parse(r) as { name: string }).name);
    expect(await names("CoM")).toEqual(await names("com"));
    expect(await names("com")).toContain("com");
    const [idn] = await db.select({ name: t.tlds.name, unicodeName: t.tlds.unicodeName }).from(t.tlds)
      .innerJoin(t.tldPriceSummaries, eq(t.tldPriceSummaries.tldId, t.tlds.id)).where(eq(t.tlds.name, "xn--p1ai"));
    expect(idn?.unicodeName).toBe("рф");
    expect(await names("рф")).toContain("xn--p1ai");
    expect(await names("РФ")).toContain("xn--p1ai");
  });

  it("narrow to one TLD by its exact name, and skip rows by offset", async () => {
    const byName = { offset: 0, limit: 10, sortBy: "tldName", sortOrder: "asc" } as const;
    const com = await listPriceTable(getDb(), { ...byName, tld: "com" });
    expect(com.total).toBe(1);
    expect((JSON.parse(com.rows[0]!) as { name: string }).name).toBe("com");
    expect((await listPriceTable(getDb(), { ...byName, tld: "co" })).rows.map((r) => (JSON.parse(r) as { name: string }).name)).toEqual(["co"]);
    const first = await listPriceTable(getDb(), byName);
    const skipped = await listPriceTable(getDb(), { ...byName, offset: 3 });
    expect(skipped.rows.slice(0, 7)).toEqual(first.rows.slice(3));
  });

  it("page by name through the whole list without overlap", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const all = await db.select({ id: t.tldPriceSummaries.tldId }).from(t.tldPriceSummaries);
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const { rows, total } = await listPriceTable(handle, { offset: (page - 1) * 100, limit: 100, sortBy: "tldName", sortOrder: "asc" });
      expect(total).toBe(all.length);
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => (JSON.parse(r) as { id: number }).id));
    }
    expect(new Set(seen).size).toBe(all.length);
  });
});
