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

/** JSON text with a way to name its content that is cheaper than hashing the text. */
export interface DigestedJson {
  json: string;
  /** Identifies `json`'s content: equal digests mean equal text (callers hash what the text is made of). */
  digest: string;
}

/** A weak ETag from a content digest (a hash, or a prefixed hash for text derived from another). */
export const weakEtag = (digest: string) => `W/"${digest}"`;

/** The content hash behind a weak ETag made by weakEtag. */
export const digestOf = (etag: string) => etag.slice(3, -1);

export const sha1 = (text: string) => createHash("sha1").update(text).digest("base64url");

/**
 * A serialised answer with its ETag; `json` must already be valid JSON text. Without a digest
 * the text is hashed on first use; `digest` (computed lazily when a function) names it instead.
 */
export function cachedJson(json: string, digest?: string | (() => string)): CachedJson {
  const encodings = new Map<string, Buffer>();
  let etag: string | undefined;
  return {
    json,
    get etag() {
      return (etag ??= weakEtag(digest === undefined ? sha1(json) : typeof digest === "string" ? digest : digest()));
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

const toCachedJson = (loaded: string | DigestedJson): CachedJson =>
  typeof loaded === "string" ? cachedJson(loaded) : cachedJson(loaded.json, loaded.digest);

export class JsonCache {
  private readonly entries = new WeakMap<Db, Map<string, { expires: number; value: Promise<CachedJson> }>>();

  constructor(private readonly maxEntries = 500, private ttlMs = 30_000) {}

  /** Changes the time to live; 0 turns caching off (every call loads). */
  configure(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  /** `load` answers the serialised JSON text, or the text with its content digest. */
  get(db: Db, key: string, load: () => Promise<string | DigestedJson>): Promise<CachedJson> {
    if (this.ttlMs === 0) return load().then(toCachedJson);
    let map = this.entries.get(db);
    if (!map) this.entries.set(db, (map = new Map()));
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load().then(toCachedJson);
    value.catch(() => map.delete(key)); // never cache a failure
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!); // oldest first (insertion order)
    map.set(key, { expires: now + this.ttlMs, value });
    return value;
  }

  clear(db: Db): void {
    this.entries.delete(db);
  }
}
