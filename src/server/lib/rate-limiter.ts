/**
 * The server's one rate limiter: counters in the auth_rate_limits table, so every process on a
 * shared PostgreSQL database (or sharing one SQLite file) counts into the same rows.
 *
 * A limit is `limit` requests per `windowMs` (whole minutes). Time is cut into buckets of
 * `windowMs` aligned on the epoch, one row per key and bucket, in one of two modes:
 * - "sliding" (the default): a request is allowed while the requests of the last `windowMs`,
 *   estimated as this bucket's count plus the previous bucket's count weighted by the share of
 *   the last `windowMs` that fell in it (rounded up), stay below the limit. The previous bucket
 *   is closed and only read; so an allowance used up just before a boundary is not renewed
 *   just after it.
 * - "fixed": only this bucket counts, and a refused caller may come back when it ends.
 *
 * Counting is one atomic conditional increment per call (`INSERT … ON CONFLICT DO UPDATE …
 * WHERE attempts < room RETURNING`, the same statement on both databases): check and count are
 * one statement, so parallel callers, in this process or any other, never pass a limit.
 *
 * A row is named (its window_start column) by the minute from which no limiter reads it: the
 * end of its bucket in fixed mode, the end of the bucket after it in sliding mode. One rule
 * then clears every limiter's old rows whatever its window: delete rows named before now
 * (less a few minutes for clocks that differ between processes). Each process does that at
 * most once a minute, from its own limiter calls, so no scheduler is needed.
 */
import type { Db } from "../../../db/client.ts";
import { clientNetworks } from "./client-ip.ts";
import {
  decrementAttempts, deleteWindowsBefore, getAttempts, incrementAttempts, incrementAttemptsBelow, resetAttempts,
} from "../../../db/repositories/rate-limit-repository.ts";

const MINUTE_MS = 60_000;
/** Rows are kept this long after the minute they stop being read, for clocks running ahead. */
const SWEEP_GRACE_MINUTES = 5;
/** A process sweeps old rows at most this often. */
const SWEEP_EVERY_MS = MINUTE_MS;

export type WindowMode = "sliding" | "fixed";

export interface WindowOptions {
  /** Length of the window in milliseconds: a whole number of minutes. */
  windowMs: number;
  /** "sliding" (default) or "fixed"; one key must always be used with the same mode and window. */
  mode?: WindowMode;
  /** The time of the request (tests inject a clock); defaults to the current time. */
  now?: Date;
}

export interface LimitOptions extends WindowOptions {
  /** Requests allowed per window (a positive integer). */
  limit: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests that would still be allowed now (0 once refused). */
  remaining: number;
  /** When every request counted so far has left the window. */
  resetAt: Date;
  /** Seconds until the next request fits: 0 when this one was allowed, at least 1 when refused. */
  retryAfterSeconds: number;
}

interface Buckets {
  nowMs: number;
  windowMs: number;
  mode: WindowMode;
  /** Index of the bucket `now` falls in (buckets since the epoch). */
  index: number;
  /** Row name of the bucket that counts requests made at `now`. */
  current: number;
  /** Row name of the bucket before it (read in sliding mode). */
  previous: number;
}

function bucketsAt(options: WindowOptions): Buckets {
  const { windowMs } = options;
  if (!Number.isInteger(windowMs) || windowMs <= 0 || windowMs % MINUTE_MS !== 0) {
    throw new RangeError(`A rate-limit window must be a whole number of minutes, not ${windowMs} ms`);
  }
  const mode = options.mode ?? "sliding";
  const nowMs = (options.now ?? new Date()).getTime();
  const index = Math.floor(nowMs / windowMs);
  const minutes = windowMs / MINUTE_MS;
  // The minute from which the bucket `i` is no longer read.
  const name = (i: number) => (i + (mode === "sliding" ? 2 : 1)) * minutes;
  return { nowMs, windowMs, mode, index, current: name(index), previous: name(index - 1) };
}

/** The row name (window_start) of the bucket that counts requests made at `options.now`. */
export const bucketName = (options: WindowOptions): number => bucketsAt(options).current;

/**
 * The sliding-window state at `nowMs` for `previous` and `current` bucket counts: how many of
 * last bucket's requests still count, how many more requests fit, when the next one fits if
 * none does (ms), and when every counted request has left the window (ms).
 */
function slidingWindow(nowMs: number, windowMs: number, previous: number, current: number, limit: number) {
  const bucketStart = Math.floor(nowMs / windowMs) * windowMs;
  const weight = 1 - (nowMs - bucketStart) / windowMs; // share of the last window inside the previous bucket
  const carried = Math.ceil(previous * weight);
  const remaining = Math.max(0, limit - carried - current);
  // The next request fits once ceil(previous * w) <= limit - current - 1 within this bucket, or,
  // when this bucket alone is full, once ceil(current * w') <= limit - 1 within the next one.
  const fitsAt = (count: number, room: number, start: number) =>
    count <= room ? start : start + Math.ceil(((count - room) * windowMs) / count);
  const nextFitMs = remaining > 0 ? nowMs
    : current < limit ? fitsAt(previous, limit - current - 1, bucketStart)
    : fitsAt(current, limit - 1, bucketStart + windowMs);
  const fullResetMs = current > 0 ? bucketStart + 2 * windowMs : previous > 0 ? bucketStart + windowMs : nowMs;
  return { carried, remaining, nextFitMs: Math.max(nowMs, nextFitMs), fullResetMs };
}

const countIn = async (db: Db, key: string, name: number) => (await getAttempts(db, [key], name)).get(key) ?? 0;
const secondsUntil = (ms: number, nowMs: number) => Math.max(1, Math.ceil((ms - nowMs) / 1000));

/**
 * Counts one request for `key` if it fits under the limit, and says whether it did. A refused
 * request is not counted.
 */
export async function consume(db: Db, key: string, options: LimitOptions): Promise<RateLimitResult> {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A rate limit must be a positive integer, not ${limit}`);
  const b = bucketsAt(options);
  await sweepOccasionally(db, b.nowMs);
  if (b.mode === "fixed") {
    const used = await incrementAttemptsBelow(db, key, b.current, limit);
    const endMs = (b.index + 1) * b.windowMs;
    return used === null
      ? { allowed: false, remaining: 0, resetAt: new Date(endMs), retryAfterSeconds: secondsUntil(endMs, b.nowMs) }
      : { allowed: true, remaining: limit - used, resetAt: new Date(endMs), retryAfterSeconds: 0 };
  }
  const previous = await countIn(db, key, b.previous);
  const room = limit - slidingWindow(b.nowMs, b.windowMs, previous, 0, limit).carried;
  const used = room > 0 ? await incrementAttemptsBelow(db, key, b.current, room) : null;
  const current = used ?? (await countIn(db, key, b.current));
  const state = slidingWindow(b.nowMs, b.windowMs, previous, current, limit);
  return {
    allowed: used !== null,
    remaining: state.remaining,
    resetAt: new Date(state.fullResetMs),
    retryAfterSeconds: used === null ? secondsUntil(state.nextFitMs, b.nowMs) : 0,
  };
}

/**
 * Counts one request for `key` with no limit, and returns how many the window holds with it
 * (fixed: this bucket's count; sliding: the estimate over the last window).
 */
export async function count(db: Db, key: string, options: WindowOptions): Promise<number> {
  const b = bucketsAt(options);
  await sweepOccasionally(db, b.nowMs);
  const current = await incrementAttempts(db, key, b.current);
  if (b.mode === "fixed") return current;
  const previous = await countIn(db, key, b.previous);
  return slidingWindow(b.nowMs, b.windowMs, previous, 0, 1).carried + current;
}

/** Gives back one request counted for `key` at `options.now` (never below zero). */
export const refund = (db: Db, key: string, options: WindowOptions): Promise<void> =>
  decrementAttempts(db, key, bucketsAt(options).current);

/** Forgets everything counted for `key`. */
export const reset = (db: Db, key: string): Promise<void> => resetAttempts(db, key);

/**
 * How many times a per-client limit an IPv6 client's /56 may use. A /56 is often one customer's
 * (256 /64s), but mobile carriers and hosting providers also hand /64s of one /56 to different
 * people, so the /56 gets a larger allowance than one client: one customer spreading requests
 * over its /64s gets this many clients' worth, and no more.
 */
export const IPV6_NETWORK_SHARE = 4;

/** Every key `key` names for `ip` under a per-client limit, with the limit each key gets. */
function clientKeys(key: (client: string) => string, ip: string, limit = 1): { key: string; limit: number }[] {
  const { client, network } = clientNetworks(ip);
  const keys = [{ key: key(client), limit }];
  if (network) keys.push({ key: key(network), limit: limit * IPV6_NETWORK_SHARE });
  return keys;
}

/**
 * `consume` for a limit per client address: `key` builds the counter's key from the client
 * (lib/client-ip.ts, clientNetworks): an IPv4 address, or an IPv6 address's /64, which gets
 * `limit`, and its /56, which gets IPV6_NETWORK_SHARE times as much. A request refused by
 * either counter is counted by neither.
 */
export async function consumeForClient(db: Db, key: (client: string) => string, ip: string, options: LimitOptions): Promise<RateLimitResult> {
  const counted: string[] = [];
  let result: RateLimitResult | undefined;
  for (const k of clientKeys(key, ip, options.limit)) {
    const r = await consume(db, k.key, { ...options, limit: k.limit });
    if (!r.allowed) {
      for (const done of counted) await refund(db, done, options);
      return r;
    }
    counted.push(k.key);
    result = result && result.remaining <= r.remaining ? result : r;
  }
  return result!;
}

/** `refund` of a request counted by consumeForClient. */
export async function refundForClient(db: Db, key: (client: string) => string, ip: string, options: WindowOptions): Promise<void> {
  for (const k of clientKeys(key, ip)) await refund(db, k.key, options);
}

/** `reset` of every counter consumeForClient counts `ip` under. */
export async function resetForClient(db: Db, key: (client: string) => string, ip: string): Promise<void> {
  for (const k of clientKeys(key, ip)) await reset(db, k.key);
}

/** Deletes the rows no limiter reads any more, of every key and window. */
export const sweepExpired = (db: Db, now = new Date()): Promise<void> =>
  deleteWindowsBefore(db, Math.floor(now.getTime() / MINUTE_MS) - SWEEP_GRACE_MINUTES);

const lastSweep = new WeakMap<Db, number>();

async function sweepOccasionally(db: Db, nowMs: number): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && Math.abs(nowMs - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, nowMs);
  await sweepExpired(db, new Date(nowMs));
}
