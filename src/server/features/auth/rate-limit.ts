/**
 * Sign-in throttling in fixed 15-minute windows, counted by the server's rate limiter
 * (lib/rate-limiter.ts), so every process on a shared PostgreSQL counts together. Three counters:
 * - per address (an IPv4 address, or an IPv6 /64 and its /56: consumeForClient): failed sign-ins
 *   and registrations; past IP_LIMIT the address is refused;
 * - per account and address: failed passwords; past ACCOUNT_IP_LIMIT that pair is refused;
 * - per account: attempts from anywhere, which only slow the account's sign-ins down.
 * An account is never refused for a whole window, so an attacker cannot lock its owner out;
 * the owner signing in from another address waits a few seconds at most.
 *
 * Every counter is reserved before the password is checked, each by one atomic statement:
 * the address and pair counters by the limiter's conditional increment (check and count in one
 * statement), so parallel requests cannot overshoot a limit; the account counter by a plain
 * increment whose result sets this attempt's delay, so parallel attempts, in this process or
 * any other on the same database, are slowed by each other. A successful sign-in gives its
 * reservations back. On top of that, each process checks at most MAX_PARALLEL_PER_ACCOUNT
 * passwords of one account at once; more are refused at once with a short Retry-After, and
 * still count as failures of their address and of the account from that address.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../../../db/client.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import {
  bucketName, consumeForClient, count, refundForClient, reset, resetForClient, type RateLimitResult, type WindowOptions,
} from "../../lib/rate-limiter.ts";

export const WINDOW_MINUTES = 15;
export const IP_LIMIT = 20;
export const ACCOUNT_IP_LIMIT = 5;
/** Password checks of one account a process runs at the same time; more are refused. */
export const MAX_PARALLEL_PER_ACCOUNT = 3;
/** Attempts an account absorbs before sign-ins to it slow down: 250 ms, doubling, at most 4 s. */
export const UNDELAYED_FAILURES = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4000;

const windowAt = (now: Date): WindowOptions => ({ windowMs: WINDOW_MINUTES * 60_000, mode: "fixed", now });
/** The row name (window_start) of the sign-in counters' window at `now`. */
export const currentWindow = (now: Date) => bucketName(windowAt(now));

function limited(refused: RateLimitResult, what: string): never {
  const seconds = refused.retryAfterSeconds;
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
  const result = await consumeForClient(db, ipKey, ip, { ...windowAt(now), limit: IP_LIMIT });
  if (!result.allowed) limited(result, "from your network");
}

/** A registration counts against its address for good: each one creates an account. */
export const countRegistration = (db: Db, ip: string, now = new Date()) => reserveIp(db, ip, now);

export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** Frees this attempt's place among the account's parallel checks (idempotent; succeeded and failed call it). */
  release(): void;
}

/** Password checks under way per account in this process. */
const inFlight = new Map<string, number>();
/** Longest an attempt holds its place: the largest delay plus a password check, rounded up. */
const PARALLEL_RETRY_SECONDS = Math.ceil(MAX_DELAY_MS / 1000) + 1;

function holdParallelPlace(email: string): () => void {
  const held = inFlight.get(email) ?? 0;
  if (held >= MAX_PARALLEL_PER_ACCOUNT) {
    throw tooManyRequests("Too many sign-in attempts for this account at once. Please wait a few seconds and try again.", PARALLEL_RETRY_SECONDS);
  }
  inFlight.set(email, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(email) ?? 1) - 1;
    if (left > 0) inFlight.set(email, left);
    else inFlight.delete(email);
  };
}

/**
 * Reserves one attempt for this address and this account from it (429 when either is used
 * up), takes one of the account's parallel places (429 when they are all taken; the reserved
 * attempts stay counted), counts the attempt for the account as a whole, then waits as long as
 * the account's earlier attempts ask. Report the outcome after.
 */
export async function beginSignInAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<SignInAttempt> {
  const window = windowAt(now);
  await reserveIp(db, ip, now);
  const pair = await consumeForClient(db, (client) => pairKey(email, client), ip, { ...window, limit: ACCOUNT_IP_LIMIT });
  if (!pair.allowed) {
    await refundForClient(db, ipKey, ip, window); // refused, so not an attempt at a password
    limited(pair, "for this account from your network");
  }
  // A guess refused for want of a place still counts as a failure of this address and this
  // account from it: sending many at once must not cost less than sending them in turn.
  const release = holdParallelPlace(email);
  try {
    // Counted before the check, so attempts running in parallel anywhere see each other.
    const attempts = await count(db, accountKey(email), window);
    const delay = delayAfterFailures(attempts - 1);
    if (delay > 0) await sleep(delay);
  } catch (error) {
    release();
    throw error;
  }
  return {
    succeeded: async () => {
      release();
      await refundForClient(db, ipKey, ip, window);
      await resetForClient(db, (client) => pairKey(email, client), ip);
      await reset(db, accountKey(email));
    },
    failed: async () => {
      release(); // the failure is already counted: it was reserved before the check
    },
    release,
  };
}
