/**
 * Price tables: the paged list of priced TLDs, the common-TLD table and one TLD's quotes.
 * Money leaves the server as decimal strings ("10.88"); the headline prices of a row are the
 * lowest USD quotes among active providers (non-USD quotes stay in `prices` with their currency).
 * Both doors (REST and tRPC) answer from the same cached serialised JSON below; list rows are
 * stored as JSON with their summary, so a page is built by joining strings, never re-parsed.
 */
import type { Db } from "../../../../db/client.ts";
import { listPriceHistoryForTld, listQuotesForTlds, type ProviderRef } from "../../../../db/repositories/domain-price-repository.ts";
import { listPriceRowsByName, listPriceTable } from "../../../../db/repositories/price-row-repository.ts";
import { findTldByKey } from "../../../../db/repositories/tld-repository.ts";
import { COMMON_TLDS } from "../../../shared/constants.ts";
import { minorToPrice as money } from "../../../shared/price-format.ts";
import { serializeQuote, type PriceQuote as Quote } from "../../../shared/price-quote.ts";
import type { PriceListQuery } from "../../../shared/schemas/price-list.ts";
import { notFound } from "../../lib/errors.ts";
import { cachedPriceAnswer } from "../../lib/price-cache.ts";
import type { CachedJson } from "../../lib/json-cache.ts";

export type { PricePage, PriceRow } from "../../../shared/price-quote.ts";
export type PriceQuote = Quote<ProviderRef>;

async function pricePageJson(db: Db, query: PriceListQuery): Promise<string> {
  const offset = query.offset ?? (query.page - 1) * query.limit;
  const page = Math.floor(offset / query.limit) + 1;
  const { rows, total } = await listPriceTable(db, {
    offset,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search,
    category: query.category === "all" ? undefined : query.category,
    tld: query.tld,
  });
  const totalPages = Math.ceil(total / query.limit);
  return `{"data":[${rows.join(",")}],"total":${total},"page":${page},"limit":${query.limit},"offset":${offset},"totalPages":${totalPages}}`;
}

async function commonPricesJson(db: Db): Promise<string> {
  return `[${(await listPriceRowsByName(db, COMMON_TLDS)).join(",")}]`;
}

async function requireTld(db: Db, key: string) {
  const tld = await findTldByKey(db, key);
  if (!tld) throw notFound(`TLD "${key}" not found`);
  return tld;
}

async function tldPricesJson(db: Db, key: string): Promise<string> {
  const tld = await requireTld(db, key);
  const quotes: PriceQuote[] = (await listQuotesForTlds(db, [tld.id], "full")).map(({ tldId: _, ...q }) => serializeQuote(q));
  return JSON.stringify(quotes);
}

/** One page of the price list (a PricePage), serialised. */
export const pricePage = (db: Db, query: PriceListQuery): Promise<CachedJson> =>
  cachedPriceAnswer(db, `list:${query.offset ?? `p${query.page}`}:${query.limit}:${query.sortBy}:${query.sortOrder}:${query.search ?? ""}:${query.category ?? ""}:${query.tld ?? ""}`, () => pricePageJson(db, query));

/** The common TLDs' rows (PriceRow[]), serialised. */
export const commonPrices = (db: Db): Promise<CachedJson> => cachedPriceAnswer(db, "common", () => commonPricesJson(db));

/** One TLD's quotes with full provider details (PriceQuote[]), serialised; 404 for an unknown TLD. */
export const tldPrices = (db: Db, key: string): Promise<CachedJson> => cachedPriceAnswer(db, `tld:${key}`, () => tldPricesJson(db, key));

export async function getTldPriceHistory(db: Db, key: string) {
  const tld = await requireTld(db, key);
  return (await listPriceHistoryForTld(db, tld.id)).map((h) => ({
    ...h,
    registrationPrice: money(h.registrationPrice),
    renewalPrice: money(h.renewalPrice),
    transferPrice: money(h.transferPrice),
  }));
}
