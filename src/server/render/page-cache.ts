/**
 * The HTML of server-rendered public pages for signed-out visitors (docs/decisions/023), kept in
 * memory bounded by bytes (least recently used first out) and keyed by what changes a signed-out
 * render: origin, path, query string and the `currency` cookie. Every entry is tagged with the
 * database's price-rows version read before its render; a lookup compares it with the version
 * now stored (price-cache.ts: currentPricesVersion, the one way every process learns that prices
 * changed, which also drops its cached price answers) and renders again when they differ. Entries also expire after a time to live, which bounds what the
 * version does not cover (catalogue imports, the "last updated" figures of informational pages).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client.ts";
import { pageCacheLookups } from "../lib/metrics.ts";
import { brotliPage } from "./page-html.ts";

export interface CachedPage {
  readonly status: 200 | 404;
  readonly body: Buffer;
  /** A weak ETag from the SHA-1 of the HTML. */
  readonly etag: string;
  /** The price-rows version the page was rendered at. */
  readonly version: string;
  /** False for an answer not worth reusing (RenderedPage.keep): sent to the requests that asked for it, kept nowhere. */
  readonly kept: boolean;
  /** The HTML compressed once (brotli with the render where it came with it, otherwise on first demand), then reused. */
  encoded(encoding: "br" | "gzip"): Buffer;
}

export interface PageCacheOptions {
  /** Bound on the HTML kept, compressed copies included; 0 turns the cache off. */
  maxBytes: number;
  /** How long a 200 page is reused at most. */
  ttlMs: number;
  /** How long a 404 page is reused at most (shorter: a missing page may appear). */
  notFoundTtlMs: number;
}

/** The request cookie's `currency` value, read as the render reads it (the first one wins). */
function currencyCookie(cookies: string | undefined): string {
  const part = cookies?.split(/;\s*/).find((p) => p.startsWith("currency="));
  const value = part?.slice("currency=".length) ?? "";
  // The render accepts three letters only and shows anything else in the default currency,
  // so longer values share one key instead of each taking its own.
  return value.length <= 8 ? value : "!long";
}

/** What varies a signed-out page: nothing else in the request is read by the render. */
export const pageCacheKey = (origin: string, pathAndQuery: string, cookies: string | undefined): string =>
  `${origin} ${pathAndQuery} ${currencyCookie(cookies)}`;

function makePage(status: 200 | 404, bytes: Uint8Array, br: Uint8Array | undefined, version: string, kept: boolean): CachedPage {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  const encodings = new Map<string, Buffer>();
  if (br) encodings.set("br", Buffer.from(br.buffer, br.byteOffset, br.byteLength));
  return {
    status, body, etag, version, kept,
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes = encoding === "br" ? brotliPage(body) : gzipSync(body);
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** True when `ifNoneMatch` (a list, or "*") names `etag`; weak comparison, as for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export interface RenderedPage {
  status: 200 | 404;
  /** The HTML as UTF-8 bytes. */
  body: Uint8Array;
  /** Its brotli copy, when the render made one (page-html.ts). */
  br?: Uint8Array | undefined;
  /** False for an answer that must not be reused, e.g. the plain shell after a failed render. */
  keep: boolean;
}

export interface PageCache {
  /**
   * The page under `key` if it was rendered at the current price-rows version; otherwise
   * `render` runs (once for every request that misses the same key meanwhile) and its page is
   * kept when it says so. Null when `render` answers null (a path the server does not render).
   */
  get(key: string, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null>;
  /** The bytes counted against maxBytes and the pages kept (metrics). */
  stats(): { bytes: number; entries: number };
}

/**
 * `version` reads the database's price-rows version (price-cache.ts: currentPricesVersion, which
 * also drops this process's cached price answers when it changed).
 */
export function createPageCache(db: Db, options: PageCacheOptions, version: (db: Db) => Promise<string>): PageCache {
  const entries = options.maxBytes > 0
    ? new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      // The compressed copies are made on demand; each is well under a quarter of the HTML.
      sizeCalculation: (page) => Math.max(1, Math.ceil(page.body.length * 1.5)),
      ttl: options.ttlMs,
    })
    : null;
  const rendering = new Map<string, Promise<CachedPage | null>>();

  return {
    stats: () => ({ bytes: entries?.calculatedSize ?? 0, entries: entries?.size ?? 0 }),
    async get(key, render) {
      // Read before the render: the answers it reads through this process's price cache are
      // then no older than the version the page is tagged with.
      const current = await version(db);
      const hit = entries?.get(key);
      if (hit && hit.version === current) {
        pageCacheLookups.inc({ result: "hit" });
        return hit;
      }
      pageCacheLookups.inc({ result: "miss" });
      const inFlightKey = `${current} ${key}`;
      const running = rendering.get(inFlightKey);
      if (running) return running;
      const made = render().then((answer) => {
        if (!answer) return null;
        const page = makePage(answer.status, answer.body, answer.br, current, answer.keep);
        if (answer.keep) entries?.set(key, page, answer.status === 404 ? { ttl: Math.min(options.notFoundTtlMs, options.ttlMs) } : {});
        return page;
      });
      rendering.set(inFlightKey, made);
      const done = () => rendering.delete(inFlightKey);
      made.then(done, done);
      return made;
    },
  };
}
