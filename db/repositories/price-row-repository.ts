/**
 * The price list read path: pages of stored row JSON (tld_price_rows), sorted, filtered and
 * paged over the read model of every priced TLD's summary (price-read-model.ts, decision 021).
 * Every search term a visitor types is a new query; each costs one small version check against
 * the database and a scan of a few thousand in-memory entries, on SQLite and PostgreSQL alike.
 */
import type { PriceSortField } from "../../src/shared/schemas/price-list.ts";
import type { Db } from "../client.ts";
import { priceReadModel, rowBytesOf, rowDigestOf, sortedEntries, type PriceEntry } from "./price-read-model.ts";
import { searchTextOf } from "../../src/shared/price-row-summary.ts";

export interface PriceTableQuery {
  /** Rows skipped before the page. */
  offset: number;
  limit: number;
  sortBy: PriceSortField;
  sortOrder: "asc" | "desc";
  search?: string | undefined;
  category?: string | undefined;
  /** Exact TLD name (no dot). */
  tld?: string | undefined;
}

function rowJsonOf(entries: readonly PriceEntry[]): string[] {
  return entries.map((e) => {
    // Written with every summary; absent only before rebuildStalePriceRows has run once.
    if (e.rowJson === null) throw new Error("tld_price_rows has no row for a summary: price rows were not rebuilt");
    return e.rowJson;
  });
}

export interface PriceTablePage {
  /** The page's rows as stored JSON. */
  rows: string[];
  /** The same rows as UTF-8 (encoded once per read model, not per page). */
  rowBytes: Buffer[];
  /** How many TLDs match. */
  total: number;
  /** The rows' hashes in page order: the same rows give the same text (an ETag ingredient). */
  rowDigests: string;
}

/** How well a name matches what was searched: 0 the name itself, 1 a name starting with it, 2 containing it. */
function relevance(entry: PriceEntry, term: string): 0 | 1 | 2 {
  const names = entry.searchText.split("\n");
  if (names.includes(term)) return 0;
  return names.some((n) => n.startsWith(term)) ? 1 : 2;
}

/**
 * One page of priced TLDs as stored row JSON, and how many TLDs match. A search lists the name
 * searched for first, then the names starting with the text, then the rest, each in the order asked.
 */
export async function listPriceTable(handle: Db, q: PriceTableQuery): Promise<PriceTablePage> {
  const model = await priceReadModel(handle);
  const search = q.search?.trim().replace(/^\./, "");
  // The same lower-cased text the summaries store: a plain substring test, % and _ included.
  const term = search ? searchTextOf(search, null) : undefined;
  const { category, tld } = q;
  const sorted = sortedEntries(model, q.sortBy, q.sortOrder, category || undefined);
  const filtered = !term && !tld ? sorted : sorted.filter((e) => (!term || e.searchText.includes(term)) && (!tld || e.name === tld));
  // A stable sort: within each group the entries keep the order asked for.
  const matches = term ? [...filtered].sort((a, b) => relevance(a, term) - relevance(b, term)) : filtered;
  const page = matches.slice(q.offset, q.offset + q.limit);
  return { rows: rowJsonOf(page), rowBytes: page.map(rowBytesOf), total: matches.length, rowDigests: page.map(rowDigestOf).join(",") };
}

/** Stored row JSON of named TLDs (the common-prices table), in the order given; names without a row are skipped. */
export async function listPriceRowsByName(handle: Db, names: readonly string[]): Promise<string[]> {
  const model = await priceReadModel(handle);
  return rowJsonOf(names.flatMap((n) => model.byName.get(n) ?? []));
}
