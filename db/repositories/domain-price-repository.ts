import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { ProviderSummary, StoredQuote } from "../../src/shared/price-quote.ts";
import { PRICE_SORT_FIELDS, type PriceSortField } from "../../src/shared/schemas/price-list.ts";
import { containsInsensitive, type Db } from "../client.ts";

export const PRICE_SORT_COLUMNS = PRICE_SORT_FIELDS;
export type PriceSortColumn = PriceSortField;
export type { ProviderSummary };

export interface PriceTableQuery {
  page: number;
  limit: number;
  sortBy: PriceSortColumn;
  sortOrder: "asc" | "desc";
  search?: string | undefined;
  category?: string | undefined;
}

/** What a comparison table with register/transfer links needs. */
export interface ProviderRef extends ProviderSummary {
  displayName: string;
  website: string | null;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
}

export type QuoteDto<P extends ProviderSummary = ProviderRef> = StoredQuote<P> & { tldId: number };

function summaryFilter({ t }: Db, q: Pick<PriceTableQuery, "search" | "category">): SQL | undefined {
  const conditions: SQL[] = [];
  const search = q.search?.trim().replace(/^\./, "");
  if (search) conditions.push(or(containsInsensitive(t.tlds.name, search), containsInsensitive(t.tlds.unicodeName, search))!);
  if (q.category) conditions.push(eq(t.tlds.category, q.category));
  return conditions.length ? and(...conditions) : undefined;
}

function rowJsonOf(rows: { rowJson: string | null }[]): string[] {
  return rows.map((r) => {
    // Written with every summary; absent only before rebuildStalePriceRows has run once.
    if (r.rowJson === null) throw new Error("tld_price_summaries.row_json is empty: price rows were not rebuilt");
    return r.rowJson;
  });
}

/**
 * One page of priced TLDs as their stored row JSON, sorted and paged in SQL on the summary
 * table; the total comes from the same statement (a window count) unless the page is empty.
 */
export async function listPriceTable(handle: Db, q: PriceTableQuery): Promise<{ rows: string[]; total: number }> {
  const { db, t } = handle;
  const s = t.tldPriceSummaries;
  const sortColumn = {
    tldName: t.tlds.name, registrationPrice: s.minRegistration, renewalPrice: s.minRenewal,
    transferPrice: s.minTransfer, threeYearPrice: s.minThreeYear,
  }[q.sortBy];
  const direction = q.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const where = summaryFilter(handle, q);
  const rows = await db
    .select({ rowJson: s.rowJson, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(s)
    .innerJoin(t.tlds, eq(t.tlds.id, s.tldId))
    .where(where)
    // Unpriced cells sort last either way; the name breaks ties so pages never overlap.
    .orderBy(sql`${sortColumn} ${direction} nulls last`, asc(t.tlds.name))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  if (rows.length > 0) return { rows: rowJsonOf(rows), total: rows[0]!.total };
  const [totalRow] = await db.select({ total: count() }).from(s).innerJoin(t.tlds, eq(t.tlds.id, s.tldId)).where(where);
  return { rows: [], total: totalRow?.total ?? 0 };
}

/** Stored row JSON of named TLDs (the common-prices table), in the order given. */
export async function listPriceRowsByName(handle: Db, names: readonly string[]): Promise<string[]> {
  const { db, t } = handle;
  const s = t.tldPriceSummaries;
  const rows = await db
    .select({ name: t.tlds.name, rowJson: s.rowJson })
    .from(s)
    .innerJoin(t.tlds, eq(t.tlds.id, s.tldId))
    .where(inArray(t.tlds.name, [...names]));
  return rowJsonOf(names.flatMap((n) => rows.filter((r) => r.name === n)));
}

function quoteColumns({ t }: Db, detail: "summary" | "full") {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const summary = { id: sp.id, name: sp.name, domain: sp.domain, logoUrl: sp.logoUrl };
  return {
    id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
    transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo,
    regularRegistrationPrice: dp.regularRegistrationPrice, snapshotDate: dp.snapshotDate,
    lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
    serviceProvider: detail === "summary" ? summary : {
      ...summary, displayName: sp.displayName, website: sp.website,
      registrationUrlPattern: sp.registrationUrlPattern, transferUrlPattern: sp.transferUrlPattern,
    },
  };
}

/** Active providers' quotes for the given TLDs, cheapest registration first. */
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "summary"): Promise<QuoteDto<ProviderSummary>[]>;
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "full"): Promise<QuoteDto[]>;
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "summary" | "full") {
  if (tldIds.length === 0) return [];
  const { db, t } = handle;
  return db
    .select(quoteColumns(handle, detail))
    .from(t.domainPrices)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, t.domainPrices.serviceProviderId))
    .where(and(inArray(t.domainPrices.tldId, tldIds), eq(t.serviceProviders.isActive, true)))
    .orderBy(sql`${t.domainPrices.registrationPrice} asc nulls last`, asc(t.serviceProviders.name));
}

export interface ProviderQuoteDto {
  id: number;
  tld: { id: number; name: string; unicodeName: string | null; category: string };
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: number | null;
  snapshotDate: string;
  lastCheckedAt: Date;
  changedAt: Date;
}

/** One provider's quotes, by TLD name. */
export async function listQuotesByProvider({ db, t }: Db, providerId: number): Promise<ProviderQuoteDto[]> {
  const dp = t.domainPrices;
  return db
    .select({
      id: dp.id,
      tld: { id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category },
      registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice,
      currency: dp.currency, isPromo: dp.isPromo, regularRegistrationPrice: dp.regularRegistrationPrice,
      snapshotDate: dp.snapshotDate, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
    })
    .from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
    .where(eq(dp.serviceProviderId, providerId))
    .orderBy(asc(t.tlds.name));
}

export interface PriceHistoryDto {
  serviceProviderId: number;
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  validFrom: string;
  validUntil: string;
}

export async function listPriceHistoryForTld({ db, t }: Db, tldId: number): Promise<PriceHistoryDto[]> {
  const h = t.domainPriceHistory;
  return db
    .select({
      serviceProviderId: h.serviceProviderId, registrationPrice: h.registrationPrice, renewalPrice: h.renewalPrice,
      transferPrice: h.transferPrice, currency: h.currency, isPromo: h.isPromo, validFrom: h.validFrom, validUntil: h.validUntil,
    })
    .from(h)
    .where(eq(h.tldId, tldId))
    .orderBy(asc(h.serviceProviderId), desc(h.validFrom));
}

export async function countPrices({ db, t }: Db): Promise<{ prices: number; history: number }> {
  const [[p], [h]] = await Promise.all([
    db.select({ n: count() }).from(t.domainPrices),
    db.select({ n: count() }).from(t.domainPriceHistory),
  ]);
  return { prices: p?.n ?? 0, history: h?.n ?? 0 };
}
