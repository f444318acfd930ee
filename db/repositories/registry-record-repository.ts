/**
 * The registry's side of portfolio entries (domain_registry_records): which entries are due a
 * lookup, and the lookups' results. An entry without a row was never looked up and is due.
 * The dates the owner typed stay in user_domains; nothing here writes them.
 */
import { and, asc, count, eq, gte, inArray, isNull, lte, min, notInArray, or, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { domainEventRows, type NewDomainEvent } from "./domain-event-repository.ts";

export type RegistryOutcome = "pending" | "ok" | "not_found" | "no_service" | "error";

/** A stored registry record as the portfolio reads it. */
export interface RegistryRecordRow {
  outcome: RegistryOutcome;
  errorReason: string | null;
  rdapServer: string | null;
  /** How the answer was read: over RDAP, or over WHOIS (port 43) for a TLD without RDAP. */
  protocol: RegistryProtocol;
  /** Failed lookups in a row. */
  failures: number;
  expirationDate: string | null;
  registrationDate: string | null;
  lastChangedDate: string | null;
  statuses: string[];
  nameservers: string[];
  registrar: { ianaId: number | null; name: string | null; serviceProviderId: number | null } | null;
  ownDatesOverride: boolean;
  checkedAt: Date | null;
  nextCheckAt: Date;
  /** The owner asked for a check (or renamed the entry) and it has not been made yet. */
  checkRequestedAt: Date | null;
}

export type RegistryProtocol = "rdap" | "whois";

/**
 * What one lookup found, to store. `error` keeps the dates, statuses and registrar the last good
 * lookup stored, and counts the failure (`failures`: failed lookups in a row, this one included).
 * `domainName` is the name looked up: a result for a name the entry no longer has (renamed while
 * the lookup ran) is not stored (saveRegistryResults).
 */
export type RegistryResult =
  | {
    userDomainId: number; domainName: string; outcome: "ok"; protocol: RegistryProtocol; rdapServer: string; expirationDate: string | null;
    registrationDate: string | null; lastChangedDate: string | null; statuses: string[]; nameservers: string[];
    registrarIanaId: number | null; registrarName: string | null; checkedAt: Date; nextCheckAt: Date;
  }
  | { userDomainId: number; domainName: string; outcome: "not_found" | "no_service"; protocol: RegistryProtocol | null; rdapServer: string | null; checkedAt: Date; nextCheckAt: Date }
  | { userDomainId: number; domainName: string; outcome: "error"; protocol: RegistryProtocol | null; rdapServer: string | null; errorReason: string; failures: number; checkedAt: Date; nextCheckAt: Date };

export interface DueEntry {
  userDomainId: number;
  userId: number;
  domainName: string;
  /** Failed lookups in a row so far. */
  failures: number;
  /** The owner asked for this check: no cached answer will do. */
  requested: boolean;
}

export interface ClaimOptions {
  /** At most this many entries of one owner per claim. */
  perUser: number;
  /** At most this many entries in all. */
  limit: number;
  /** Owners to pass over (the run already holds as many of theirs as it takes at once). */
  skipUsers?: readonly number[];
  /** How long the claim holds an entry if the run never stores its result (its process died). */
  leaseMs: number;
}

/**
 * Claims entries due a lookup at `now` in turns by owner: each owner's entries are ranked (the
 * ones the owner asked for first, then never looked up, then longest overdue) and the claim
 * takes every owner's first, then every owner's second, and so on, up to `perUser` each. A
 * claimed entry is held (claimed_until) so no run takes it again until its result is stored or
 * the lease runs out.
 */
export async function claimDueRegistryChecks(handle: Db, now: Date, options: ClaimOptions): Promise<DueEntry[]> {
  const { orm: db, t } = handle;
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  const rank = sql<number>`row_number() over (partition by ${ud.userId} order by
    case when ${rr.checkRequestedAt} is null then 1 else 0 end, ${rr.nextCheckAt} asc nulls first, ${ud.id})`.as("rank");
  const due = db.select({
    userDomainId: sql<number>`${ud.id}`.as("user_domain_id"), userId: sql<number>`${ud.userId}`.as("user_id"),
    domainName: sql<string>`${ud.domainName}`.as("domain_name"), failures: sql<number | null>`${rr.failures}`.as("failures"),
    requestedAt: sql<unknown>`${rr.checkRequestedAt}`.as("requested_at"), rank,
  })
    .from(ud)
    .leftJoin(rr, eq(rr.userDomainId, ud.id))
    .where(and(
      or(isNull(rr.userDomainId), lte(rr.nextCheckAt, now)),
      or(isNull(rr.claimedUntil), lte(rr.claimedUntil, now)),
      options.skipUsers?.length ? notInArray(ud.userId, [...options.skipUsers]) : undefined,
    ))
    .as("due");
  const picked = await db.select().from(due).where(lte(due.rank, options.perUser))
    .orderBy(asc(due.rank), asc(due.userDomainId)).limit(options.limit);
  if (picked.length === 0) return [];
  const claimedUntil = new Date(now.getTime() + options.leaseMs);
  await db.insert(rr).values(picked.map((p) => ({ userDomainId: Number(p.userDomainId), nextCheckAt: now, claimedUntil })))
    .onConflictDoUpdate({ target: rr.userDomainId, set: { claimedUntil } });
  return picked.map((p) => ({
    userDomainId: Number(p.userDomainId), userId: Number(p.userId), domainName: p.domainName,
    failures: Number(p.failures ?? 0), requested: p.requestedAt !== null,
  }));
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
  const base = {
    userDomainId: r.userDomainId, outcome: r.outcome, rdapServer: r.rdapServer, checkedAt: r.checkedAt, nextCheckAt: r.nextCheckAt,
    claimedUntil: null, checkRequestedAt: null, failures: r.outcome === "error" ? r.failures : 0,
  };
  if (r.outcome === "ok") {
    return {
      ...base, protocol: r.protocol, errorReason: null, expirationDate: r.expirationDate, registrationDate: r.registrationDate,
      lastChangedDate: r.lastChangedDate, statuses: r.statuses, nameservers: r.nameservers,
      registrarIanaId: r.registrarIanaId, registrarName: r.registrarName,
      registrarProviderId: r.registrarIanaId === null ? null : providers.get(r.registrarIanaId) ?? null,
    };
  }
  // A failed lookup keeps what the last good answer said; its protocol is the one that failed
  // (a registry answers over one of them), or the last good answer's when no server was asked.
  if (r.outcome === "error") return { ...base, errorReason: r.errorReason, ...(r.protocol ? { protocol: r.protocol } : {}) };
  // The registry holds no such name (or no registry answers for it): nothing it said before stands.
  return {
    ...base, protocol: r.protocol, errorReason: null, expirationDate: null, registrationDate: null, lastChangedDate: null, statuses: [],
    nameservers: [], registrarIanaId: null, registrarName: null, registrarProviderId: null,
  };
}

/** What the registry said at an entry's previous lookup, as a re-check compares against it. */
export interface StoredRegistryState {
  outcome: RegistryOutcome;
  statuses: string[] | null;
  nameservers: string[] | null;
  registrarIanaId: number | null;
  registrarName: string | null;
  expirationDate: string | null;
  checkedAt: Date | null;
}

/** The entry's link to a connected registrar account, and what that account's last sync reported. */
export interface AccountLinkState {
  registrarAccountId: number | null;
  /** The account's registrar (service provider). */
  accountProviderId: number | null;
  /** The account's last successful sync. */
  accountLastSyncAt: Date | null;
  accountActive: boolean;
  /** The transfer lock as the account's last sync reported it (null: the registrar does not say). */
  syncedLocked: boolean | null;
  /** The account no longer lists the entry. */
  departedAt: Date | null;
}

/** What a re-check found, for the rule that turns it into history events. */
export interface RegistryComparison {
  previous: StoredRegistryState | null;
  result: RegistryResult;
  /** The service provider the new answer's registrar is (by IANA id), when known. */
  resultProviderId: number | null;
  link: AccountLinkState;
}

/** Turns one compared lookup into the entry's history events (a feature's rule; none when left out). */
export type RegistryEventRule = (comparison: RegistryComparison) => Omit<NewDomainEvent, "userDomainId">[];

/**
 * Stores lookup results with the history events `eventsOf` makes of each (compared with the
 * record it replaces), one transaction: a record is never updated without its events, nor the
 * reverse. Entries deleted while they were being looked up are skipped; the owner's override
 * choice is never touched. Returns the new events' ids and kinds.
 */
export async function saveRegistryResults(handle: Db, results: RegistryResult[], eventsOf?: RegistryEventRule): Promise<{ id: number; kind: string }[]> {
  if (results.length === 0) return [];
  const { t } = handle;
  const rr = t.domainRegistryRecords;
  const ud = t.userDomains;
  const ra = t.registrarAccounts;
  const ianaIds = [...new Set(results.flatMap((r) => (r.outcome === "ok" && r.registrarIanaId !== null ? [r.registrarIanaId] : [])))];
  const providers = await providersByIanaId(handle, ianaIds);
  return handle.transaction(function* (tx) {
    const ids = results.map((r) => r.userDomainId);
    const rows = yield* exec(tx.select({
      id: ud.id, domainName: ud.domainName, registrarAccountId: ud.registrarAccountId, syncedLocked: ud.isLocked, departedAt: ud.departedAt,
      accountProviderId: ra.serviceProviderId, accountLastSyncAt: ra.lastSyncAt, accountActive: ra.isActive,
      outcome: rr.outcome, statuses: rr.statuses, nameservers: rr.nameservers, registrarIanaId: rr.registrarIanaId, registrarName: rr.registrarName,
      expirationDate: rr.expirationDate, checkedAt: rr.checkedAt,
    }).from(ud).leftJoin(rr, eq(rr.userDomainId, ud.id)).leftJoin(ra, eq(ra.id, ud.registrarAccountId)).where(inArray(ud.id, ids)));
    const live = new Map(rows.map((r) => [r.id, r]));
    const events: NewDomainEvent[] = [];
    for (const result of results) {
      const row = live.get(result.userDomainId);
      // Removed, or renamed while its lookup ran: the rename reset the record and asked for a lookup of the new name.
      if (!row || row.domainName !== result.domainName) continue;
      const values = valuesOf(result, providers);
      const { userDomainId: _key, ...update } = values;
      yield* exec(tx.insert(rr).values(values).onConflictDoUpdate({ target: rr.userDomainId, set: update }));
      if (!eventsOf) continue;
      const previous: StoredRegistryState | null = row.outcome === null ? null : {
        outcome: row.outcome as RegistryOutcome, statuses: row.statuses, nameservers: row.nameservers, registrarIanaId: row.registrarIanaId,
        registrarName: row.registrarName, expirationDate: row.expirationDate, checkedAt: row.checkedAt,
      };
      const link: AccountLinkState = {
        registrarAccountId: row.registrarAccountId, accountProviderId: row.accountProviderId ?? null, accountLastSyncAt: row.accountLastSyncAt ?? null,
        accountActive: row.accountActive ?? false, syncedLocked: row.syncedLocked, departedAt: row.departedAt,
      };
      const resultProviderId = "registrarProviderId" in values ? values.registrarProviderId : null;
      for (const e of eventsOf({ previous, result, resultProviderId, link })) events.push({ ...e, userDomainId: result.userDomainId });
    }
    if (events.length === 0) return [];
    return yield* exec(tx.insert(t.domainEvents).values(domainEventRows(events)).returning({ id: t.domainEvents.id, kind: t.domainEvents.kind }));
  });
}

/**
 * Moves these entries' next lookup to `at` (a server asked us to wait), keeping what they hold
 * and releasing the run's hold on them.
 */
export async function deferRegistryChecks({ orm: db, t }: Db, userDomainIds: number[], at: Date): Promise<void> {
  if (userDomainIds.length === 0) return;
  const rr = t.domainRegistryRecords;
  const live = await db.select({ id: t.userDomains.id }).from(t.userDomains).where(inArray(t.userDomains.id, userDomainIds));
  if (live.length === 0) return;
  await db.insert(rr).values(live.map((r) => ({ userDomainId: r.id, nextCheckAt: at })))
    .onConflictDoUpdate({ target: rr.userDomainId, set: { nextCheckAt: at, claimedUntil: null } });
}

/** Releases entries a run claimed but did not look up (it was stopped): due again as they were. */
export async function releaseRegistryClaims({ orm: db, t }: Db, userDomainIds: number[]): Promise<void> {
  if (userDomainIds.length === 0) return;
  const rr = t.domainRegistryRecords;
  await db.update(rr).set({ claimedUntil: null }).where(inArray(rr.userDomainId, userDomainIds));
}

/**
 * Forgets what the registry said (the entry was renamed): it is due at once, ahead of the
 * owner's other due entries. The override choice stays.
 */
export async function resetRegistryRecord({ orm: db, t }: Db, userDomainId: number, now: Date): Promise<void> {
  const rr = t.domainRegistryRecords;
  await db.update(rr).set({
    outcome: "pending", errorReason: null, rdapServer: null, protocol: null, failures: 0, expirationDate: null, registrationDate: null,
    lastChangedDate: null, statuses: null, nameservers: null, registrarIanaId: null, registrarName: null, registrarProviderId: null,
    // Let go of a lookup of the old name still running, so a run can take the new name at once.
    checkedAt: null, nextCheckAt: now, checkRequestedAt: now, claimedUntil: null,
  }).where(eq(rr.userDomainId, userDomainId));
}

/**
 * Makes an entry of the owner's due now, ahead of the owner's other due entries (check now);
 * what the registry said stays until the answer comes. False when the entry is not theirs.
 */
export async function requestRegistryCheck({ orm: db, t }: Db, userId: number, userDomainId: number, now: Date): Promise<boolean> {
  const ud = t.userDomains;
  const [owned] = await db.select({ id: ud.id }).from(ud).where(and(eq(ud.id, userDomainId), eq(ud.userId, userId)));
  if (!owned) return false;
  const rr = t.domainRegistryRecords;
  await db.insert(rr).values({ userDomainId, nextCheckAt: now, checkRequestedAt: now })
    .onConflictDoUpdate({ target: rr.userDomainId, set: { nextCheckAt: now, checkRequestedAt: now } });
  return true;
}

/** How far the registry's first look at an owner's newest entries has got, or null when it has looked at all of them. */
export interface RegistryProgress {
  /** Entries changed since the oldest one still waiting for its first lookup. */
  total: number;
  /** Of those, the ones looked up. */
  checked: number;
}

/**
 * Entries never looked up (added, imported or renamed, not answered yet) against every entry
 * changed since the oldest of them: after an import of 300 names, "214 of 300 checked".
 */
export async function registryProgress({ orm: db, t }: Db, userId: number): Promise<RegistryProgress | null> {
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  const [waiting] = await db.select({ n: count(), since: min(ud.updatedAt) }).from(ud).leftJoin(rr, eq(rr.userDomainId, ud.id))
    .where(and(eq(ud.userId, userId), isNull(rr.checkedAt)));
  const pending = Number(waiting?.n ?? 0);
  if (pending === 0 || !waiting?.since) return null;
  const [changed] = await db.select({ n: count() }).from(ud).where(and(eq(ud.userId, userId), gte(ud.updatedAt, waiting.since)));
  const total = Math.max(Number(changed?.n ?? 0), pending);
  return { total, checked: total - pending };
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
