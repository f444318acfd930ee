import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { lockUserRow } from "./user-repository.ts";

export type WatchPriceKind = "registration" | "renewal" | "transfer";

/** A watch with the name it is on. */
export interface WatchRow {
  id: number;
  userId: number;
  tld: { id: number; name: string; unicodeName: string | null };
  priceKind: WatchPriceKind;
  /** Hundredths of `currency`. */
  targetMinor: number;
  currency: string;
  crossing: number;
  metAt: Date | null;
  createdAt: Date;
}

function watchColumns({ t }: Db) {
  const w = t.watchedTlds;
  return {
    id: w.id, userId: w.userId, tldId: w.tldId, tldName: t.tlds.name, tldUnicodeName: t.tlds.unicodeName, priceKind: w.priceKind,
    targetMinor: w.targetMinor, currency: w.currency, crossing: w.crossing, metAt: w.metAt, createdAt: w.createdAt,
  };
}

interface Selected {
  id: number; userId: number; tldId: number; tldName: string; tldUnicodeName: string | null; priceKind: string;
  targetMinor: number; currency: string; crossing: number; metAt: Date | null; createdAt: Date;
}

const rowOf = (r: Selected): WatchRow => ({
  id: r.id, userId: r.userId, tld: { id: r.tldId, name: r.tldName, unicodeName: r.tldUnicodeName },
  priceKind: r.priceKind as WatchPriceKind, targetMinor: r.targetMinor, currency: r.currency, crossing: r.crossing, metAt: r.metAt, createdAt: r.createdAt,
});

function selectWatches(handle: Db) {
  const { t } = handle;
  return handle.orm.select(watchColumns(handle)).from(t.watchedTlds).innerJoin(t.tlds, eq(t.tlds.id, t.watchedTlds.tldId));
}

/** A user's watches by name, then kind. */
export async function listWatchesByUser(handle: Db, userId: number): Promise<WatchRow[]> {
  const { t } = handle;
  const rows = await selectWatches(handle).where(eq(t.watchedTlds.userId, userId)).orderBy(asc(t.tlds.name), asc(t.watchedTlds.priceKind));
  return rows.map(rowOf);
}

/** The watch when it belongs to `userId` (any user's with null). */
export async function findWatch(handle: Db, id: number, userId: number | null): Promise<WatchRow | null> {
  const w = handle.t.watchedTlds;
  const [row] = await selectWatches(handle).where(and(eq(w.id, id), userId === null ? undefined : eq(w.userId, userId)));
  return row ? rowOf(row) : null;
}

/** Every watch on one of `tldIds`. */
export async function listWatchesOfTlds(handle: Db, tldIds: number[]): Promise<WatchRow[]> {
  if (tldIds.length === 0) return [];
  const w = handle.t.watchedTlds;
  const rows: WatchRow[] = [];
  for (let i = 0; i < tldIds.length; i += 1000) {
    rows.push(...(await selectWatches(handle).where(inArray(w.tldId, tldIds.slice(i, i + 1000))).orderBy(asc(w.id))).map(rowOf));
  }
  return rows;
}

export interface NewWatch {
  userId: number;
  tldId: number;
  priceKind: WatchPriceKind;
  targetMinor: number;
  currency: string;
}

/**
 * Stores a watch unless the user holds `max` watches already ("limit") or watches this name's
 * kind already ("exists"); the count and the insert are one transaction with the user's row locked.
 */
export async function insertWatchWithinLimit(handle: Db, values: NewWatch, max: number): Promise<{ id: number } | "limit" | "exists"> {
  const w = handle.t.watchedTlds;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, values.userId);
    const [held] = yield* exec(tx.select({ n: count() }).from(w).where(eq(w.userId, values.userId)));
    if (Number(held?.n ?? 0) >= max) return "limit" as const;
    const [row] = yield* exec(tx.insert(w).values(values).onConflictDoNothing().returning({ id: w.id }));
    return row ?? ("exists" as const);
  });
}

/**
 * A new target for the user's watch: a new crossing begins (crossing moves on, met_at cleared),
 * so a target the quotes meet is told again. False when no such watch is the user's.
 */
export async function updateWatchTarget(handle: Db, id: number, userId: number, target: { targetMinor: number; currency: string }): Promise<boolean> {
  const w = handle.t.watchedTlds;
  const rows = await handle.orm.update(w).set({ ...target, crossing: sql`${w.crossing} + 1`, metAt: null })
    .where(and(eq(w.id, id), eq(w.userId, userId))).returning({ id: w.id });
  return rows.length > 0;
}

export async function deleteWatch(handle: Db, id: number, userId: number): Promise<boolean> {
  const w = handle.t.watchedTlds;
  const rows = await handle.orm.delete(w).where(and(eq(w.id, id), eq(w.userId, userId))).returning({ id: w.id });
  return rows.length > 0;
}

/** Crossing `crossing` was told at `at` (unless the watch moved on meanwhile). */
export async function markWatchMet(handle: Db, id: number, crossing: number, at: Date): Promise<void> {
  const w = handle.t.watchedTlds;
  await handle.orm.update(w).set({ metAt: at }).where(and(eq(w.id, id), eq(w.crossing, crossing), isNull(w.metAt)));
}

/** The told crossing `crossing` is over: the target is not met any more, the next time it is starts a new one. */
export async function markWatchUnmet(handle: Db, id: number, crossing: number): Promise<void> {
  const w = handle.t.watchedTlds;
  await handle.orm.update(w).set({ metAt: null, crossing: sql`${w.crossing} + 1` })
    .where(and(eq(w.id, id), eq(w.crossing, crossing), isNotNull(w.metAt)));
}

/** A stored quote of a name at a provider, as watches compare it (hundredths of `currency`). */
export interface WatchQuote {
  tldId: number;
  provider: { id: number; name: string; isActive: boolean };
  registration: number | null;
  renewal: number | null;
  transfer: number | null;
  currency: string;
  lastCheckedAt: Date;
}

/** Every stored quote of `tldIds`. */
export async function listQuotesOfTlds(handle: Db, tldIds: number[]): Promise<WatchQuote[]> {
  if (tldIds.length === 0) return [];
  const { t } = handle;
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const out: WatchQuote[] = [];
  for (let i = 0; i < tldIds.length; i += 1000) {
    const rows = await handle.orm.select({
      tldId: dp.tldId, registration: dp.registrationPrice, renewal: dp.renewalPrice, transfer: dp.transferPrice, currency: dp.currency,
      lastCheckedAt: dp.lastCheckedAt, providerId: sp.id, providerName: sp.name, providerActive: sp.isActive,
    }).from(dp).innerJoin(sp, eq(sp.id, dp.serviceProviderId)).where(inArray(dp.tldId, tldIds.slice(i, i + 1000)));
    out.push(...rows.map((r) => ({
      tldId: r.tldId, registration: r.registration, renewal: r.renewal, transfer: r.transfer, currency: r.currency, lastCheckedAt: r.lastCheckedAt,
      provider: { id: r.providerId, name: r.providerName, isActive: r.providerActive },
    })));
  }
  return out;
}
