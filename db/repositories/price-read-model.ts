/**
 * The price list's read model (decision 021): every priced TLD's summary and stored row JSON,
 * held per database handle and checked against the database on every read. Writers of price
 * rows set a new `price_rows_version` in app_meta in the same transaction as the rows
 * (refreshTldPriceSummaries); a read first asks for that version (one small prepared statement,
 * shared by the reads of one event-loop turn on SQLite and by those that arrive while one runs on
 * PostgreSQL) and reloads everything when it differs, so another process's commit is seen on its
 * next read.
 * Sorting, filtering and paging then run over a few thousand in-memory entries, in the same order
 * the SQL statement used to produce: the chosen minimum, unpriced last either way, ties by name;
 * a minimum the row marks as an extreme outlier (src/shared/price-outliers.ts) sorts after the
 * ordinary ones and before the unpriced, either way.
 */
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { HeadlineFigure, PriceRow } from "../../src/shared/price-quote.ts";
import { COMMON_TLDS } from "../../src/shared/constants.ts";
import type { PriceSummaryValues } from "../../src/shared/price-row-summary.ts";
import type { PriceSortField } from "../../src/shared/schemas/price-list.ts";
import { prepareScalar, type Db } from "../client.ts";
import { META_KEYS } from "./app-meta-repository.ts";

/**
 * A TLD's stored summary (what summarisePriceRow wrote) and row JSON. searchText is the
 * lower-cased name and Unicode name (searchTextOf): what a search matches as a substring.
 */
export type PriceEntry = PriceSummaryValues & {
  rowJson: string | null;
  /** The headline figures the row marks as extreme outliers. */
  outliers: ReadonlySet<HeadlineFigure>;
};

const NO_OUTLIERS: ReadonlySet<HeadlineFigure> = new Set();

/** The figures a stored row marks as outliers (rows are small: parsed once per load). */
function outliersOf(rowJson: string | null): ReadonlySet<HeadlineFigure> {
  if (rowJson === null || !rowJson.includes('"isOutlier":true')) return NO_OUTLIERS;
  const { sources } = JSON.parse(rowJson) as Pick<PriceRow, "sources">;
  return new Set((Object.keys(sources) as HeadlineFigure[]).filter((f) => sources[f]?.isOutlier));
}

interface Model {
  /** The app_meta value the entries were loaded at ("" before any writer set one). */
  version: string;
  entries: PriceEntry[];
  byName: Map<string, PriceEntry>;
  /** Entries in each sort's order, whole or of one category, made on first use. */
  sorted: Map<string, PriceEntry[]>;
}

interface HandleState {
  /** SQLite: readVersion answers at once (better-sqlite3 is synchronous). */
  sync: boolean;
  /** The stored version: a value on SQLite, a promise of it (a round trip) on PostgreSQL. */
  readVersion: () => string | undefined | Promise<string | undefined>;
  /** PostgreSQL: the version check running now. */
  running?: Promise<string>;
  /** The check the next reads share: on PostgreSQL the one to start when `running` ends, on SQLite the one after this turn (see currentVersion). */
  queued?: Promise<string>;
  model?: Model;
  /** The load in flight: concurrent reads that find the model outdated share it. */
  loading?: { version: string; promise: Promise<Model> };
}

const states = new WeakMap<Db, HandleState>();

function stateOf(handle: Db): HandleState {
  let state = states.get(handle);
  if (!state) {
    const { orm: db, t } = handle;
    const readVersion = prepareScalar<string>(
      handle,
      "price_rows_version",
      db.select({ value: t.appMeta.value }).from(t.appMeta).where(eq(t.appMeta.key, META_KEYS.priceRowsVersion)),
    );
    states.set(handle, (state = { sync: handle.dialect === "sqlite", readVersion }));
  }
  return state;
}

async function loadModel(handle: Db, version: string): Promise<Model> {
  const { orm: db, t } = handle;
  const s = t.tldPriceSummaries;
  const rows = await db
    .select({
      tldId: s.tldId, name: s.name, category: s.category, searchText: s.searchText,
      minRegistration: s.minRegistration, minRenewal: s.minRenewal, minTransfer: s.minTransfer, minThreeYear: s.minThreeYear,
      providerCount: s.providerCount, rowJson: t.tldPriceRows.rowJson,
    })
    .from(s)
    .leftJoin(t.tldPriceRows, eq(t.tldPriceRows.tldId, s.tldId))
    .orderBy(asc(s.name));
  const entries: PriceEntry[] = rows.map((r) => ({ ...r, outliers: outliersOf(r.rowJson) }));
  return { version, entries, byName: new Map(entries.map((e) => [e.name, e])), sorted: new Map() };
}

/**
 * The database's price-rows version, read by a check that started after this call: a read never
 * trusts a check begun before it arrived (a commit could fall in between). On SQLite the reads
 * that arrive in one turn of the event loop share one synchronous statement, run just after that
 * turn (setImmediate); their answers then go out together, which measured cheaper per request
 * than a check and an answer each (decision 021). On PostgreSQL, calls that arrive while a check
 * runs share the one queued behind it, so under load the database answers one check per round
 * trip instead of one per request.
 */
function currentVersion(state: HandleState): string | Promise<string> {
  if (state.sync) return (state.queued ??= nextTurnCheck(state));
  if (state.queued) return state.queued;
  const run = (): Promise<string> => {
    const check = Promise.resolve(state.readVersion()).then((value) => value ?? "");
    state.running = check;
    const clear = () => {
      if (state.running === check) state.running = undefined;
    };
    check.then(clear, clear);
    return check;
  };
  if (!state.running) return run();
  const queued = state.running.then(
    () => undefined,
    () => undefined,
  ).then(() => {
    state.queued = undefined;
    return run();
  });
  state.queued = queued;
  return queued;
}

/** SQLite: one check for every read that arrived before it runs. */
function nextTurnCheck(state: HandleState): Promise<string> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      state.queued = undefined;
      try {
        resolve((state.readVersion() as string | undefined) ?? "");
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The database's current price-rows version ("" before any writer set one), read by the same
 * shared check as the model's reads: what caches derived from price rows are tagged with.
 */
export const priceRowsVersion = (handle: Db): string | Promise<string> => currentVersion(stateOf(handle));

/**
 * The model as of the database's current version. The version is read before the rows, so a
 * write committed in between makes the rows newer than their tag, never older: the next read
 * then finds a new version and loads again.
 */
export async function priceReadModel(handle: Db): Promise<Model> {
  const state = stateOf(handle);
  const version = await currentVersion(state);
  if (state.model?.version === version) return state.model;
  if (state.loading?.version !== version) {
    const promise = loadModel(handle, version);
    const loading = { version, promise };
    state.loading = loading;
    promise.then(
      (model) => {
        if (state.loading === loading) state.loading = undefined;
        state.model = model;
      },
      () => {
        if (state.loading === loading) state.loading = undefined;
      },
    );
  }
  return state.loading.promise;
}

const rowDigests = new WeakMap<PriceEntry, string>();
const rowBytes = new WeakMap<PriceEntry, Buffer>();

/** The entry's row JSON as UTF-8, encoded once per loaded entry: pages are put together as bytes. */
export function rowBytesOf(entry: PriceEntry): Buffer {
  let bytes = rowBytes.get(entry);
  if (bytes === undefined) rowBytes.set(entry, (bytes = Buffer.from(entry.rowJson ?? "", "utf8")));
  return bytes;
}

/**
 * A hash of the entry's row JSON, computed once per loaded entry: a page's ETag is made from its
 * rows' digests instead of hashing the whole page text on every uncached answer.
 */
export function rowDigestOf(entry: PriceEntry): string {
  let digest = rowDigests.get(entry);
  if (digest === undefined) rowDigests.set(entry, (digest = createHash("sha1").update(rowBytesOf(entry)).digest("base64url")));
  return digest;
}

/** The common TLDs' places: first in the popularity order, as listed. */
const COMMON_RANK = new Map<string, number>(COMMON_TLDS.map((name, i) => [name, i]));

/**
 * Popularity, smallest first: a common TLD by its place in COMMON_TLDS, any other after them by
 * how many registrars sell it (most first); ties by name.
 */
const popularityRank = (e: PriceEntry) => COMMON_RANK.get(e.name) ?? COMMON_TLDS.length + 1_000_000 - e.providerCount;

const SORT_KEY: Record<PriceSortField, (e: PriceEntry) => number | string | null> = {
  tldName: (e) => e.name,
  registrationPrice: (e) => e.minRegistration,
  renewalPrice: (e) => e.minRenewal,
  transferPrice: (e) => e.minTransfer,
  threeYearPrice: (e) => e.minThreeYear,
  popularity: popularityRank,
};

const FIGURE_OF: Record<PriceSortField, HeadlineFigure | null> = {
  tldName: null, registrationPrice: "registration", renewalPrice: "renewal", transferPrice: "transfer", threeYearPrice: "threeYear", popularity: null,
};

/** Names compare by code unit, as SQLite's BINARY collation does (the same order on both dialects). */
const byName = (a: PriceEntry, b: PriceEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Entries by `sortBy` in `order`, outlier minima after the ordinary ones and unpriced (null) last
 * either way, ties by name ascending; only
 * `category`'s when given (an index per category, as the summaries table has in SQL).
 */
export function sortedEntries(model: Model, sortBy: PriceSortField, order: "asc" | "desc", category?: string): PriceEntry[] {
  const cacheKey = `${sortBy}:${order}:${category ?? ""}`;
  let sorted = model.sorted.get(cacheKey);
  if (!sorted && category !== undefined) {
    sorted = sortedEntries(model, sortBy, order).filter((e) => e.category === category);
    model.sorted.set(cacheKey, sorted);
  }
  if (!sorted) {
    const key = SORT_KEY[sortBy];
    const figure = FIGURE_OF[sortBy];
    const direction = order === "desc" ? -1 : 1;
    const tier = (e: PriceEntry, v: unknown) => (v === null ? 2 : figure && e.outliers.has(figure) ? 1 : 0);
    sorted = [...model.entries].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const tiers = tier(a, x) - tier(b, y);
      if (tiers !== 0) return tiers;
      if (x === null || y === null) return byName(a, b);
      if (x !== y) return (x < y ? -1 : 1) * direction;
      return byName(a, b);
    });
    model.sorted.set(cacheKey, sorted);
  }
  return sorted;
}
