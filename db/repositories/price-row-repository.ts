/**
 * The price list read path: pages of stored row JSON (tld_price_rows), sorted, filtered and
 * paged in SQL over the narrow tld_price_summaries (a few pages for the whole catalogue, so a
 * search scans it without touching the rows). Every search term a visitor types is a new
 * query, so the statements are prepared once per handle and per shape (sort, order, filters).
 */
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PriceSortField } from "../../src/shared/schemas/price-list.ts";
import { containsSubstring, prepareSelect, type Db, type PreparedSelect } from "../client.ts";
import { searchTextOf } from "./price-summary-repository.ts";

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

interface Shape {
  sortBy: PriceSortField;
  sortOrder: "asc" | "desc";
  search: boolean;
  category: boolean;
  tld: boolean;
}

const statements = new WeakMap<Db, Map<string, PreparedSelect<unknown>>>();

function prepared<T>(handle: Db, name: string, build: () => Parameters<typeof prepareSelect<T>>[2]): PreparedSelect<T> {
  let byName = statements.get(handle);
  if (!byName) statements.set(handle, (byName = new Map()));
  let statement = byName.get(name);
  if (!statement) byName.set(name, (statement = prepareSelect<T>(handle, name, build()) as PreparedSelect<unknown>));
  return statement as PreparedSelect<T>;
}

function filterOf(handle: Db, shape: Pick<Shape, "search" | "category" | "tld">): SQL | undefined {
  const s = handle.t.tldPriceSummaries;
  const conditions: SQL[] = [];
  if (shape.search) conditions.push(containsSubstring(handle, s.searchText, sql.placeholder("search")));
  if (shape.category) conditions.push(eq(s.category, sql.placeholder("category")));
  if (shape.tld) conditions.push(eq(s.name, sql.placeholder("tld")));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The inner query sorts and pages only keys (row JSON would make every sorted row heavy); the
 * outer one fetches the page's rows and the total. A search matches few TLDs but its pattern
 * is the costly part, so it is evaluated once: the inner query counts the matches with a
 * window (which costs per matching row, too much for the whole list or a whole category).
 */
function pageStatement(handle: Db, shape: Shape) {
  const name = `price_page_${shape.sortBy}_${shape.sortOrder}_${shape.search ? "s" : ""}${shape.category ? "c" : ""}${shape.tld ? "t" : ""}`;
  return prepared<{ rowJson: string | null; total: number | null }>(handle, name, () => {
    const { db, t } = handle;
    const s = t.tldPriceSummaries;
    const sortColumn = {
      tldName: s.name, registrationPrice: s.minRegistration, renewalPrice: s.minRenewal,
      transferPrice: s.minTransfer, threeYearPrice: s.minThreeYear,
    }[shape.sortBy];
    const direction = shape.sortOrder === "desc" ? sql`desc` : sql`asc`;
    const windowCount = shape.search ? sql<number>`count(*) over ()` : sql<null>`null`;
    const page = db
      .select({
        id: sql<number>`${s.tldId}`.as("page_id"), sortKey: sql`${sortColumn}`.as("page_key"),
        name: sql<string>`${s.name}`.as("page_name"), total: windowCount.as("page_total"),
      })
      .from(s)
      .where(filterOf(handle, shape))
      // Unpriced cells sort last either way; the name breaks ties so pages never overlap.
      .orderBy(sql`${sortColumn} ${direction} nulls last`, asc(s.name))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    // Otherwise the count is an uncorrelated subquery of the same statement: one round trip.
    const total = shape.search ? page.total : sql<number>`(${countQuery(handle, shape)})`;
    const r = t.tldPriceRows;
    return db.select({ rowJson: r.rowJson, total }).from(page).leftJoin(r, eq(r.tldId, page.id))
      .orderBy(sql`${page.sortKey} ${direction} nulls last`, asc(page.name));
  });
}

function countQuery(handle: Db, shape: Pick<Shape, "search" | "category" | "tld">) {
  return handle.db.select({ total: count() }).from(handle.t.tldPriceSummaries).where(filterOf(handle, shape));
}

function countStatement(handle: Db, shape: Pick<Shape, "search" | "category" | "tld">) {
  const name = `price_count_${shape.search ? "s" : ""}${shape.category ? "c" : ""}${shape.tld ? "t" : ""}`;
  return prepared<{ total: number }>(handle, name, () => countQuery(handle, shape));
}

function rowJsonOf(rows: { rowJson: string | null }[]): string[] {
  return rows.map((r) => {
    // Written with every summary; absent only before rebuildStalePriceRows has run once.
    if (r.rowJson === null) throw new Error("tld_price_rows has no row for a summary: price rows were not rebuilt");
    return r.rowJson;
  });
}

/** One page of priced TLDs as stored row JSON, and how many TLDs match. */
export async function listPriceTable(handle: Db, q: PriceTableQuery): Promise<{ rows: string[]; total: number }> {
  const search = q.search?.trim().replace(/^\./, "");
  const shape = { sortBy: q.sortBy, sortOrder: q.sortOrder, search: !!search, category: !!q.category, tld: !!q.tld };
  const values = { search: search ? searchTextOf(search, null) : undefined, category: q.category, tld: q.tld, limit: q.limit, offset: q.offset };
  const rows = await pageStatement(handle, shape).all(values);
  // A page past the end has no row to carry the count.
  const total = rows.length ? rows[0]!.total : (await countStatement(handle, shape).all(values))[0]?.total;
  return { rows: rowJsonOf(rows), total: Number(total ?? 0) };
}

/** Stored row JSON of named TLDs (the common-prices table), in the order given. */
export async function listPriceRowsByName(handle: Db, names: readonly string[]): Promise<string[]> {
  const { db, t } = handle;
  const s = t.tldPriceSummaries;
  const rows = await db
    .select({ name: s.name, rowJson: t.tldPriceRows.rowJson })
    .from(s)
    .leftJoin(t.tldPriceRows, eq(t.tldPriceRows.tldId, s.tldId))
    .where(inArray(s.name, [...names]));
  return rowJsonOf(names.flatMap((n) => rows.filter((r) => r.name === n)));
}
