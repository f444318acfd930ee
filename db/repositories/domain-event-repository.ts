/**
 * A portfolio entry's history (domain_events) and its own notification switches
 * (domain_notification_settings). The monitoring (registry re-checks, certificates, DNS) appends
 * what it found; the domain's page and the API read it back, newest first.
 */
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import { exec, type Db } from "../client.ts";

export type DomainEventCategory = "registry" | "certificate" | "dns";
export type DomainEventSeverity = "alarm" | "info";

export interface NewDomainEvent {
  userDomainId: number;
  category: DomainEventCategory;
  kind: string;
  /** A host:port for a certificate, a record type for DNS; null for the domain itself. */
  subject?: string | null;
  severity?: DomainEventSeverity;
  oldValue?: unknown;
  newValue?: unknown;
  occurredAt: Date;
}

export interface DomainEventRow {
  id: number;
  userDomainId: number;
  category: DomainEventCategory;
  kind: string;
  subject: string | null;
  severity: DomainEventSeverity;
  oldValue: unknown;
  newValue: unknown;
  occurredAt: Date;
}

/** The rows of `events` as domain_events stores them (what every writer of events inserts). */
export const domainEventRows = (events: readonly NewDomainEvent[]) => events.map((e) => ({
  userDomainId: e.userDomainId, category: e.category, kind: e.kind, subject: e.subject ?? null, severity: e.severity ?? "alarm",
  oldValue: e.oldValue ?? null, newValue: e.newValue ?? null, occurredAt: e.occurredAt,
}));

/** Appends events; returns their ids in the given order. */
export async function recordDomainEvents(handle: Db, events: readonly NewDomainEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await handle.orm.insert(handle.t.domainEvents).values(domainEventRows(events)).returning({ id: handle.t.domainEvents.id });
  return rows.map((r) => r.id);
}

export interface DomainEventPage {
  /** At most this many, newest first. */
  limit: number;
  /** Only events older than this one (the previous page's last): (occurredAt, id) below it. */
  before?: { occurredAt: Date; id: number };
  categories?: readonly DomainEventCategory[];
}

/** One entry's events, newest first. The caller checks the entry belongs to whoever asks. */
export async function listDomainEvents(handle: Db, userDomainId: number, page: DomainEventPage): Promise<DomainEventRow[]> {
  const e = handle.t.domainEvents;
  const before = page.before ? or(lt(e.occurredAt, page.before.occurredAt), and(eq(e.occurredAt, page.before.occurredAt), lt(e.id, page.before.id))) : undefined;
  const rows = await handle.orm.select({
    id: e.id, userDomainId: e.userDomainId, category: e.category, kind: e.kind, subject: e.subject, severity: e.severity,
    oldValue: e.oldValue, newValue: e.newValue, occurredAt: e.occurredAt,
  }).from(e)
    .where(and(eq(e.userDomainId, userDomainId), before, page.categories?.length ? inArray(e.category, [...page.categories]) : undefined))
    .orderBy(desc(e.occurredAt), desc(e.id)).limit(page.limit);
  return rows.map((r) => ({ ...r, category: r.category as DomainEventCategory, severity: r.severity as DomainEventSeverity }));
}

/** The entries' own switches: entry id → key → on/off. An entry without any is left out. */
export async function listDomainNotificationSettings(handle: Db, userDomainIds: readonly number[]): Promise<Map<number, Map<string, boolean>>> {
  const out = new Map<number, Map<string, boolean>>();
  if (userDomainIds.length === 0) return out;
  const s = handle.t.domainNotificationSettings;
  const rows = await handle.orm.select({ userDomainId: s.userDomainId, key: s.key, enabled: s.enabled }).from(s).where(inArray(s.userDomainId, [...userDomainIds]));
  for (const r of rows) {
    let own = out.get(r.userDomainId);
    if (!own) out.set(r.userDomainId, (own = new Map<string, boolean>()));
    own.set(r.key, r.enabled);
  }
  return out;
}

/** Sets one switch of an entry; null removes it, so the owner's kind switch decides again. */
export async function setDomainNotificationSetting(handle: Db, userDomainId: number, key: string, enabled: boolean | null): Promise<void> {
  const s = handle.t.domainNotificationSettings;
  if (enabled === null) {
    await handle.orm.delete(s).where(and(eq(s.userDomainId, userDomainId), eq(s.key, key)));
    return;
  }
  const updatedAt = new Date();
  await handle.orm.insert(s).values({ userDomainId, key, enabled, updatedAt })
    .onConflictDoUpdate({ target: [s.userDomainId, s.key], set: { enabled, updatedAt } });
}

/** An event with the entry it belongs to, as the notifications plan from it. */
export interface DomainEventWithEntry extends DomainEventRow {
  userId: number;
  domainName: string;
}

/** These events (those still stored: an entry's removal takes its events), with their entries' owners and names. */
export async function listDomainEventsByIds(handle: Db, ids: readonly number[]): Promise<DomainEventWithEntry[]> {
  if (ids.length === 0) return [];
  const e = handle.t.domainEvents;
  const ud = handle.t.userDomains;
  const rows = await handle.orm.select({
    id: e.id, userDomainId: e.userDomainId, category: e.category, kind: e.kind, subject: e.subject, severity: e.severity,
    oldValue: e.oldValue, newValue: e.newValue, occurredAt: e.occurredAt, userId: ud.userId, domainName: ud.domainName,
  }).from(e).innerJoin(ud, eq(ud.id, e.userDomainId)).where(inArray(e.id, [...ids])).orderBy(e.id);
  return rows.map((r) => ({ ...r, category: r.category as DomainEventCategory, severity: r.severity as DomainEventSeverity }));
}

/** One event of an entry (a page's cursor), or null. */
export async function findDomainEventPosition(handle: Db, userDomainId: number, id: number): Promise<{ occurredAt: Date; id: number } | null> {
  const e = handle.t.domainEvents;
  const [row] = await handle.orm.select({ id: e.id, occurredAt: e.occurredAt }).from(e).where(and(eq(e.id, id), eq(e.userDomainId, userDomainId)));
  return row ?? null;
}

/** Sets several switches of an entry in one transaction (null removes one). */
export async function setDomainNotificationSettings(handle: Db, userDomainId: number, switches: ReadonlyMap<string, boolean | null>): Promise<void> {
  const s = handle.t.domainNotificationSettings;
  const updatedAt = new Date();
  await handle.transaction(function* (tx) {
    for (const [key, enabled] of switches) {
      if (enabled === null) yield* exec(tx.delete(s).where(and(eq(s.userDomainId, userDomainId), eq(s.key, key))));
      else {
        yield* exec(tx.insert(s).values({ userDomainId, key, enabled, updatedAt })
          .onConflictDoUpdate({ target: [s.userDomainId, s.key], set: { enabled, updatedAt } }));
      }
    }
  });
}
