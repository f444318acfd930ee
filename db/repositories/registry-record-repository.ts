/**
 * The registry's side of portfolio entries (domain_registry_records): which entries are due a
 * lookup, and the lookups' results. An entry without a row was never looked up and is due.
 * The dates the owner typed stay in user_domains; nothing here writes them.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";

export type RegistryOutcome = "pending" | "ok" | "not_found" | "no_service" | "error";

/** A stored registry record as the portfolio reads it. */
export interface RegistryRecordRow {
  outcome: RegistryOutcome;
  errorReason: string | null;
  rdapServer: string | null;
  expirationDate: string | null;
  registrationDate: string | null;
  lastChangedDate: string | null;
  statuses: string[];
  nameservers: string[];
  registrar: { ianaId: number | null; name: string | null; serviceProviderId: number | null } | null;
  ownDatesOverride: boolean;
  checkedAt: Date | null;
  nextCheckAt: Date;
}

/** What one lookup found, to store. `error` keeps the dates, statuses and registrar the last good lookup stored. */
export type RegistryResult =
  | {
    userDomainId: number; outcome: "ok"; rdapServer: string; expirationDate: string | null; registrationDate: string | null;
    lastChangedDate: string | null; statuses: string[]; nameservers: string[]; registrarIanaId: number | null;
    registrarName: string | null; checkedAt: Date; nextCheckAt: Date;
  }
  | { userDomainId: number; outcome: "not_found" | "no_service"; rdapServer: string | null; checkedAt: Date; nextCheckAt: Date }
  | { userDomainId: number; outcome: "error"; rdapServer: string | null; errorReason: string; checkedAt: Date; nextCheckAt: Date };

export interface DueEntry {
  userDomainId: number;
  domainName: string;
}

/** Up to `limit` entries due a lookup at `now`: never looked up first, then the longest overdue. */
export async function listDueRegistryChecks({ orm: db, t }: Db, now: Date, limit: number): Promise<DueEntry[]> {
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  return db.select({ userDomainId: ud.id, domainName: ud.domainName })
    .from(ud)
    .leftJoin(rr, eq(rr.userDomainId, ud.id))
    .where(or(isNull(rr.userDomainId), lte(rr.nextCheckAt, now)))
    .orderBy(sql`${rr.nextCheckAt} asc nulls first`, asc(ud.id))
    .limit(limit);
}

/** The service providers (registrars) known by these IANA ids. */
async function providersByIanaId({ orm: db, t }: Db, ianaIds: number[]): Promise<Map<number, number>> {
  if (ianaIds.length === 0) return new Map();
  const sp = t.serviceProviders;
  const rows = await db.select({ id: sp.id, ianaId: sp.ianaId }).from(sp).where(inArray(sp.ianaId, ianaIds)).orderBy(asc(sp.id));
  const found = new Map<number, number>();
  for (const r of rows) if (r.ianaId !== null && !found.has(r.ianaId)) found.set(r.ianaId, r.id);
  return found;
}

function valuesOf(r: RegistryResult, providers: Map<number, number>) {
  const base = { userDomainId: r.userDomainId, outcome: r.outcome, rdapServer: r.rdapServer, checkedAt: r.checkedAt, nextCheckAt: r.nextCheckAt };
  if (r.outcome === "ok") {
    return {
      ...base, errorReason: null, expirationDate: r.expirationDate, registrationDate: r.registrationDate,
      lastChangedDate: r.lastChangedDate, statuses: r.statuses, nameservers: r.nameservers,
      registrarIanaId: r.registrarIanaId, registrarName: r.registrarName,
      registrarProviderId: r.registrarIanaId === null ? null : providers.get(r.registrarIanaId) ?? null,
    };
  }
  if (r.outcome === "error") return { ...base, errorReason: r.errorReason };
  // The registry holds no such name (or no registry answers for it): nothing it said before stands.
  return {
    ...base, errorReason: null, expirationDate: null, registrationDate: null, lastChangedDate: null, statuses: [],
    nameservers: [], registrarIanaId: null, registrarName: null, registrarProviderId: null,
  };
}

/**
 * Stores lookup results, one transaction. Entries deleted while they were being looked up are
 * skipped; the owner's override choice is never touched.
 */
export async function saveRegistryResults(handle: Db, results: RegistryResult[]): Promise<void> {
  if (results.length === 0) return;
  const { t } = handle;
  const rr = t.domainRegistryRecords;
  const ianaIds = [...new Set(results.flatMap((r) => (r.outcome === "ok" && r.registrarIanaId !== null ? [r.registrarIanaId] : [])))];
  const providers = await providersByIanaId(handle, ianaIds);
  await handle.transaction(function* (tx) {
    const ids = results.map((r) => r.userDomainId);
    const live = new Set((yield* exec(tx.select({ id: t.userDomains.id }).from(t.userDomains).where(inArray(t.userDomains.id, ids)))).map((r) => r.id));
    for (const result of results) {
      if (!live.has(result.userDomainId)) continue;
      const values = valuesOf(result, providers);
      const { userDomainId: _key, ...update } = values;
      yield* exec(tx.insert(rr).values(values).onConflictDoUpdate({ target: rr.userDomainId, set: update }));
    }
  });
}

/** Moves these entries' next lookup to `at` (a server asked us to wait), keeping what they hold. */
export async function deferRegistryChecks({ orm: db, t }: Db, userDomainIds: number[], at: Date): Promise<void> {
  if (userDomainIds.length === 0) return;
  const rr = t.domainRegistryRecords;
  const live = await db.select({ id: t.userDomains.id }).from(t.userDomains).where(inArray(t.userDomains.id, userDomainIds));
  if (live.length === 0) return;
  await db.insert(rr).values(live.map((r) => ({ userDomainId: r.id, nextCheckAt: at })))
    .onConflictDoUpdate({ target: rr.userDomainId, set: { nextCheckAt: at } });
}

/** Forgets what the registry said (the entry was renamed): it is due at once. The override choice stays. */
export async function resetRegistryRecord({ orm: db, t }: Db, userDomainId: number, now: Date): Promise<void> {
  const rr = t.domainRegistryRecords;
  await db.update(rr).set({
    outcome: "pending", errorReason: null, rdapServer: null, expirationDate: null, registrationDate: null, lastChangedDate: null,
    statuses: null, nameservers: null, registrarIanaId: null, registrarName: null, registrarProviderId: null, checkedAt: null, nextCheckAt: now,
  }).where(eq(rr.userDomainId, userDomainId));
}

/** Sets the owner's choice for an entry of theirs; false when the entry is not theirs. */
export async function setOwnDatesOverride({ orm: db, t }: Db, userId: number, userDomainId: number, override: boolean, now: Date): Promise<boolean> {
  const ud = t.userDomains;
  const [owned] = await db.select({ id: ud.id }).from(ud).where(and(eq(ud.id, userDomainId), eq(ud.userId, userId)));
  if (!owned) return false;
  const rr = t.domainRegistryRecords;
  await db.insert(rr).values({ userDomainId, ownDatesOverride: override, nextCheckAt: now })
    .onConflictDoUpdate({ target: rr.userDomainId, set: { ownDatesOverride: override } });
  return true;
}
