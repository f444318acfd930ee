/**
 * A small per-database cache of serialised JSON answers for public, read-mostly endpoints.
 * Entries live `ttlMs` at most; clear() drops one database's entries at once (see
 * price-cache.ts for who calls it and what bounds staleness across processes).
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Db } from "../../../db/client.ts";
import { joinForResponse } from "./response-buffer-pool.ts";

/** A serialised JSON answer, kept in the cache or built for one request: its text, bytes, ETag and compressed forms. */
export interface JsonAnswer {
  /** The JSON text (decoded from `bytes` on first use when the answer was built as bytes). */
  readonly json: string;
  /** The text as UTF-8, encoded once on first use: what is sent, so a string is never re-encoded per answer. */
  readonly bytes: Buffer;
  /** `bytes` in the pieces the answer was put together from (one piece for text): a wrapper copies them once. */
  readonly parts: readonly Buffer[];
  /** The length of `bytes`, without joining the pieces. */
  readonly byteLength: number;
  readonly etag: string;
  /** Compressed once, on first demand, then served as is. */
  encoded(encoding: "br" | "gzip"): Buffer;
  /**
   * The bytes to send uncompressed. An answer made of several pieces is joined into a pooled
   * buffer the first time, given back when `response` is done with it (response-buffer-pool.ts):
   * an uncached answer is sent once. From the second time (a cached answer) it is `bytes`.
   */
  bodyFor(response: ServerResponse | undefined): Buffer;
}

/** A weak ETag from a content digest (a hash, or a prefixed hash for text derived from another). */
export const weakEtag = (digest: string) => `W/"${digest}"`;

/** The content hash behind a weak ETag made by weakEtag. */
export const digestOf = (etag: string) => etag.slice(3, -1);

/** The SHA-1 of the pieces one after another (the same as of their concatenation), base64url. */
export function sha1(...pieces: Array<string | Buffer>): string {
  const hash = createHash("sha1");
  for (const piece of pieces) hash.update(piece);
  return hash.digest("base64url");
}

/** Names an answer's content: equal digests mean equal bytes (callers hash what the answer is made of). */
type Digest = string | (() => string);

function makeJsonAnswer(text: (() => string) | undefined, pieces: () => readonly Buffer[], digest: Digest | undefined): JsonAnswer {
  let encodings: Map<string, Buffer> | undefined;
  let json: string | undefined;
  let parts: readonly Buffer[] | undefined;
  let bytes: Buffer | undefined;
  let etag: string | undefined;
  let sent = false;
  let byteLength: number | undefined;
  return {
    get json() {
      return (json ??= text ? text() : this.bytes.toString("utf8"));
    },
    get parts() {
      return (parts ??= pieces());
    },
    get byteLength() {
      if (byteLength === undefined) {
        byteLength = 0;
        for (const part of this.parts) byteLength += part.length;
      }
      return byteLength;
    },
    get bytes() {
      return (bytes ??= this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts));
    },
    get etag() {
      return (etag ??= weakEtag(digest === undefined ? sha1(this.bytes) : typeof digest === "string" ? digest : digest()));
    },
    encoded(encoding) {
      let body = encodings?.get(encoding);
      if (!body) {
        body = encoding === "br"
          ? brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.bytes);
        (encodings ??= new Map()).set(encoding, body);
      }
      return body;
    },
    bodyFor(response) {
      if (bytes || sent || this.parts.length === 1) return this.bytes;
      sent = true;
      return joinForResponse(this.parts, this.byteLength, response);
    },
  };
}

/**
 * A serialised answer with its ETag; `json` must already be valid JSON text. Without a digest
 * the content is hashed on first use; `digest` (computed lazily when a function) names it instead.
 */
export function jsonAnswer(json: string, digest?: Digest): JsonAnswer {
  return makeJsonAnswer(() => json, () => [Buffer.from(json, "utf8")], digest);
}

/**
 * The same, for an answer put together from pieces of UTF-8 (valid JSON text once joined and
 * decoded); they are joined into one buffer only when `bytes` is asked for.
 */
export function jsonAnswerFromParts(parts: readonly Buffer[], digest?: Digest): JsonAnswer {
  return makeJsonAnswer(undefined, () => parts, digest);
}

const toJsonAnswer = (loaded: string | JsonAnswer): JsonAnswer => (typeof loaded === "string" ? jsonAnswer(loaded) : loaded);

/**
 * Promises of values per database and key, each kept `ttlMs` at most; a load that fails is
 * never kept. At `maxEntries` the oldest entry goes first.
 */
export class ValueCache<T> {
  private readonly entries = new WeakMap<Db, Map<string, { expires: number; value: Promise<T> }>>();

  constructor(private readonly maxEntries = 500, private ttlMs = 30_000) {}

  /** Changes the time to live; 0 turns caching off (every call loads). */
  configure(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  /** `keep: "until cleared"` keeps the entry past the time to live, until clear() or forget() (caching off still loads every time). */
  get(db: Db, key: string, load: () => Promise<T>, keep: "ttl" | "until cleared" = "ttl"): Promise<T> {
    if (this.ttlMs === 0) return load();
    let map = this.entries.get(db);
    if (!map) this.entries.set(db, (map = new Map<string, { expires: number; value: Promise<T> }>()));
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key); // never cache a failure
    });
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!); // oldest first (insertion order)
    map.set(key, { expires: keep === "ttl" ? now + this.ttlMs : Infinity, value });
    return value;
  }

  clear(db: Db): void {
    this.entries.delete(db);
  }

  forget(db: Db, key: string): void {
    this.entries.get(db)?.delete(key);
  }
}

/** A ValueCache of serialised answers: a load answers JSON text, or an answer it made itself (jsonAnswerFromParts). */
export class JsonCache extends ValueCache<JsonAnswer> {
  override get(db: Db, key: string, load: () => Promise<string | JsonAnswer>): Promise<JsonAnswer> {
    return super.get(db, key, () => load().then(toJsonAnswer));
  }
}
