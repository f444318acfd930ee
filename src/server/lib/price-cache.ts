/**
 * The answer cache of the public price tables (list pages, common TLDs, one TLD's quotes),
 * shared by both doors, with what those answers are made from: the catalogue's names
 * (tld-catalogue.ts), display currencies and their rate pairs (display-currency.ts) and one TLD's
 * quotes as objects. Whoever changes prices, a provider's active flag, name, domain or logo, the
 * rates, or the catalogue (the seed's import, a price run that adds second-level names) calls
 * invalidatePriceCache(db) once the change commits (main.ts does after the boot-time seed; a
 * price run or rates update through onPricesChanged). That clears this process's entries only:
 * other processes on the same PostgreSQL database keep theirs until they expire, so across
 * processes staleness is bounded by PRICE_CACHE_SECONDS, not by the invalidation.
 */
import type { Db } from "../../../db/client.ts";
import { JsonCache, ValueCache, type JsonAnswer } from "./json-cache.ts";

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
export function cachedPriceFact<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return factCache.get(db, key, load) as Promise<T>;
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
