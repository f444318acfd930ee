/**
 * Price tables: the paged list of priced TLDs, the common-TLD table and one TLD's quotes.
 * Money leaves the server as decimal strings ("10.88"); the headline prices of a row are the
 * lowest USD quotes among active providers (non-USD quotes stay in `prices` with their currency).
 */
import type { Db } from "../../../../db/client.ts";
import {
  listPriceHistoryForTld, listPriceSummariesByName, listPriceTable, listQuotesForTlds,
  type PriceTableRow, type ProviderSummary, type QuoteDto,
} from "../../../../db/repositories/domain-price-repository.ts";
import { findTldByKey } from "../../../../db/repositories/tld-repository.ts";
import { COMMON_TLDS } from "../../../shared/constants.ts";
import { minorToPrice as money } from "../../../shared/price-format.ts";
import type { PriceListQuery } from "../../../shared/schemas/price-list.ts";
import { notFound } from "../../lib/errors.ts";
import { JsonCache } from "../../lib/json-cache.ts";

export function serializeQuote<P extends ProviderSummary>(q: QuoteDto<P>) {
  return {
    id: q.id,
    registrationPrice: money(q.registrationPrice),
    renewalPrice: money(q.renewalPrice),
    transferPrice: money(q.transferPrice),
    currency: q.currency,
    isPromo: q.isPromo,
    regularRegistrationPrice: money(q.regularRegistrationPrice),
    snapshotDate: q.snapshotDate,
    serviceProvider: q.serviceProvider,
  };
}
export type PriceQuote = ReturnType<typeof serializeQuote<QuoteDto["serviceProvider"]>>;

function toRow(row: PriceTableRow, quotes: QuoteDto<ProviderSummary>[]) {
  return {
    id: row.id,
    name: row.name,
    unicodeName: row.unicodeName,
    category: row.category,
    registrationPrice: money(row.minRegistration),
    renewalPrice: money(row.minRenewal),
    transferPrice: money(row.minTransfer),
    threeYearPrice: money(row.minThreeYear),
    currency: "USD",
    providerCount: row.providerCount,
    prices: quotes.filter((q) => q.tldId === row.id).map(serializeQuote),
  };
}
export type PriceRow = ReturnType<typeof toRow>;

export interface PricePage {
  data: PriceRow[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export async function getPricePage(db: Db, query: PriceListQuery): Promise<PricePage> {
  const { rows, total } = await listPriceTable(db, {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search,
    category: query.category === "all" ? undefined : query.category,
  });
  const quotes = await listQuotesForTlds(db, rows.map((r) => r.id), "summary");
  return {
    data: rows.map((r) => toRow(r, quotes)),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

export async function getCommonPrices(db: Db): Promise<PriceRow[]> {
  const rows = await listPriceSummariesByName(db, COMMON_TLDS);
  const quotes = await listQuotesForTlds(db, rows.map((r) => r.id), "summary");
  return rows.map((r) => toRow(r, quotes));
}

async function requireTld(db: Db, key: string) {
  const tld = await findTldByKey(db, key);
  if (!tld) throw notFound(`TLD "${key}" not found`);
  return tld;
}

export async function getTldPrices(db: Db, key: string): Promise<PriceQuote[]> {
  const tld = await requireTld(db, key);
  return (await listQuotesForTlds(db, [tld.id], "full")).map(serializeQuote);
}

export async function getTldPriceHistory(db: Db, key: string) {
  const tld = await requireTld(db, key);
  return (await listPriceHistoryForTld(db, tld.id)).map((h) => ({
    ...h,
    registrationPrice: money(h.registrationPrice),
    renewalPrice: money(h.renewalPrice),
    transferPrice: money(h.transferPrice),
  }));
}

/**
 * The public price tables change only when prices are imported, so their serialised answers
 * are cached per query (see JsonCache for the staleness bound); writers call clearPriceCache.
 */
const priceCache = new JsonCache();

export const cachedPricePage = (db: Db, query: PriceListQuery) =>
  priceCache.get(db, `list:${query.page}:${query.limit}:${query.sortBy}:${query.sortOrder}:${query.search ?? ""}:${query.category ?? ""}`, () => getPricePage(db, query));
export const cachedCommonPrices = (db: Db) => priceCache.get(db, "common", () => getCommonPrices(db));
export const cachedTldPrices = (db: Db, key: string) => priceCache.get(db, `tld:${key}`, () => getTldPrices(db, key));
export const clearPriceCache = (db: Db) => priceCache.clear(db);
export const configurePriceCache = (seconds: number) => priceCache.configure(seconds * 1000);
