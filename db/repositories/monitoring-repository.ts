/**
 * Certificate and DNS monitoring of portfolio entries: the extra hosts an owner watches, the
 * latest certificate per host:port, the confirmed DNS answer per record type, when each entry
 * is checked next and which run holds it, and the owner's certificate reminder days.
 */
import { and, asc, count, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { domainEventRows, type NewDomainEvent } from "./domain-event-repository.ts";

export interface MonitorHostRow {
  id: number;
  userDomainId: number;
  host: string;
  port: number;
}

export interface CertificateRow {
  userDomainId: number;
  subject: string;
  checkedAt: Date;
  state: "valid" | "invalid";
  reason: string | null;
  detail: string | null;
  issuer: string | null;
  subjectNames: string[] | null;
  validFrom: Date | null;
  validTo: Date | null;
  fingerprint: string | null;
  coversName: boolean | null;
  trusted: boolean | null;
  toldOffsets: number[] | null;
}

export interface DnsRow {
  userDomainId: number;
  recordType: string;
  records: string[];
  confirmedAt: Date;
  checkedAt: Date;
  pendingRecords: string[] | null;
  pendingSince: Date | null;
  failure: string | null;
}

export interface MonitorStateRow {
  nextCheckAt: Date;
  lastCheckedAt: Date | null;
}

export interface ClaimedEntry {
  userDomainId: number;
  userId: number;
  domainName: string;
}

/** The owner's entry, or null when it is not theirs. */
export async function findOwnedDomain({ orm: db, t }: Db, userId: number, userDomainId: number): Promise<{ id: number; domainName: string } | null> {
  const [row] = await db.select({ id: t.userDomains.id, domainName: t.userDomains.domainName }).from(t.userDomains)
    .where(and(eq(t.userDomains.id, userDomainId), eq(t.userDomains.userId, userId)));
  return row ?? null;
}

export async function listMonitorHosts({ orm: db, t }: Db, userDomainIds: readonly number[]): Promise<MonitorHostRow[]> {
  if (userDomainIds.length === 0) return [];
  const h = t.domainMonitorHosts;
  return db.select({ id: h.id, userDomainId: h.userDomainId, host: h.host, port: h.port }).from(h)
    .where(inArray(h.userDomainId, [...userDomainIds])).orderBy(asc(h.host), asc(h.port));
}

/** Adds a host unless the entry has `max` already or watches it: "limit" / "duplicate" then. */
export async function addMonitorHost(handle: Db, userDomainId: number, host: string, port: number, max: number): Promise<MonitorHostRow | "limit" | "duplicate"> {
  const h = handle.t.domainMonitorHosts;
  return handle.transaction(function* (tx) {
    const [{ n }] = (yield* exec(tx.select({ n: count() }).from(h).where(eq(h.userDomainId, userDomainId)))) as [{ n: number }];
    if (Number(n) >= max) return "limit" as const;
    const rows = yield* exec(tx.insert(h).values({ userDomainId, host, port }).onConflictDoNothing()
      .returning({ id: h.id, userDomainId: h.userDomainId, host: h.host, port: h.port }));
    return rows[0] ?? ("duplicate" as const);
  });
}

/** Removes an extra host and its stored certificate; false when the entry has no such host. */
export async function removeMonitorHost(handle: Db, userDomainId: number, hostId: number): Promise<boolean> {
  const { t } = handle;
  const h = t.domainMonitorHosts;
  return handle.transaction(function* (tx) {
    const removed = yield* exec(tx.delete(h).where(and(eq(h.id, hostId), eq(h.userDomainId, userDomainId))).returning({ host: h.host, port: h.port }));
    const gone = removed[0];
    if (!gone) return false;
    yield* exec(tx.delete(t.domainCertificates).where(and(eq(t.domainCertificates.userDomainId, userDomainId), eq(t.domainCertificates.subject, `${gone.host}:${gone.port}`))));
    return true;
  });
}

export async function listCertificates({ orm: db, t }: Db, userDomainIds: readonly number[]): Promise<CertificateRow[]> {
  if (userDomainIds.length === 0) return [];
  const c = t.domainCertificates;
  const rows = await db.select().from(c).where(inArray(c.userDomainId, [...userDomainIds])).orderBy(asc(c.userDomainId), asc(c.subject));
  return rows.map((r) => ({ ...r, state: r.state as CertificateRow["state"] }));
}

export async function listDnsRecords({ orm: db, t }: Db, userDomainIds: readonly number[]): Promise<DnsRow[]> {
  if (userDomainIds.length === 0) return [];
  const d = t.domainDnsRecords;
  return db.select().from(d).where(inArray(d.userDomainId, [...userDomainIds])).orderBy(asc(d.userDomainId), asc(d.recordType));
}

export async function findMonitorState({ orm: db, t }: Db, userDomainId: number): Promise<MonitorStateRow | null> {
  const s = t.domainMonitorState;
  const [row] = await db.select({ nextCheckAt: s.nextCheckAt, lastCheckedAt: s.lastCheckedAt }).from(s).where(eq(s.userDomainId, userDomainId));
  return row ?? null;
}

/** Makes the entry due now (a "Check now"); a run holding it keeps it until it saves. */
export async function requestMonitorCheck({ orm: db, t }: Db, userDomainId: number, now: Date): Promise<void> {
  const s = t.domainMonitorState;
  await db.insert(s).values({ userDomainId, nextCheckAt: now }).onConflictDoUpdate({ target: s.userDomainId, set: { nextCheckAt: now } });
}

/**
 * Claims up to `limit` due entries for the run `token` until `now + leaseMs`, soonest due first.
 * Entries never checked are due at once. The claim is one conditional UPDATE per batch, so two
 * runs (processes) never hold the same entry: a row another run claimed first no longer matches.
 */
export async function claimDueMonitorChecks(handle: Db, now: Date, options: { limit: number; leaseMs: number; token: string }): Promise<ClaimedEntry[]> {
  const { orm: db, t } = handle;
  const s = t.domainMonitorState;
  const ud = t.userDomains;
  const missing = await db.select({ id: ud.id }).from(ud).leftJoin(s, eq(s.userDomainId, ud.id)).where(isNull(s.userDomainId)).orderBy(asc(ud.id)).limit(5000);
  if (missing.length) await db.insert(s).values(missing.map((m) => ({ userDomainId: m.id, nextCheckAt: now }))).onConflictDoNothing();
  const dueNow = and(lte(s.nextCheckAt, now), or(isNull(s.claimedUntil), lte(s.claimedUntil, now)));
  const candidates = await db.select({ id: s.userDomainId }).from(s).where(dueNow).orderBy(asc(s.nextCheckAt), asc(s.userDomainId)).limit(options.limit);
  if (candidates.length === 0) return [];
  const claimed = await db.update(s).set({ claimedUntil: new Date(now.getTime() + options.leaseMs), claimToken: options.token })
    .where(and(inArray(s.userDomainId, candidates.map((c) => c.id)), dueNow)).returning({ id: s.userDomainId });
  if (claimed.length === 0) return [];
  return db.select({ userDomainId: ud.id, userId: ud.userId, domainName: ud.domainName }).from(ud)
    .where(inArray(ud.id, claimed.map((c) => c.id))).orderBy(asc(ud.id));
}

/**
 * Lets go of entries the run `token` holds: due again as they were (the run stopped before
 * checking them), or at `dueAt` (an address they use was too busy this run). Returns how many.
 */
export async function releaseMonitorClaims({ orm: db, t }: Db, userDomainIds: readonly number[], token: string, dueAt?: Date): Promise<number> {
  if (userDomainIds.length === 0) return 0;
  const s = t.domainMonitorState;
  const released = await db.update(s).set({ claimedUntil: null, claimToken: null, ...(dueAt ? { nextCheckAt: dueAt } : {}) })
    .where(and(inArray(s.userDomainId, [...userDomainIds]), eq(s.claimToken, token))).returning({ id: s.userDomainId });
  return released.length;
}

export interface MonitorResult {
  userDomainId: number;
  checkedAt: Date;
  nextCheckAt: Date;
  certificates: CertificateRow[];
  /** Subjects no longer watched: their stored certificate is dropped. */
  droppedSubjects: string[];
  dns: DnsRow[];
  events: NewDomainEvent[];
}

/**
 * Stores one entry's check and its events at once, only while the run `token` still holds the
 * entry; returns the new events' ids, or null when the hold was lost (another run took the entry
 * after this one's lease ran out: that run stores it, so nothing is stored or told twice).
 */
export async function saveMonitorResult(handle: Db, token: string, result: MonitorResult): Promise<number[] | null> {
  const { t } = handle;
  const s = t.domainMonitorState;
  const c = t.domainCertificates;
  const d = t.domainDnsRecords;
  return handle.transaction(function* (tx) {
    const held = yield* exec(tx.update(s).set({ nextCheckAt: result.nextCheckAt, lastCheckedAt: result.checkedAt, claimedUntil: null, claimToken: null })
      .where(and(eq(s.userDomainId, result.userDomainId), eq(s.claimToken, token))).returning({ id: s.userDomainId }));
    if (held.length === 0) return null;
    if (result.droppedSubjects.length) {
      yield* exec(tx.delete(c).where(and(eq(c.userDomainId, result.userDomainId), inArray(c.subject, result.droppedSubjects))));
    }
    for (const row of result.certificates) {
      const { userDomainId: _u, subject: _s, ...set } = row;
      yield* exec(tx.insert(c).values(row).onConflictDoUpdate({ target: [c.userDomainId, c.subject], set }));
    }
    for (const row of result.dns) {
      const { userDomainId: _u, recordType: _r, ...set } = row;
      yield* exec(tx.insert(d).values(row).onConflictDoUpdate({ target: [d.userDomainId, d.recordType], set }));
    }
    if (result.events.length === 0) return [];
    const rows = yield* exec(tx.insert(t.domainEvents).values(domainEventRows(result.events)).returning({ id: t.domainEvents.id }));
    return rows.map((r) => r.id);
  });
}

/** The owner's certificate reminder days, or null for the defaults. */
export async function findCertificateOffsets({ orm: db, t }: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  if (userIds.length === 0) return new Map();
  const p = t.monitoringPreferences;
  const rows = await db.select({ userId: p.userId, offsets: p.certificateOffsets }).from(p).where(inArray(p.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, r.offsets]));
}

export async function saveCertificateOffsets({ orm: db, t }: Db, userId: number, offsets: number[]): Promise<void> {
  const p = t.monitoringPreferences;
  const updatedAt = new Date();
  await db.insert(p).values({ userId, certificateOffsets: offsets, updatedAt })
    .onConflictDoUpdate({ target: p.userId, set: { certificateOffsets: offsets, updatedAt } });
}
