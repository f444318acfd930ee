/**
 * The hourly request allowance of an API key, as a sliding window: a request is allowed while
 * the requests of the last 60 minutes, estimated from two clock-hour buckets, stay below the
 * limit. The estimate is this hour's count plus last hour's count weighted by the share of the
 * last 60 minutes that fell in last hour (rounded up), so a key that used its allowance just
 * before an hour boundary is still refused just after it, instead of getting a fresh 1,000.
 *
 * Buckets are rows in auth_rate_limits, so every process on a shared PostgreSQL counts into the
 * same ones. Last hour's bucket is closed and only read; this hour's is counted by one
 * conditional increment (check and count in one statement) against what last hour leaves, so
 * parallel requests never push a key past its limit.
 *
 * A bucket is stored under the minute it stops mattering (the end of the hour AFTER its own),
 * not its opening one: the sign-in and contact limits sweep away windows numbered more than 15
 * minutes in the past, and a bucket named so is only ever that old once it is no longer read.
 */
import type { Db } from "../../../../db/client.ts";
import { getAttempts, incrementAttemptsBelow } from "../../../../db/repositories/rate-limit-repository.ts";
import { API_KEY_HOURLY_LIMIT } from "../../../shared/schemas/api-key.ts";
import { AppError } from "../../lib/errors.ts";

const HOUR_MS = 3_600_000;

export interface Allowance {
  headers: Record<string, string>;
}

const hourIndex = (ms: number) => Math.floor(ms / HOUR_MS);
/** The row name of the clock-hour bucket `hour` (hours since the epoch): the minute it stops mattering. */
const bucketName = (hour: number) => (hour + 2) * 60;
/** The row name of the bucket that counts requests made at `now`. */
export const currentBucket = (now: Date) => bucketName(hourIndex(now.getTime()));

/**
 * The sliding-window state at `nowMs` for `previous` and `current` bucket counts: how many more
 * requests fit, when the next one fits if none does (ms), and when every counted request has
 * left the window (ms).
 */
export function slidingWindow(nowMs: number, previous: number, current: number, limit: number) {
  const hourStart = hourIndex(nowMs) * HOUR_MS;
  const weight = 1 - (nowMs - hourStart) / HOUR_MS; // share of the last 60 minutes inside last hour
  const carried = Math.ceil(previous * weight);
  const remaining = Math.max(0, limit - carried - current);
  // The next request fits once ceil(previous * w) <= limit - current - 1 within this hour, or,
  // when this hour alone is full, once ceil(current * w') <= limit - 1 within the next one.
  const fitsAt = (count: number, room: number, start: number) =>
    count <= room ? start : start + Math.ceil(((count - room) * HOUR_MS) / count);
  const nextFitMs = remaining > 0 ? nowMs
    : current < limit ? fitsAt(previous, limit - current - 1, hourStart)
    : fitsAt(current, limit - 1, hourStart + HOUR_MS);
  const fullResetMs = current > 0 ? hourStart + 2 * HOUR_MS : previous > 0 ? hourStart + HOUR_MS : nowMs;
  return { carried, remaining, nextFitMs: Math.max(nowMs, nextFitMs), fullResetMs };
}

/** Counts one request for the key: its X-RateLimit-* headers, or a 429 once the last 60 minutes hold `limit`. */
export async function countApiKeyRequest(db: Db, keyId: number, now = new Date(), limit = API_KEY_HOURLY_LIMIT): Promise<Allowance> {
  const key = `api-key:${keyId}`;
  const nowMs = now.getTime();
  const hour = hourIndex(nowMs);
  const previous = (await getAttempts(db, [key], bucketName(hour - 1))).get(key) ?? 0;
  const { carried } = slidingWindow(nowMs, previous, 0, limit);
  const room = limit - carried;
  const used = room > 0 ? await incrementAttemptsBelow(db, key, bucketName(hour), room) : null;
  const current = used ?? (await getAttempts(db, [key], bucketName(hour))).get(key) ?? 0;
  const state = slidingWindow(nowMs, previous, current, limit);
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(Math.ceil(state.fullResetMs / 1000)),
  };
  if (used === null) {
    const retryAfter = Math.max(1, Math.ceil((state.nextFitMs - nowMs) / 1000));
    const wait = retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
    throw new AppError(429, `Rate limit of ${limit} requests per hour reached for this API key; try again in ${wait}.`, undefined, {
      ...headers, "Retry-After": String(retryAfter),
    });
  }
  return { headers };
}
