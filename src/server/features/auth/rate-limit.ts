/**
 * Sign-in throttling in fixed 15-minute windows stored in auth_rate_limits, so every process
 * on a shared PostgreSQL counts together. Three counters:
 * - per address: failed sign-ins and registrations; past IP_LIMIT the address is refused;
 * - per account and address: failed passwords; past ACCOUNT_IP_LIMIT that pair is refused;
 * - per account: failed passwords from anywhere, which only slow the account's sign-ins down.
 * An account is never refused as a whole, so an attacker cannot lock its owner out; the owner
 * signing in from another address waits a few seconds at most.
 *
 * Refusable attempts are reserved before the password is checked, by a conditional increment
 * (check and count in one statement), so parallel requests cannot overshoot a limit; a
 * successful sign-in gives its reservation back.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../../../db/client.ts";
import {
  decrementAttempts, deleteWindowsBefore, getAttempts, incrementAttempts, incrementAttemptsBelow, resetAttempts,
} from "../../../../db/repositories/rate-limit-repository.ts";
import { tooManyRequests } from "../../lib/errors.ts";

export const WINDOW_MINUTES = 15;
export const IP_LIMIT = 20;
export const ACCOUNT_IP_LIMIT = 5;
/** Failures an account absorbs before sign-ins to it slow down: 250 ms, doubling, at most 4 s. */
export const UNDELAYED_FAILURES = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4000;
/** Share of attempts that also sweep old windows: cheap, and no scheduler is needed. */
const CLEANUP_PROBABILITY = 0.05;

/** Windows are identified by their first minute since the epoch (fits a 32-bit integer). */
const windowStartOf = (now: Date) => Math.floor(now.getTime() / 60_000 / WINDOW_MINUTES) * WINDOW_MINUTES;

function limited(now: Date, what: string): never {
  const endMs = (windowStartOf(now) + WINDOW_MINUTES) * 60_000;
  const seconds = Math.max(1, Math.ceil((endMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(`Too many sign-in attempts ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, seconds);
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email}`;
const pairKey = (email: string, ip: string) => `account-ip:${email}|${ip}`;

export function delayAfterFailures(failures: number): number {
  if (failures < UNDELAYED_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - UNDELAYED_FAILURES));
}

async function reserveIp(db: Db, ip: string, now: Date): Promise<void> {
  if (Math.random() < CLEANUP_PROBABILITY) await cleanupOldWindows(db, now);
  if ((await incrementAttemptsBelow(db, ipKey(ip), windowStartOf(now), IP_LIMIT)) === null) limited(now, "from your network");
}

/** A registration counts against its address for good: each one creates an account. */
export const countRegistration = (db: Db, ip: string, now = new Date()) => reserveIp(db, ip, now);

export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Reserves one attempt for this address and this account from it (429 when either is used
 * up), then waits as long as the account's recent failures ask. Report the outcome after.
 */
export async function beginSignInAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<SignInAttempt> {
  const windowStart = windowStartOf(now);
  await reserveIp(db, ip, now);
  if ((await incrementAttemptsBelow(db, pairKey(email, ip), windowStart, ACCOUNT_IP_LIMIT)) === null) {
    await decrementAttempts(db, ipKey(ip), windowStart); // refused, so not an attempt at a password
    limited(now, "for this account from your network");
  }
  const failures = (await getAttempts(db, [accountKey(email)], windowStart)).get(accountKey(email)) ?? 0;
  const delay = delayAfterFailures(failures);
  if (delay > 0) await sleep(delay);
  return {
    succeeded: async () => {
      await decrementAttempts(db, ipKey(ip), windowStart);
      await resetAttempts(db, pairKey(email, ip));
      await resetAttempts(db, accountKey(email));
    },
    failed: async () => {
      await incrementAttempts(db, accountKey(email), windowStart);
    },
  };
}

/** Drops windows that ended before the current one began. */
export const cleanupOldWindows = (db: Db, now = new Date()) => deleteWindowsBefore(db, windowStartOf(now));
