/**
 * Registrar accounts and what they own in the portfolio. Credentials leave this file only
 * through findRegistrarAccountSecret (for the sync and connection test); every other read
 * selects explicit columns without them.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { lockUserRow } from "./user-repository.ts";

export interface SyncLog {
  domainsFound: number;
  newDomains: number;
  updatedDomains: number;
  durationMs: number;
  error: string | null;
  skippedDomains?: number;
  /** Entries linked to the account that it no longer lists; absent from failed syncs and from logs written before it was counted. */
  departedDomains?: number;
}

export interface RegistrarAccountRow {
  id: number;
  label: string;
  authType: string;
  status: string;
  isActive: boolean;
  lastSyncAt: Date | null;
  errorMessage: string | null;
  lastSyncLog: SyncLog | null;
  createdAt: Date;
  provider: { id: number; slug: string; name: string; displayName: string; domain: string; logoUrl: string | null };
  /** Portfolio entries linked to the account. */
  domainCount: number;
  /** Of those, the ones the account brought in (deleted with it; hand-added ones are unlinked). */
  syncedDomainCount: number;
}

export interface RegistrarAccountSecretRow {
  id: number;
  userId: number;
  serviceProviderId: number;
  slug: string;
  isActive: boolean;
  credentialsEncrypted: string;
  credentialsKeyId: string | null;
  /** The last successful sync. */
  lastSyncAt: Date | null;
  lastSyncLog: SyncLog | null;
}

function selectAccounts({ orm: db, t }: Db) {
  const ra = t.registrarAccounts;
  const sp = t.serviceProviders;
  const ud = t.userDomains;
  return db
    .select({
      id: ra.id, label: ra.label, authType: ra.authType, status: ra.status, isActive: ra.isActive,
      lastSyncAt: ra.lastSyncAt, errorMessage: ra.errorMessage, lastSyncLog: ra.lastSyncLog, createdAt: ra.createdAt,
      spId: sp.id, slug: sp.slug, spName: sp.name, displayName: sp.displayName, spDomain: sp.domain, logoUrl: sp.logoUrl,
      domainCount: sql<number>`(select count(*) from ${ud} where ${ud.registrarAccountId} = ${ra.id})`,
      syncedDomainCount: sql<number>`(select count(*) from ${ud} where ${ud.registrarAccountId} = ${ra.id} and ${ud.source} = 'sync')`,
    })
    .from(ra)
    .innerJoin(sp, eq(sp.id, ra.serviceProviderId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>["where"]>>[number];

const toRow = (r: SelectedRow): RegistrarAccountRow => ({
  id: r.id, label: r.label, authType: r.authType, status: r.status, isActive: r.isActive, lastSyncAt: r.lastSyncAt,
  errorMessage: r.errorMessage, lastSyncLog: r.lastSyncLog, createdAt: r.createdAt,
  provider: { id: r.spId, slug: r.slug, name: r.spName, displayName: r.displayName, domain: r.spDomain, logoUrl: r.logoUrl },
  domainCount: Number(r.domainCount), syncedDomainCount: Number(r.syncedDomainCount),
});

export async function listRegistrarAccounts(handle: Db, userId: number): Promise<RegistrarAccountRow[]> {
  const ra = handle.t.registrarAccounts;
  const rows = await selectAccounts(handle).where(eq(ra.userId, userId)).orderBy(asc(ra.createdAt), asc(ra.id));
  return rows.map(toRow);
}

export async function findRegistrarAccount(handle: Db, userId: number, id: number): Promise<RegistrarAccountRow | null> {
  const ra = handle.t.registrarAccounts;
  const [row] = await selectAccounts(handle).where(and(eq(ra.id, id), eq(ra.userId, userId))).limit(1);
  return row ? toRow(row) : null;
}

export async function findRegistrarAccountSecret({ orm: db, t }: Db, id: number): Promise<RegistrarAccountSecretRow | null> {
  const ra = t.registrarAccounts;
  const [row] = await db
    .select({
      id: ra.id, userId: ra.userId, serviceProviderId: ra.serviceProviderId, slug: t.serviceProviders.slug, isActive: ra.isActive,
      credentialsEncrypted: ra.credentialsEncrypted, credentialsKeyId: ra.credentialsKeyId, lastSyncAt: ra.lastSyncAt, lastSyncLog: ra.lastSyncLog,
    })
    .from(ra)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, ra.serviceProviderId))
    .where(eq(ra.id, id))
    .limit(1);
  return row ?? null;
}

/** What a message about an account names: its owner, label, registrar and last successful sync. */
export interface AccountNoticeFacts {
  userId: number;
  label: string;
  registrar: string;
  lastSyncAt: Date | null;
}

export async function findAccountNoticeFacts({ orm: db, t }: Db, id: number): Promise<AccountNoticeFacts | null> {
  const ra = t.registrarAccounts;
  const sp = t.serviceProviders;
  const [row] = await db.select({ userId: ra.userId, label: ra.label, registrar: sp.displayName, lastSyncAt: ra.lastSyncAt })
    .from(ra).innerJoin(sp, eq(sp.id, ra.serviceProviderId)).where(eq(ra.id, id)).limit(1);
  return row ?? null;
}

export interface NewRegistrarAccount {
  userId: number;
  serviceProviderId: number;
  label: string;
  authType: string;
  isActive: boolean;
  credentialsEncrypted: string;
  credentialsKeyId: string;
}

/**
 * Stores the account unless its user already holds `max` (null then); the count and the insert
 * are one transaction with the user's row locked, so parallel creates take turns.
 */
export async function insertRegistrarAccountWithinLimit(handle: Db, values: NewRegistrarAccount, max: number): Promise<number | null> {
  const ra = handle.t.registrarAccounts;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, values.userId);
    const [held] = yield* exec(tx.select({ n: count() }).from(ra).where(eq(ra.userId, values.userId)));
    if (Number(held?.n ?? 0) >= max) return null;
    // "untested" until the first connection test or sync says whether the credentials work.
    const [row] = yield* exec(tx.insert(ra).values({ ...values, status: "untested" }).returning({ id: ra.id }));
    return row!.id;
  });
}

/** Service providers by slug, for deciding which registrars can be connected. */
export async function listProvidersBySlugs({ orm: db, t }: Db, slugs: readonly string[]) {
  const sp = t.serviceProviders;
  return db
    .select({ id: sp.id, slug: sp.slug, name: sp.name, displayName: sp.displayName, domain: sp.domain, logoUrl: sp.logoUrl, isActive: sp.isActive })
    .from(sp)
    .where(inArray(sp.slug, [...slugs]))
    .orderBy(asc(sp.displayName));
}

/** Ids of accounts with auto-sync on. */
export async function listActiveRegistrarAccountIds({ orm: db, t }: Db): Promise<number[]> {
  const ra = t.registrarAccounts;
  const rows = await db.select({ id: ra.id }).from(ra).where(eq(ra.isActive, true)).orderBy(asc(ra.id));
  return rows.map((r) => r.id);
}

/**
 * Removes the account and the entries it brought in, and unlinks entries the user added by
 * hand, in one transaction. Null when no such account belongs to the user.
 */
export async function deleteRegistrarAccount(handle: Db, userId: number, id: number): Promise<{ removedDomains: number; unlinkedDomains: number } | null> {
  const { t } = handle;
  const ra = t.registrarAccounts;
  const ud = t.userDomains;
  return handle.transaction(function* (tx) {
    const [owned] = yield* exec(tx.select({ id: ra.id }).from(ra).where(and(eq(ra.id, id), eq(ra.userId, userId))));
    if (!owned) return null;
    const unlinked = yield* exec(tx.update(ud).set({ registrarAccountId: null, updatedAt: new Date() })
      .where(and(eq(ud.registrarAccountId, id), eq(ud.userId, userId), eq(ud.source, "manual"))).returning({ id: ud.id }));
    const removed = yield* exec(tx.delete(ud).where(and(eq(ud.registrarAccountId, id), eq(ud.userId, userId))).returning({ id: ud.id }));
    yield* exec(tx.delete(ra).where(eq(ra.id, id)));
    return { removedDomains: removed.length, unlinkedDomains: unlinked.length };
  });
}

/** A connection test's outcome: null when the registrar accepted the credentials, else its message. */
export async function recordConnectionTest({ orm: db, t }: Db, id: number, error: string | null): Promise<void> {
  await db.update(t.registrarAccounts).set({ status: error === null ? "active" : "error", errorMessage: error }).where(eq(t.registrarAccounts.id, id));
}

/** A failed sync: the portfolio is untouched, the account shows the error. */
export async function recordSyncFailure({ orm: db, t }: Db, id: number, log: SyncLog): Promise<void> {
  await db.update(t.registrarAccounts).set({ status: "error", errorMessage: log.error, lastSyncLog: log }).where(eq(t.registrarAccounts.id, id));
}
