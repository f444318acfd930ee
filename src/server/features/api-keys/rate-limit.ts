/**
 * The hourly request allowance of an API key, counted in auth_rate_limits so every process on
 * a shared PostgreSQL counts into the same row. Check and count are one conditional increment,
 * so parallel requests never push a key past its limit.
 *
 * Each hour is stored under its closing minute (epoch minutes), not its opening one: the sign-in
 * and contact limits sweep away windows that opened more than 15 minutes ago, and a window
 * named by its end is only ever older than that once the hour is over.
 */
import type { Db } from "../../../../db/client.ts";
import { incrementAttemptsBelow } from "../../../../db/repositories/rate-limit-repository.ts";
import { API_KEY_HOURLY_LIMIT } from "../../../shared/schemas/api-key.ts";
import { AppError } from "../../lib/errors.ts";

const HOUR_MINUTES = 60;

export interface Allowance {
  headers: Record<string, string>;
}

export function hourEndMinute(now: Date): number {
  return (Math.floor(now.getTime() / 60_000 / HOUR_MINUTES) + 1) * HOUR_MINUTES;
}

/** Counts one request for the key: its X-RateLimit-* headers, or a 429 once the hour is used up. */
export async function countApiKeyRequest(db: Db, keyId: number, now = new Date(), limit = API_KEY_HOURLY_LIMIT): Promise<Allowance> {
  const endMinute = hourEndMinute(now);
  const resetSeconds = endMinute * 60;
  const used = await incrementAttemptsBelow(db, `api-key:${keyId}`, endMinute, limit);
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(used === null ? 0 : limit - used),
    "X-RateLimit-Reset": String(resetSeconds),
  };
  if (used === null) {
    const retryAfter = Math.max(1, resetSeconds - Math.floor(now.getTime() / 1000));
    throw new AppError(429, `Rate limit of ${limit} requests per hour reached for this API key; try again in ${Math.ceil(retryAfter / 60)} minutes.`, undefined, {
      ...headers, "Retry-After": String(retryAfter),
    });
  }
  return { headers };
}
