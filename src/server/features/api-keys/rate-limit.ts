/**
 * The hourly request allowance of an API key, as a sliding window: a request is allowed while
 * the requests of the last 60 minutes, estimated from two clock-hour buckets, stay below the
 * limit. The estimate is this hour's count plus last hour's count weighted by the share of the
 * last 60 minutes that fell in last hour (rounded up), so a key that used its allowance just
 * before an hour boundary is still refused just after it, instead of getting a fresh 1,000.
 *
 * The counting is the server's rate limiter (lib/rate-limiter.ts, sliding mode): rows in
 * auth_rate_limits that every process on a shared PostgreSQL counts into, one conditional
 * increment per request, so parallel requests never push a key past its limit.
 */
import type { Db } from "../../../../db/client.ts";
import { API_KEY_HOURLY_LIMIT } from "../../../shared/schemas/api-key.ts";
import { AppError } from "../../lib/errors.ts";
import { bucketName, consume } from "../../lib/rate-limiter.ts";

const HOUR_MS = 3_600_000;

export interface Allowance {
  headers: Record<string, string>;
}

/** The row name (window_start) of the bucket that counts a key's requests made at `now`. */
export const currentBucket = (now: Date) => bucketName({ windowMs: HOUR_MS, mode: "sliding", now });

/** Counts one request for the key: its X-RateLimit-* headers, or a 429 once the last 60 minutes hold `limit`. */
export async function countApiKeyRequest(db: Db, keyId: number, now = new Date(), limit = API_KEY_HOURLY_LIMIT): Promise<Allowance> {
  const result = await consume(db, `api-key:${keyId}`, { limit, windowMs: HOUR_MS, mode: "sliding", now });
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(Math.ceil(result.resetAt.getTime() / 1000)),
  };
  if (!result.allowed) {
    const retryAfter = result.retryAfterSeconds;
    const wait = retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
    throw new AppError(429, `Rate limit of ${limit} requests per hour reached for this API key; try again in ${wait}.`, undefined, {
      ...headers, "Retry-After": String(retryAfter),
    });
  }
  return { headers };
}
