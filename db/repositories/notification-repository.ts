import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { effectiveExpirySql } from "./effective-expiry.ts";
import { registrarInForceId } from "./user-domain-repository.ts";

export type DeliveryStatus = "queued" | "sending" | "sent" | "failed" | "cancelled";

export interface PreferencesRow {
  userId: number;
  reminderOffsets: number[];
  deliveryModes: Record<string, "immediate" | "digest">;
  enabledKinds: string[];
  currency: string;
  /** Renewal price alerts: smallest move told, in percent. */
  renewalChangePercent: number;
  /** Renewal price alerts: smallest yearly saving told, in hundredths of `currency`. */
  renewalUndercutMinor: number;
  updatedAt: Date;
}

export async function findPreferences({ orm: db, t }: Db, userId: number): Promise<PreferencesRow | null> {
  const [row] = await db.select().from(t.notificationPreferences).where(eq(t.notificationPreferences.userId, userId));
  return row ?? null;
}

export async function listPreferences({ orm: db, t }: Db, userIds: number[]): Promise<PreferencesRow[]> {
  if (userIds.length === 0) return [];
  const p = t.notificationPreferences;
  const rows: PreferencesRow[] = [];
  for (let i = 0; i < userIds.length; i += BATCH) rows.push(...await db.select().from(p).where(inArray(p.userId, userIds.slice(i, i + BATCH))));
  return rows;
}

/**
 * The stored settings whose enabled kinds name `kind` (a text match on the JSON list; callers
 * read each row's list again). Kinds off by default are only ever on in a stored row.
 */
export async function listPreferencesWithKind({ orm: db, t }: Db, kind: string): Promise<PreferencesRow[]> {
  const p = t.notificationPreferences;
  return db.select().from(p).where(sql`cast(${p.enabledKinds} as text) like ${`%${JSON.stringify(kind)}%`}`);
}

export async function savePreferences({ orm: db, t }: Db, row: PreferencesRow): Promise<void> {
  const { userId: _, ...values } = row;
  await db.insert(t.notificationPreferences).values(row).onConflictDoUpdate({ target: t.notificationPreferences.userId, set: values });
}

export interface NewNotification {
  userId: number;
  kind: string;
  subjectKey: string;
  occurrence: string;
  title: string;
  payload: Record<string, unknown>;
  dueDate: string;
}

/** A notification to plan and the channels it goes to (digestDate: sent in that day's digest). */
export interface PlannedNotification {
  notification: NewNotification;
  deliveries: { channelId: number; digestDate: string | null }[];
}

export interface NewDelivery {
  id: number;
  channelId: number;
  digestDate: string | null;
}

/** Notifications per transaction. */
const BATCH = 1000;
const keyOf = (n: { userId: number; kind: string; subjectKey: string; occurrence: string }) => `${n.userId}|${n.kind}|${n.subjectKey}|${n.occurrence}`;

/**
 * The rows of a batch as one JSON parameter read back as rows by the database (json_each on
 * SQLite, jsonb_to_recordset on PostgreSQL): one short statement per batch instead of a
 * parameter per value. The select gives every column in the table's order, as insert-select
 * needs: a new id (null on SQLite, the identity's sequence on PostgreSQL) and the creation time.
 */
function notificationRows(dialect: Db["dialect"], rows: NewNotification[]): SQL {
  const json = JSON.stringify(rows);
  if (dialect === "sqlite") {
    return sql`select null, j.value ->> 'userId', j.value ->> 'kind', j.value ->> 'subjectKey', j.value ->> 'occurrence',
      j.value ->> 'title', j.value -> 'payload', j.value ->> 'dueDate', unixepoch() * 1000 from json_each(${json}) j where true`;
  }
  return sql`select nextval('notifications_id_seq')::int, x."userId", x.kind, x."subjectKey", x.occurrence, x.title, x.payload, x."dueDate", now()
    from jsonb_to_recordset(${json}::jsonb) as x("userId" int, kind text, "subjectKey" text, occurrence text, title text, payload jsonb, "dueDate" date)`;
}

function deliveryRows(dialect: Db["dialect"], rows: { notificationId: number; channelId: number; digestDate: string | null }[]): SQL {
  const json = JSON.stringify(rows);
  if (dialect === "sqlite") {
    return sql`select null, j.value ->> 'notificationId', j.value ->> 'channelId', 'queued', j.value ->> 'digestDate', 0, null, null, null, null,
      unixepoch() * 1000 from json_each(${json}) j where true`;
  }
  return sql`select nextval('notification_deliveries_id_seq')::int, x."notificationId", x."channelId", 'queued', x."digestDate", 0, null::text,
    null::timestamptz, null::timestamptz, null::timestamptz, now()
    from jsonb_to_recordset(${json}::jsonb) as x("notificationId" int, "channelId" int, "digestDate" date)`;
}

/**
 * Stores each notification that does not exist yet, with its deliveries, and returns how many
 * notifications were new and their deliveries. A notification already stored (same user, kind,
 * subject, occurrence) is left as it is and gets no new delivery. Each batch's notifications
 * and deliveries commit together.
 */
export async function insertPlannedNotifications(handle: Db, planned: PlannedNotification[]): Promise<{ notifications: number; deliveries: NewDelivery[] }> {
  const { t, dialect } = handle;
  const created: NewDelivery[] = [];
  let notifications = 0;
  for (let i = 0; i < planned.length; i += BATCH) {
    const batch = planned.slice(i, i + BATCH);
    const byKey = new Map(batch.map((p) => [keyOf(p.notification), p]));
    created.push(...await handle.transaction(function* (tx) {
      const inserted = yield* exec(tx.insert(t.notifications).select(notificationRows(dialect, batch.map((p) => p.notification))).onConflictDoNothing()
        .returning({ id: t.notifications.id, userId: t.notifications.userId, kind: t.notifications.kind, subjectKey: t.notifications.subjectKey, occurrence: t.notifications.occurrence }));
      notifications += inserted.length;
      const deliveries = inserted.flatMap((n) => (byKey.get(keyOf(n))?.deliveries ?? []).map((d) => ({ notificationId: n.id, ...d })));
      if (deliveries.length === 0) return [];
      return yield* exec(tx.insert(t.notificationDeliveries).select(deliveryRows(dialect, deliveries)).onConflictDoNothing()
        .returning({ id: t.notificationDeliveries.id, channelId: t.notificationDeliveries.channelId, digestDate: t.notificationDeliveries.digestDate }));
    }));
  }
  return { notifications, deliveries: created };
}

/** "userId|subjectKey|occurrence" of the notifications of `kind` planned for `dueDate`. */
export async function listPlannedKeys({ orm: db, t }: Db, kind: string, dueDate: string): Promise<Set<string>> {
  const n = t.notifications;
  const rows = await db.select({ userId: n.userId, subjectKey: n.subjectKey, occurrence: n.occurrence }).from(n)
    .where(and(eq(n.kind, kind), eq(n.dueDate, dueDate)));
  return new Set(rows.map((r) => `${r.userId}|${r.subjectKey}|${r.occurrence}`));
}

/** Whether this notification (user, kind, subject, occurrence) was planned. */
export async function notificationExists({ orm: db, t }: Db, key: Pick<NewNotification, "userId" | "kind" | "subjectKey" | "occurrence">): Promise<boolean> {
  const n = t.notifications;
  const [row] = await db.select({ id: n.id }).from(n)
    .where(and(eq(n.userId, key.userId), eq(n.kind, key.kind), eq(n.subjectKey, key.subjectKey), eq(n.occurrence, key.occurrence))).limit(1);
  return row !== undefined;
}

/** A delivery with what it carries, as the sender needs it. */
export interface DeliveryWork {
  id: number;
  channelId: number;
  attempts: number;
  notification: { id: number; userId: number; kind: string; title: string; payload: Record<string, unknown>; dueDate: string; createdAt: Date };
}

const CLAIMABLE: DeliveryStatus[] = ["queued", "failed"];

/**
 * Takes deliveries for sending: each one queued or failed becomes "sending" in one statement,
 * so of two senders racing for a row exactly one gets it. Either one delivery by id, or every
 * claimable delivery of a channel's digest day.
 */
export async function claimDeliveries(handle: Db, which: { id: number } | { channelId: number; digestDate: string }, now: Date): Promise<DeliveryWork[]> {
  const { orm: db, t } = handle;
  const d = t.notificationDeliveries;
  const where = "id" in which ? eq(d.id, which.id) : and(eq(d.channelId, which.channelId), eq(d.digestDate, which.digestDate));
  const claimed = await db.update(d).set({ status: "sending", claimedAt: now, attempts: sql`${d.attempts} + 1`, nextRetryAt: null })
    .where(and(where, inArray(d.status, CLAIMABLE)))
    .returning({ id: d.id, channelId: d.channelId, attempts: d.attempts, notificationId: d.notificationId });
  if (claimed.length === 0) return [];
  const n = t.notifications;
  const notes = await db.select({ id: n.id, userId: n.userId, kind: n.kind, title: n.title, payload: n.payload, dueDate: n.dueDate, createdAt: n.createdAt })
    .from(n).where(inArray(n.id, claimed.map((c) => c.notificationId)));
  const byId = new Map(notes.map((x) => [x.id, x]));
  return claimed.map((c) => ({ id: c.id, channelId: c.channelId, attempts: c.attempts, notification: byId.get(c.notificationId)! }))
    .sort((a, b) => a.notification.dueDate.localeCompare(b.notification.dueDate) || a.id - b.id);
}

/** Records how sending went: sent, failed (with the error and when it is tried again) or cancelled. */
export async function finishDeliveries(
  { orm: db, t }: Db, ids: number[], outcome: { status: "sent"; at: Date } | { status: "failed" | "cancelled"; error: string; nextRetryAt: Date | null },
): Promise<void> {
  if (ids.length === 0) return;
  const d = t.notificationDeliveries;
  const set = outcome.status === "sent"
    ? { status: "sent", sentAt: outcome.at, lastError: null, nextRetryAt: null }
    : { status: outcome.status, lastError: outcome.error, nextRetryAt: outcome.nextRetryAt };
  await db.update(d).set(set).where(and(inArray(d.id, ids), eq(d.status, "sending")));
}

/** Queued deliveries older than `before` (created, but their job may never have been sent). */
export async function listQueuedDeliveries({ orm: db, t }: Db, before: Date): Promise<NewDelivery[]> {
  const d = t.notificationDeliveries;
  return db.select({ id: d.id, channelId: d.channelId, digestDate: d.digestDate }).from(d)
    .where(and(eq(d.status, "queued"), lt(d.createdAt, before)));
}

export interface DeliveryLogEntry {
  id: number;
  status: string;
  attempts: number;
  lastError: string | null;
  nextRetryAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  digestDate: string | null;
  channel: { id: number; kind: string; email: string | null; url: string | null; format: string | null; target: string | null };
  notification: { kind: string; title: string; dueDate: string };
}

/** The user's newest deliveries first. */
export async function listDeliveryLog({ orm: db, t }: Db, userId: number, limit: number): Promise<DeliveryLogEntry[]> {
  const d = t.notificationDeliveries;
  const n = t.notifications;
  const c = t.notificationChannels;
  const rows = await db.select({
    id: d.id, status: d.status, attempts: d.attempts, lastError: d.lastError, nextRetryAt: d.nextRetryAt, sentAt: d.sentAt,
    createdAt: d.createdAt, digestDate: d.digestDate, channelId: c.id, channelKind: c.kind, email: c.email, url: c.url, format: c.format, target: c.target,
    kind: n.kind, title: n.title, dueDate: n.dueDate,
  }).from(d).innerJoin(n, eq(n.id, d.notificationId)).innerJoin(c, eq(c.id, d.channelId))
    .where(eq(n.userId, userId)).orderBy(desc(d.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id, status: r.status, attempts: r.attempts, lastError: r.lastError, nextRetryAt: r.nextRetryAt, sentAt: r.sentAt,
    createdAt: r.createdAt, digestDate: r.digestDate,
    channel: { id: r.channelId, kind: r.channelKind, email: r.email, url: r.url, format: r.format, target: r.target },
    notification: { kind: r.kind, title: r.title, dueDate: r.dueDate },
  }));
}

/** A delivery that failed, or is stuck sending, as administrators see it across every user. */
export interface DeliveryFailureRow {
  id: number;
  status: string;
  attempts: number;
  lastError: string | null;
  nextRetryAt: Date | null;
  claimedAt: Date | null;
  createdAt: Date;
  kind: string;
  title: string;
  channelKind: string;
  channelEmail: string | null;
  channelUrl: string | null;
  channelFormat: string | null;
  channelTarget: string | null;
  userEmail: string;
}

/** Failed deliveries, and those "sending" since before `stuckBefore`: the condition of both the page and its count. */
function failureWhere({ t }: Db, stuckBefore: Date): SQL {
  const d = t.notificationDeliveries;
  return or(eq(d.status, "failed"), and(eq(d.status, "sending"), lt(d.claimedAt, stuckBefore)))!;
}

/** One page of failed and stuck deliveries of every user, the latest attempt first. */
export async function listDeliveryFailures(db: Db, stuckBefore: Date, limit: number, offset: number): Promise<DeliveryFailureRow[]> {
  const { orm, t } = db;
  const d = t.notificationDeliveries;
  const n = t.notifications;
  const c = t.notificationChannels;
  const u = t.users;
  return orm.select({
    id: d.id, status: d.status, attempts: d.attempts, lastError: d.lastError, nextRetryAt: d.nextRetryAt, claimedAt: d.claimedAt,
    createdAt: d.createdAt, kind: n.kind, title: n.title, channelKind: c.kind, channelEmail: c.email, channelUrl: c.url, channelFormat: c.format, channelTarget: c.target, userEmail: u.email,
  }).from(d).innerJoin(n, eq(n.id, d.notificationId)).innerJoin(c, eq(c.id, d.channelId)).innerJoin(u, eq(u.id, n.userId))
    .where(failureWhere(db, stuckBefore))
    .orderBy(desc(sql`coalesce(${d.claimedAt}, ${d.createdAt})`), desc(d.id))
    .limit(limit).offset(offset);
}

/** How many deliveries failed, of them how many are given up (no retry due), and how many are stuck sending. */
export async function countDeliveryFailures(db: Db, stuckBefore: Date): Promise<{ failed: number; givenUp: number; stuck: number }> {
  const { orm, t } = db;
  const d = t.notificationDeliveries;
  const [[failed], [givenUp], [stuck]] = await Promise.all([
    orm.select({ n: count() }).from(d).where(eq(d.status, "failed")),
    orm.select({ n: count() }).from(d).where(and(eq(d.status, "failed"), isNull(d.nextRetryAt))),
    orm.select({ n: count() }).from(d).where(and(eq(d.status, "sending"), lt(d.claimedAt, stuckBefore))),
  ]);
  return { failed: failed?.n ?? 0, givenUp: givenUp?.n ?? 0, stuck: stuck?.n ?? 0 };
}

/** A portfolio entry due for an expiry reminder, with its TLD and provider. */
export interface ExpiringDomain {
  id: number;
  userId: number;
  domainName: string;
  tldId: number;
  /** The registrar in force (the entry's own, else the registry's when we list it), as the portfolio prices it. */
  serviceProviderId: number | null;
  providerName: string | null;
  expirationDate: string;
  autoRenew: boolean;
  /** False while nobody has said whether the domain renews automatically (autoRenew is then false and means nothing). */
  autoRenewKnown: boolean;
}

/**
 * Entries expiring on one of `dates` ("YYYY-MM-DD"), by the date reminders use: the registry's
 * unless it has none, the owner chose their own over it, or it came over WHOIS against a registrar
 * account's date (effective-expiry.ts), else the typed or synced one.
 * Entries a registrar account no longer lists (departed) are left out.
 */
export async function listDomainsExpiringOn({ orm: db, t }: Db, dates: string[]): Promise<ExpiringDomain[]> {
  if (dates.length === 0) return [];
  const ud = t.userDomains;
  const sp = t.serviceProviders;
  const rr = t.domainRegistryRecords;
  const expiry = effectiveExpirySql(t);
  const inForce = registrarInForceId(t);
  return db.select({
    id: ud.id, userId: ud.userId, domainName: ud.domainName, tldId: ud.tldId, serviceProviderId: sp.id,
    providerName: sp.name, expirationDate: sql<string>`cast(${expiry} as text)`, autoRenew: ud.autoRenew,
    autoRenewKnown: ud.autoRenewKnown,
  }).from(ud).leftJoin(rr, eq(rr.userDomainId, ud.id)).leftJoin(sp, eq(sp.id, inForce))
    .where(and(inArray(expiry, dates), isNull(ud.departedAt)));
}
