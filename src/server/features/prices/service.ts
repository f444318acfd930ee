/**
 * Price tables: the paged list of priced TLDs, the common-TLD table and one TLD's quotes.
 * Money leaves the server as decimal strings ("10.88"); the headline prices of a row are the
 * lowest USD quotes among active providers, each naming the quote it comes from (`sources`); one
 * TLD's quotes, in any currency, are its own answer (tldPrices).
 * Both doors (REST and tRPC) answer from the same cached serialised JSON below; list rows are
 * stored as JSON with their summary, so a page is put together from their UTF-8 bytes, never re-parsed.
 * One TLD's quotes are kept as objects too (tldQuoteList), which a TLD page's first page of
 * quotes and its registration figures are read from.
 * Every quote and row says when it was last checked and whether it is stale; stored rows are
 * rewritten as their quotes turn stale (sweepTurnedStale below, decision 016).
 * Stored list rows carry `display` in USD, the default display currency (decision 019), so
 * the default answer, with or without currency=USD, is the stored text. With another display
 * currency the same cached answer is parsed once, each quote and row gets its `display` in it,
 * and the result is cached under a key that names the currency.
 */
import type { Db } from "../../../../db/client.ts";
import { listPriceHistoryForTld, listQuotesForTld, type ProviderRef } from "../../../../db/repositories/domain-price-repository.ts";
import { listPriceRowsByName, listPriceTable } from "../../../../db/repositories/price-row-repository.ts";
import { refreshRowsTurnedStale } from "../../../../db/repositories/price-summary-repository.ts";
import { listCurrencyLatestDates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY, type CurrencyOption } from "../../../shared/currency.ts";
import { COMMON_TLDS } from "../../../shared/constants.ts";
import { MISSING_PRICE, minorToPrice, priceOrMissing } from "../../../shared/price-format.ts";
import { serializeQuote, type PriceDisplay, type PriceQuote as Quote, type PricePage, type PriceRow } from "../../../shared/price-quote.ts";
import type { PriceListQuery, TldQuoteSortField, TldQuotesPageQuery } from "../../../shared/schemas/price-list.ts";
import { loadDisplayConverter } from "../../domain/display-currency.ts";
import { cachedPriceAnswer, cachedPriceValue } from "../../domain/price-cache.ts";
import { tldIdByKey, tldNotFound } from "../../domain/tld-catalogue.ts";
import { jsonAnswerFromParts, sha1, type JsonAnswer } from "../../lib/json-cache.ts";
import { rowsInCurrency, withQuoteDisplay } from "./in-currency.ts";

export type { PricePage, PriceRow } from "../../../shared/price-quote.ts";
export type PriceQuote = Quote<ProviderRef>;

/** Staleness is counted in days: checking for rows to rewrite once a minute per process is plenty. */
const SWEEP_INTERVAL_MS = 60_000;
const lastSweep = new WeakMap<Db, Promise<unknown>>();
const lastSweepAt = new WeakMap<Db, number>();

/** Before stored rows are served: rewrite those whose quotes turned stale since the last sweep. */
function sweepTurnedStale(db: Db, staleDays: number): Promise<unknown> {
  const now = Date.now();
  const previous = lastSweep.get(db);
  if (previous && now - (lastSweepAt.get(db) ?? 0) < SWEEP_INTERVAL_MS) return previous;
  const sweep = refreshRowsTurnedStale(db, { staleDays, now: new Date(now) });
  lastSweep.set(db, sweep.catch(() => undefined));
  lastSweepAt.set(db, now);
  // A failed sweep is retried by the next request instead of waiting a minute.
  sweep.catch(() => lastSweepAt.delete(db));
  return sweep;
}

const PAGE_HEAD = Buffer.from('{"data":[');
const COMMA = Buffer.from(",");

/** A list page, put together from the rows' stored UTF-8 (no page-sized string is built). */
async function pricePageAnswer(db: Db, query: PriceListQuery, staleDays: number): Promise<JsonAnswer> {
  await sweepTurnedStale(db, staleDays);
  const offset = query.offset ?? (query.page - 1) * query.limit;
  const page = Math.floor(offset / query.limit) + 1;
  const { rowBytes, total, rowDigests } = await listPriceTable(db, {
    offset,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search,
    category: query.category === "all" ? undefined : query.category,
    tld: query.tld,
  });
  const totalPages = Math.ceil(total / query.limit);
  const parts: Buffer[] = [PAGE_HEAD];
  for (let i = 0; i < rowBytes.length; i++) {
    if (i) parts.push(COMMA);
    parts.push(rowBytes[i]!);
  }
  parts.push(Buffer.from(`],"total":${total},"page":${page},"limit":${query.limit},"offset":${offset},"totalPages":${totalPages}}`));
  // The answer is made of the rows and these numbers alone, so their digest names it (no hash of the page).
  return jsonAnswerFromParts(parts, `p.${sha1(rowDigests, `|${total}|${page}|${query.limit}|${offset}`)}`);
}

async function commonPricesJson(db: Db, staleDays: number): Promise<string> {
  await sweepTurnedStale(db, staleDays);
  return `[${(await listPriceRowsByName(db, COMMON_TLDS)).join(",")}]`;
}

/** The id of the TLD `key` names; 404 for an unknown one. */
async function requireTldId(db: Db, key: string): Promise<number> {
  const tldId = await tldIdByKey(db, key);
  if (tldId === null) throw tldNotFound(key);
  return tldId;
}

/** One TLD's quotes as served, with full provider details, in the stored order; 404 for an unknown TLD. */
async function loadTldQuotes(db: Db, key: string, staleDays: number): Promise<PriceQuote[]> {
  const tldId = await requireTldId(db, key);
  const now = new Date();
  return (await listQuotesForTld(db, tldId)).map(({ tldId: _, ...q }) => serializeQuote(q, now, staleDays));
}

/**
 * One TLD's quotes (with `display` in `currency` when given), kept as objects with the price
 * answers: a TLD page's first page of quotes and its figures are read from them without
 * serialising or parsing, and tldPrices serialises them once. Shared: never changed in place.
 * 404 for an unknown TLD.
 */
export function tldQuoteList(db: Db, key: string, staleDays: number, currency?: string): Promise<readonly PriceQuote[]> {
  const base = () => cachedPriceValue(db, `tld-quotes:${key}`, () => loadTldQuotes(db, key, staleDays));
  if (!currency) return base();
  return cachedPriceValue(db, `tld-quotes:${key}@${currency}`, async () => {
    const quotes = await base();
    const converter = await loadDisplayConverter(db, currency, quotes.map((q) => q.currency));
    return quotes.map((q) => withQuoteDisplay(converter, q));
  });
}

/** A cached answer in a display currency, derived from the cached answer without one. */
function inCurrency(db: Db, key: string, currency: string, base: () => Promise<JsonAnswer>, convert: (json: string) => Promise<unknown>) {
  return cachedPriceAnswer(db, `${key}@${currency}`, async () => JSON.stringify(await convert((await base()).json)));
}

/** The list query without the display currency, which only the conversion step reads. */
const listKey = (query: PriceListQuery) =>
  `list:${query.offset ?? `p${query.page}`}:${query.limit}:${query.sortBy}:${query.sortOrder}:${query.search ?? ""}:${query.category ?? ""}:${query.tld ?? ""}`;

/** Stored rows already carry their USD display: that answer is the stored text as is. */
const isStoredDisplay = (currency: string | undefined) => currency === undefined || currency === DEFAULT_DISPLAY_CURRENCY;

/**
 * One page of the price list (a PricePage), serialised; every row and its promotion have
 * `display` (USD unless `query.currency` says otherwise). `staleDays`: PRICE_STALE_DAYS.
 */
export function pricePage(db: Db, query: PriceListQuery, staleDays: number): Promise<JsonAnswer> {
  const key = listKey(query);
  const base = () => cachedPriceAnswer(db, key, () => pricePageAnswer(db, query, staleDays));
  if (isStoredDisplay(query.currency)) return base();
  const currency = query.currency;
  return inCurrency(db, key, currency, base, async (json) => {
    const page = JSON.parse(json) as PricePage;
    return { ...page, data: await rowsInCurrency(db, page.data, currency) };
  });
}

/** The common TLDs' rows (PriceRow[]), serialised, with `display` in USD or the currency given. */
export function commonPrices(db: Db, staleDays: number, currency?: string): Promise<JsonAnswer> {
  const base = () => cachedPriceAnswer(db, "common", () => commonPricesJson(db, staleDays));
  if (isStoredDisplay(currency)) return base();
  return inCurrency(db, "common", currency, base, (json) => rowsInCurrency(db, JSON.parse(json) as PriceRow[], currency));
}

/** One TLD's quotes with full provider details (PriceQuote[]), serialised; 404 for an unknown TLD. */
export function tldPrices(db: Db, key: string, staleDays: number, currency?: string): Promise<JsonAnswer> {
  return cachedPriceAnswer(db, currency ? `tld:${key}@${currency}` : `tld:${key}`, async () => JSON.stringify(await tldQuoteList(db, key, staleDays, currency)));
}

export interface TldQuotesPage {
  /** How many providers quote the TLD: every page counts all of them. */
  total: number;
  offset: number;
  limit: number;
  rows: PriceQuote[];
}

/** What a quote's `field` costs in the currency it is shown in; no price is MISSING_PRICE. */
const shownPrice = (q: PriceQuote, field: TldQuoteSortField) => priceOrMissing((q.display ?? q)[field]);

/** Each cached quote list ordered by each figure, made once per list and figure (the list itself is shared and left as it is). */
const byShownPrice = new WeakMap<readonly PriceQuote[], Map<TldQuoteSortField, readonly PriceQuote[]>>();

function sortedByShownPrice(quotes: readonly PriceQuote[], field: TldQuoteSortField): readonly PriceQuote[] {
  let orders = byShownPrice.get(quotes);
  if (!orders) byShownPrice.set(quotes, (orders = new Map<TldQuoteSortField, readonly PriceQuote[]>()));
  let sorted = orders.get(field);
  if (!sorted) orders.set(field, (sorted = [...quotes].sort((a, b) => shownPrice(a, field) - shownPrice(b, field))));
  return sorted;
}

/**
 * One page of a TLD's quotes ordered by one figure (registration unless `sortBy` says renewal or
 * transfer), cheapest first or, with sortOrder desc, dearest first; in the display currency where
 * a quote has one; a quote without that price last either way. From the same cached quotes as
 * tldPrices: a TLD page's HTML carries the first page instead of every provider's quote. Ties keep
 * the stored order (price, then provider name).
 */
export async function tldPricesPage(db: Db, query: TldQuotesPageQuery, staleDays: number): Promise<TldQuotesPage> {
  const ascending = sortedByShownPrice(await tldQuoteList(db, query.tldId, staleDays, query.currency), query.sortBy);
  let sorted = ascending;
  if (query.sortOrder === "desc") {
    const priced = ascending.filter((q) => shownPrice(q, query.sortBy) !== MISSING_PRICE);
    sorted = [...priced.reverse(), ...ascending.slice(priced.length)];
  }
  return { total: sorted.length, offset: query.offset, limit: query.limit, rows: sorted.slice(query.offset, query.offset + query.limit) };
}

/** The currencies prices can be shown in: every one with a stored ECB rate, with its newest day. */
export const listCurrencies = (db: Db): Promise<JsonAnswer> =>
  cachedPriceAnswer(db, "currencies", async () => {
    const options: CurrencyOption[] = (await listCurrencyLatestDates(db)).map((r) => ({ code: r.currency, latestRateDate: r.latestDate }));
    return JSON.stringify(options);
  });

/**
 * A TLD's superseded prices. With a display currency each entry also has `display`, its prices
 * in that currency at the same rates as every other price shown (decision 019; null when no
 * stored rate converts its currency).
 */
export async function getTldPriceHistory(db: Db, key: string, currency?: string) {
  const entries = (await listPriceHistoryForTld(db, await requireTldId(db, key))).map((h) => ({
    ...h,
    registrationPrice: minorToPrice(h.registrationPrice),
    renewalPrice: minorToPrice(h.renewalPrice),
    transferPrice: minorToPrice(h.transferPrice),
  }));
  if (!currency) return entries as (typeof entries[number] & { display?: PriceDisplay | null })[];
  const converter = await loadDisplayConverter(db, currency, entries.map((e) => e.currency));
  return entries.map((e) => withQuoteDisplay(converter, e) as typeof e & { display: PriceDisplay | null });
}
