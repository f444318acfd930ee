import { gte, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * registry_lookup_stats: how the product's own registry lookups went, per TLD, UTC day and
 * method. The registry checks add each stored batch's counts (one upsert per TLD and method in
 * the batch); the coverage page sums the last 30 days.
 */
export interface LookupStatRow {
  tld: string;
  /** "YYYY-MM-DD", UTC. */
  day: string;
  method: string;
  ok: number;
  failed: number;
  found: number;
  noExpiry: number;
}

export type LookupStatTotals = Omit<LookupStatRow, "day">;

/**
 * Adds the counts to their rows (a row is made at its first count), atomically on both databases.
 * Rows of the same TLD, day and method are added together first: PostgreSQL refuses one insert
 * that would update a row twice.
 */
export async function addLookupStats({ orm: db, t }: Db, rows: LookupStatRow[]): Promise<void> {
  const merged = new Map<string, LookupStatRow>();
  for (const row of rows) {
    const key = `${row.tld} ${row.day} ${row.method}`;
    const held = merged.get(key);
    merged.set(key, held
      ? { ...held, ok: held.ok + row.ok, failed: held.failed + row.failed, found: held.found + row.found, noExpiry: held.noExpiry + row.noExpiry }
      : { ...row });
  }
  if (!merged.size) return;
  const s = t.registryLookupStats;
  await db.insert(s).values([...merged.values()]).onConflictDoUpdate({
    target: [s.tld, s.day, s.method],
    set: {
      ok: sql`${s.ok} + excluded.ok`, failed: sql`${s.failed} + excluded.failed`,
      found: sql`${s.found} + excluded.found`, noExpiry: sql`${s.noExpiry} + excluded.no_expiry`,
    },
  });
}

/** Each TLD's and method's counts summed from `fromDay` (inclusive) on. */
export async function sumLookupStatsSince({ orm: db, t }: Db, fromDay: string): Promise<LookupStatTotals[]> {
  const s = t.registryLookupStats;
  const rows = await db.select({
    tld: s.tld, method: s.method,
    ok: sql<number>`sum(${s.ok})`.mapWith(Number), failed: sql<number>`sum(${s.failed})`.mapWith(Number),
    found: sql<number>`sum(${s.found})`.mapWith(Number), noExpiry: sql<number>`sum(${s.noExpiry})`.mapWith(Number),
  }).from(s).where(gte(s.day, fromDay)).groupBy(s.tld, s.method);
  return rows;
}

/** Drops the rows of days before `beforeDay` ("YYYY-MM-DD"). */
export async function deleteLookupStatsBefore({ orm: db, t }: Db, beforeDay: string): Promise<void> {
  await db.delete(t.registryLookupStats).where(lt(t.registryLookupStats.day, beforeDay));
}
