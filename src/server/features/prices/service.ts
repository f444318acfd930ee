/**
 * Price tables: the paged list of priced TLDs, the common-TLD table and one TLD's quotes.
 * Money leaves the server as decimal strings ("10.88"); the headline prices of a row are the
 * lowest USD quotes among active providers (non-USD quotes stay in `prices` with their currency).
 * Both doors (REST and tRPC) answer from the same cached serialised JSON below; list rows are
 * stored as JSON with their summary, so a page is built by joining strings, never re-parsed.
 * Every quote and row says when it was last checked and whether it is stale; stored rows are
 * rewritten as their quotes turn stale (sweepTurnedStale below, decision 016).
 */
import type { Db } from "../../../../db/client.ts";
import { listPriceHistoryForTld, listQuotesForTlds, type ProviderRef } from "../../../../db/repositories/domain-price-repository.ts";
import { listPriceRowsByName, listPriceTable } from "../../../../db/repositories/price-row-repository.ts";
import { priceStaleDays, refreshRowsTurnedStale } from "../../../../db/repositories/price-summary-repository.ts";
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

/** Staleness is counted in days: checking for rows to rewrite once a minute per process is plenty. */
const SWEEP_INTERVAL_MS = 60_000;
const lastSweep = new WeakMap<Db, Promise<unknown>>();
const lastSweepAt = new WeakMap<Db, number>();

/** Before stored rows are served: rewrite those whose quotes turned stale since the last sweep. */
function sweepTurnedStale(db: Db): Promise<unknown> {
  const now = Date.now();
  const previous = lastSweep.get(db);
  if (previous && now - (lastSweepAt.get(db) ?? 0) < SWEEP_INTERVAL_MS) return previous;
  const sweep = refreshRowsTurnedStale(db, new Date(now));
  lastSweep.set(db, sweep.catch(() => undefined));
  lastSweepAt.set(db, now);
  // A failed sweep is retried by the next request instead of waiting a minute.
  sweep.catch(() => lastSweepAt.delete(db));
  return sweep;
}

async function pricePageJson(db: Db, query: PriceListQuery): Promise<string> {
  await sweepTurnedStale(db);
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
  await sweepTurnedStale(db);
  return `[${(await listPriceRowsByName(db, COMMON_TLDS)).join(",")}]`;
}

async function requireTld(db: Db, key: string) {
  const tld = await findTldByKey(db, key);
  if (!tld) throw notFound(`TLD "${key}" not found`);
  return tld;
}

async function tldPricesJson(db: Db, key: string): Promise<string> {
  const tld = await requireTld(db, key);
  const quotes: PriceQuote[] = (await listQuotesForTlds(db, [tld.id], "full"))
    .map(({ tldId: _, ...q }) => serializeQuote(q, new Date(), priceStaleDays()));
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
