import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Counter rows of auth_rate_limits, one per key and `windowStart`, so every process sharing the
 * database counts into the same row. Only the server's rate limiter (src/server/lib/rate-limiter.ts)
 * writes them; it names each row by the epoch minute from which it is no longer read, so
 * deleteWindowsBefore(now's minute) clears every limiter's old rows at once.
 */

/** Adds one attempt and returns the window's new total, atomically on both databases. */
export async function incrementAttempts({ orm: db, t }: Db, key: string, windowStart: number): Promise<number> {
  const r = t.authRateLimits;
  const [row] = await db
    .insert(r)
    .values({ key, windowStart, attempts: 1 })
    .onConflictDoUpdate({ target: [r.key, r.windowStart], set: { attempts: sql`${r.attempts} + 1` } })
    .returning({ attempts: r.attempts });
  return row?.attempts ?? 1;
}

/**
 * Check and count in one statement: adds one attempt unless the window already holds `limit`,
 * and returns the new total, or null when the limit was reached (nothing is counted then).
 * Concurrent callers can never push a window past its limit, on either database.
 */
export async function incrementAttemptsBelow({ orm: db, t }: Db, key: string, windowStart: number, limit: number): Promise<number | null> {
  const r = t.authRateLimits;
  const [row] = await db
    .insert(r)
    .values({ key, windowStart, attempts: 1 })
    .onConflictDoUpdate({ target: [r.key, r.windowStart], set: { attempts: sql`${r.attempts} + 1` }, setWhere: sql`${r.attempts} < ${limit}` })
    .returning({ attempts: r.attempts });
  return row?.attempts ?? null;
}

/** Gives back one attempt counted in a window (never below zero). */
export async function decrementAttempts({ orm: db, t }: Db, key: string, windowStart: number): Promise<void> {
  const r = t.authRateLimits;
  await db.update(r).set({ attempts: sql`${r.attempts} - 1` })
    .where(and(eq(r.key, key), eq(r.windowStart, windowStart), gt(r.attempts, 0)));
}

/** Attempts counted so far in a window, per key (missing keys count 0). */
export async function getAttempts({ orm: db, t }: Db, keys: string[], windowStart: number): Promise<Map<string, number>> {
  const r = t.authRateLimits;
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: r.key, attempts: r.attempts })
    .from(r)
    .where(and(inArray(r.key, keys), eq(r.windowStart, windowStart)));
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

export async function resetAttempts({ orm: db, t }: Db, key: string): Promise<void> {
  await db.delete(t.authRateLimits).where(eq(t.authRateLimits.key, key));
}

export async function deleteWindowsBefore({ orm: db, t }: Db, windowStart: number): Promise<void> {
  await db.delete(t.authRateLimits).where(lt(t.authRateLimits.windowStart, windowStart));
}
