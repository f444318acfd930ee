import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { containsInsensitive, type Db } from "../client.ts";

export const PRICE_SORT_COLUMNS = ["tldName", "registrationPrice", "renewalPrice", "transferPrice", "threeYearPrice"] as const;
export type PriceSortColumn = (typeof PRICE_SORT_COLUMNS)[number];

export interface PriceTableQuery {
  page: number;
  limit: number;
  sortBy: PriceSortColumn;
  sortOrder: "asc" | "desc";
  search?: string | undefined;
  category?: string | undefined;
}

export interface PriceTableRow {
  id: number;
  name: string;
  unicodeName: string | null;
  category: string;
  minRegistration: number | null;
  minRenewal: number | null;
  minTransfer: number | null;
  minThreeYear: number | null;
  providerCount: number;
}

/** What a price table row needs of its provider. */
export interface ProviderSummary {
  id: number;
  name: string;
  domain: string;
  logoUrl: string | null;
}

/** What a comparison table with register/transfer links needs. */
export interface ProviderRef extends ProviderSummary {
  displayName: string;
  website: string | null;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
}

export interface QuoteDto<P extends ProviderSummary = ProviderRef> {
  id: number;
  tldId: number;
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: number | null;
  snapshotDate: string;
  serviceProvider: P;
}

function summaryFilter({ t }: Db, q: Pick<PriceTableQuery, "search" | "category">): SQL | undefined {
  const conditions: SQL[] = [];
  const search = q.search?.trim().replace(/^\./, "");
  if (search) conditions.push(or(containsInsensitive(t.tlds.name, search), containsInsensitive(t.tlds.unicodeName, search))!);
  if (q.category) conditions.push(eq(t.tlds.category, q.category));
  return conditions.length ? and(...conditions) : undefined;
}

function summaryColumns({ t }: Db) {
  const s = t.tldPriceSummaries;
  return {
    id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category,
    minRegistration: s.minRegistration, minRenewal: s.minRenewal, minTransfer: s.minTransfer,
    minThreeYear: s.minThreeYear, providerCount: s.providerCount,
  };
}

/** One page of priced TLDs, sorted and paged in SQL on the summary table. */
export async function listPriceTable(handle: Db, q: PriceTableQuery): Promise<{ rows: PriceTableRow[]; total: number }> {
  const { db, t } = handle;
  const s = t.tldPriceSummaries;
  const sortColumn = {
    tldName: t.tlds.name, registrationPrice: s.minRegistration, renewalPrice: s.minRenewal,
    transferPrice: s.minTransfer, threeYearPrice: s.minThreeYear,
  }[q.sortBy];
  const direction = q.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const where = summaryFilter(handle, q);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns(handle))
      .from(s)
      .innerJoin(t.tlds, eq(t.tlds.id, s.tldId))
      .where(where)
      // Unpriced cells sort last either way; the name breaks ties so pages never overlap.
      .orderBy(sql`${sortColumn} ${direction} nulls last`, asc(t.tlds.name))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(s).innerJoin(t.tlds, eq(t.tlds.id, s.tldId)).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Summary rows for named TLDs (the common-prices table), in the order given. */
export async function listPriceSummariesByName(handle: Db, names: readonly string[]): Promise<PriceTableRow[]> {
  const { db, t } = handle;
  const s = t.tldPriceSummaries;
  const rows = await db
    .select(summaryColumns(handle))
    .from(s)
    .innerJoin(t.tlds, eq(t.tlds.id, s.tldId))
    .where(inArray(t.tlds.name, [...names]));
  return names.flatMap((n) => rows.filter((r) => r.name === n));
}

function quoteColumns({ t }: Db, detail: "summary" | "full") {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const summary = { id: sp.id, name: sp.name, domain: sp.domain, logoUrl: sp.logoUrl };
  return {
    id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
    transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo,
    regularRegistrationPrice: dp.regularRegistrationPrice, snapshotDate: dp.snapshotDate,
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
      snapshotDate: dp.snapshotDate,
    })
    .from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
    .where(eq(dp.serviceProviderId, providerId))
    .orderBy(asc(t.tlds.name));
}

export interface PriceHistoryDto {
  serviceProviderId: number;
  providerName: string;
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  validFrom: string;
  validUntil: string;
  /** "changed": a newer quote replaced it; "retired": the source stopped listing it. */
  endReason: string;
}

export async function listPriceHistoryForTld({ db, t }: Db, tldId: number): Promise<PriceHistoryDto[]> {
  const h = t.domainPriceHistory;
  return db
    .select({
      serviceProviderId: h.serviceProviderId, providerName: t.serviceProviders.name, registrationPrice: h.registrationPrice, renewalPrice: h.renewalPrice,
      transferPrice: h.transferPrice, currency: h.currency, isPromo: h.isPromo, validFrom: h.validFrom, validUntil: h.validUntil,
      endReason: h.endReason,
    })
    .from(h)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, h.serviceProviderId))
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
