/**
 * A small per-database cache of serialised JSON answers for public, read-mostly endpoints.
 * Entries live `ttlMs` at most; clear() drops one database's entries at once (see
 * price-cache.ts for who calls it and what bounds staleness across processes).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Db } from "../../../db/client.ts";

export interface CachedJson {
  json: string;
  etag: string;
  /** Compressed once, on first demand, then served as is. */
  encoded(encoding: "br" | "gzip"): Buffer;
}

/** A serialised answer with its ETag; `json` must already be valid JSON text. */
export function cachedJson(json: string): CachedJson {
  const encodings = new Map<string, Buffer>();
  let etag: string | undefined;
  return {
    json,
    // Hashed on first use: an answer wrapped in tRPC's envelope is sent with the envelope's ETag.
    get etag() {
      return (etag ??= `W/"${createHash("sha1").update(json).digest("base64url")}"`);
    },
    encoded(encoding) {
      let body = encodings.get(encoding);
      if (!body) {
        body = encoding === "br"
          ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(json);
        encodings.set(encoding, body);
      }
      return body;
    },
  };
}

export class JsonCache {
  private readonly entries = new WeakMap<Db, Map<string, { expires: number; value: Promise<CachedJson> }>>();

  constructor(private readonly maxEntries = 500, private ttlMs = 30_000) {}

  /** Changes the time to live; 0 turns caching off (every call loads). */
  configure(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  /** `load` answers the serialised JSON text. */
  get(db: Db, key: string, load: () => Promise<string>): Promise<CachedJson> {
    if (this.ttlMs === 0) return load().then(cachedJson);
    let map = this.entries.get(db);
    if (!map) this.entries.set(db, (map = new Map()));
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load().then(cachedJson);
    value.catch(() => map.delete(key)); // never cache a failure
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!); // oldest first (insertion order)
    map.set(key, { expires: now + this.ttlMs, value });
    return value;
  }

  clear(db: Db): void {
    this.entries.delete(db);
  }
}
