/**
 * Sign-in throttling in fixed 15-minute windows stored in auth_rate_limits, so every process
 * on a shared PostgreSQL counts together. Per IP: every sign-in or registration attempt. Per
 * account: failed passwords only, reset by a successful sign-in.
 */
import type { Db } from "../../../../db/client.ts";
import {
  deleteWindowsBefore, getAttempts, incrementAttempts, resetAttempts,
} from "../../../../db/repositories/rate-limit-repository.ts";
import { tooManyRequests } from "../../lib/errors.ts";

export const WINDOW_MINUTES = 15;
export const IP_LIMIT = 20;
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Share of attempts that also sweep old windows: cheap, and no scheduler is needed. */
const CLEANUP_PROBABILITY = 0.05;

/** Windows are identified by their first minute since the epoch (fits a 32-bit integer). */
const windowStartOf = (now: Date) => Math.floor(now.getTime() / 60_000 / WINDOW_MINUTES) * WINDOW_MINUTES;

function limited(now: Date): never {
  const endMs = (windowStartOf(now) + WINDOW_MINUTES) * 60_000;
  const seconds = Math.max(1, Math.ceil((endMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(`Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, seconds);
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email}`;

/** Counts one attempt from this address; throws 429 past the limit. */
export async function countIpAttempt(db: Db, ip: string, now = new Date()): Promise<void> {
  const windowStart = windowStartOf(now);
  if (Math.random() < CLEANUP_PROBABILITY) await cleanupOldWindows(db, now);
  const attempts = await incrementAttempts(db, ipKey(ip), windowStart);
  if (attempts > IP_LIMIT) limited(now);
}

/** Throws 429 when this account already had too many failed passwords in the window. */
export async function assertAccountNotLocked(db: Db, email: string, now = new Date()): Promise<void> {
  const counts = await getAttempts(db, [accountKey(email)], windowStartOf(now));
  if ((counts.get(accountKey(email)) ?? 0) >= ACCOUNT_FAILURE_LIMIT) limited(now);
}

export async function recordFailedPassword(db: Db, email: string, now = new Date()): Promise<void> {
  await incrementAttempts(db, accountKey(email), windowStartOf(now));
}

export const resetAccountFailures = (db: Db, email: string) => resetAttempts(db, accountKey(email));

/** Drops windows that ended before the current one began. */
export const cleanupOldWindows = (db: Db, now = new Date()) => deleteWindowsBefore(db, windowStartOf(now));
