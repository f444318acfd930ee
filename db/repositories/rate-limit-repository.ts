import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Fixed-window counters. `windowStart` identifies the window (the rate-limit service uses
 * epoch minutes), so every process sharing the database counts into the same row.
 */

/** Adds one attempt and returns the window's new total, atomically on both databases. */
export async function incrementAttempts({ db, t }: Db, key: string, windowStart: number): Promise<number> {
  const r = t.authRateLimits;
  const [row] = await db
    .insert(r)
    .values({ key, windowStart, attempts: 1 })
    .onConflictDoUpdate({ target: [r.key, r.windowStart], set: { attempts: sql`${r.attempts} + 1` } })
    .returning({ attempts: r.attempts });
  return row?.attempts ?? 1;
}

/** Attempts counted so far in a window, per key (missing keys count 0). */
export async function getAttempts({ db, t }: Db, keys: string[], windowStart: number): Promise<Map<string, number>> {
  const r = t.authRateLimits;
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: r.key, attempts: r.attempts })
    .from(r)
    .where(and(inArray(r.key, keys), eq(r.windowStart, windowStart)));
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

export async function resetAttempts({ db, t }: Db, key: string): Promise<void> {
  await db.delete(t.authRateLimits).where(eq(t.authRateLimits.key, key));
}

export async function deleteWindowsBefore({ db, t }: Db, windowStart: number): Promise<void> {
  await db.delete(t.authRateLimits).where(lt(t.authRateLimits.windowStart, windowStart));
}
