/**
 * The answer cache of the public price tables (list pages, common TLDs, one TLD's quotes),
 * shared by both doors, with what those answers are made from: the catalogue's names
 * (tld-catalogue.ts), display currencies and their rate pairs (display-currency.ts) and one TLD's
 * quotes as objects.
 *
 * How "prices changed" is said, once for every cache and process: whoever changes prices, a
 * provider's active flag, name, domain or logo, the rates, or the catalogue writes a new
 * price-rows version (app_meta `price_rows_version`) in the same transaction as the change
 * (db/repositories/price-summary-repository.ts; bumpPriceRowsVersion when no row changes). Every
 * process compares that version with the one its cached answers were made at
 * (currentPricesVersion): the page cache on each page request (render/page-cache.ts), and this
 * process every PRICE_CHANGE_CHECK_MS besides (watchPriceChanges, started by main.ts), so a price
 * run in a worker reaches the answers of every web process within that interval. When it
 * differs, every answer below is dropped. The writer's own process also drops them at once
 * (invalidatePriceCache, through onPricesChanged) rather than wait for its next check.
 * PRICE_CACHE_SECONDS bounds an entry's life whatever happens, except the catalogue's names
 * (tld-catalogue.ts), which only a new version replaces.
 */
import type { Db } from "../../../db/client.ts";
import { priceRowsVersion } from "../../../db/repositories/price-read-model.ts";
import { JsonCache, ValueCache, type JsonAnswer } from "../lib/json-cache.ts";

const priceCache = new JsonCache();
/** Small facts the answers are made from (the catalogue's names, a currency pair's rates), with the same lifetime. */
const factCache = new ValueCache<unknown>(2_000);
/**
 * Parsed values the answers are made from (one TLD's quotes, in a display currency), with the
 * same lifetime; fewer entries, each being tens of kilobytes of objects at most.
 */
const valueCache = new ValueCache<unknown>(128);

export function invalidatePriceCache(db: Db): void {
  priceCache.clear(db);
  factCache.clear(db);
  valueCache.clear(db);
}

/** The price-rows version this process's cached answers were made at, per database handle. */
const seenVersions = new WeakMap<Db, string>();

/**
 * The database's price-rows version now; when it differs from the one last seen here, every
 * cached price answer of this process is dropped first. What caches derived from prices (the
 * page cache) tag their entries with.
 */
export async function currentPricesVersion(db: Db): Promise<string> {
  const version = await priceRowsVersion(db);
  const seen = seenVersions.get(db);
  if (seen !== version) {
    if (seen !== undefined) invalidatePriceCache(db);
    seenVersions.set(db, version);
  }
  return version;
}

/**
 * Checks the price-rows version every `intervalMs` (PRICE_CHANGE_CHECK_MS), so answers cached
 * here follow another process's price run, provider edit or rates update even while no page is
 * requested. Returns the function that stops it.
 */
export function watchPriceChanges(db: Db, intervalMs: number, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    currentPricesVersion(db).catch(onError).finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs).unref();
    });
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** 0 turns the cache off: every answer is loaded from the database. */
export function configurePriceCache(seconds: number): void {
  priceCache.configure(seconds * 1000);
  factCache.configure(seconds * 1000);
  valueCache.configure(seconds * 1000);
}

/** The serialised answer under `key`, loaded (as JSON text, or an answer made as bytes) when absent or expired. */
export function cachedPriceAnswer(db: Db, key: string, load: () => Promise<string | JsonAnswer>): Promise<JsonAnswer> {
  return priceCache.get(db, key, load);
}

/**
 * A fact the price answers are made from, under `key`, loaded when absent or expired; cleared
 * with the answers (invalidatePriceCache). A load that fails is not kept.
 */
export function cachedPriceFact<T>(db: Db, key: string, load: () => Promise<T>, keep: "ttl" | "until prices change" = "ttl"): Promise<T> {
  return factCache.get(db, key, load, keep === "ttl" ? "ttl" : "until cleared") as Promise<T>;
}

/** Drops the fact under `key`, so the next cachedPriceFact loads it again. */
export function forgetPriceFact(db: Db, key: string): void {
  factCache.forget(db, key);
}

/**
 * A parsed value the price answers are made from, under `key`, as cachedPriceFact keeps facts
 * (fewer of them). Shared by every reader: never changed in place.
 */
export function cachedPriceValue<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return valueCache.get(db, key, load) as Promise<T>;
}
