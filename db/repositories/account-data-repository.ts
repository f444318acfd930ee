/**
 * Everything a user owns, read for their data export and deleted when they close the account.
 * The export selects named columns only, so a secret (password hash, registrar credentials,
 * webhook signing secrets, key hashes, token hashes) can never slip into it; the deletion is one
 * transaction that removes the user row, and with it every row the schema ties to it (each such
 * foreign key cascades), so nothing is left half-deleted if the process dies on the way.
 */
import { and, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";

export async function readUserData(handle: Db, userId: number, deliveriesSince: Date) {
  const { orm: db, t } = handle;
  const d = t.userDomains;
  const r = t.domainRegistryRecords;
  const portfolio = await db.select({
    id: d.id, domainName: d.domainName, tld: t.tlds.name, registrarId: d.serviceProviderId, registrar: t.serviceProviders.name,
    registrarAccountId: d.registrarAccountId, registrationDate: d.registrationDate, expirationDate: d.expirationDate, autoRenew: d.autoRenew,
    isLocked: d.isLocked, privacyEnabled: d.privacyEnabled, source: d.source, notes: d.notes, departedAt: d.departedAt,
    createdAt: d.createdAt, updatedAt: d.updatedAt,
    registry: {
      outcome: r.outcome, errorReason: r.errorReason, rdapServer: r.rdapServer, expirationDate: r.expirationDate, registrationDate: r.registrationDate,
      lastChangedDate: r.lastChangedDate, statuses: r.statuses, nameservers: r.nameservers, registrarIanaId: r.registrarIanaId,
      registrarName: r.registrarName, ownDatesOverride: r.ownDatesOverride, checkedAt: r.checkedAt, nextCheckAt: r.nextCheckAt,
    },
  }).from(d).innerJoin(t.tlds, eq(t.tlds.id, d.tldId)).leftJoin(t.serviceProviders, eq(t.serviceProviders.id, d.serviceProviderId))
    .leftJoin(r, eq(r.userDomainId, d.id)).where(eq(d.userId, userId)).orderBy(d.domainName);
  const a = t.registrarAccounts;
  const registrarAccounts = await db.select({
    id: a.id, label: a.label, registrar: t.serviceProviders.name, authType: a.authType, status: a.status, autoSync: a.isActive,
    lastSyncAt: a.lastSyncAt, errorMessage: a.errorMessage, lastSyncLog: a.lastSyncLog, createdAt: a.createdAt,
  }).from(a).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, a.serviceProviderId)).where(eq(a.userId, userId)).orderBy(a.id);
  const c = t.notificationChannels;
  const channels = await db.select({
    id: c.id, kind: c.kind, email: c.email, confirmedAt: c.confirmedAt, url: c.url, format: c.format, disabledAt: c.disabledAt, createdAt: c.createdAt,
  }).from(c).where(eq(c.userId, userId)).orderBy(c.id);
  const p = t.notificationPreferences;
  const [preferences] = await db.select({
    reminderOffsets: p.reminderOffsets, deliveryModes: p.deliveryModes, enabledKinds: p.enabledKinds, currency: p.currency,
    renewalChangePercent: p.renewalChangePercent, renewalUndercutMinor: p.renewalUndercutMinor, updatedAt: p.updatedAt,
  }).from(p).where(eq(p.userId, userId));
  const w = t.watchedTlds;
  const watches = await db.select({
    id: w.id, tld: t.tlds.name, priceKind: w.priceKind, targetMinor: w.targetMinor, currency: w.currency, metAt: w.metAt, createdAt: w.createdAt,
  }).from(w).innerJoin(t.tlds, eq(t.tlds.id, w.tldId)).where(eq(w.userId, userId)).orderBy(w.id);
  const k = t.apiKeys;
  const apiKeys = await db.select({ id: k.id, name: k.name, prefix: k.prefix, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt, revokedAt: k.revokedAt })
    .from(k).where(eq(k.userId, userId)).orderBy(k.id);
  const n = t.notifications;
  const nd = t.notificationDeliveries;
  const deliveries = await db.select({
    id: nd.id, kind: n.kind, title: n.title, channelId: nd.channelId, channelKind: c.kind, status: nd.status, attempts: nd.attempts,
    lastError: nd.lastError, sentAt: nd.sentAt, createdAt: nd.createdAt,
  }).from(nd).innerJoin(n, eq(n.id, nd.notificationId)).innerJoin(c, eq(c.id, nd.channelId))
    .where(and(eq(n.userId, userId), gte(nd.createdAt, deliveriesSince))).orderBy(desc(nd.createdAt), desc(nd.id));
  const s = t.sessions;
  const sessions = await db.select({ createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, expiresAt: s.expiresAt, userAgent: s.userAgent, ip: s.ip })
    .from(s).where(eq(s.userId, userId)).orderBy(desc(s.lastSeenAt));
  return { portfolio, registrarAccounts, channels, preferences: preferences ?? null, watches, apiKeys, deliveries, sessions };
}

export type UserData = Awaited<ReturnType<typeof readUserData>>;

/** What queued work of a user refers to, read before the deletion: jobs name these ids. */
export async function listUserWorkIds(handle: Db, userId: number) {
  const { orm: db, t } = handle;
  const accountIds = (await db.select({ id: t.registrarAccounts.id }).from(t.registrarAccounts).where(eq(t.registrarAccounts.userId, userId))).map((r) => r.id);
  const channelIds = (await db.select({ id: t.notificationChannels.id }).from(t.notificationChannels).where(eq(t.notificationChannels.userId, userId))).map((r) => r.id);
  const watchIds = (await db.select({ id: t.watchedTlds.id }).from(t.watchedTlds).where(eq(t.watchedTlds.userId, userId))).map((r) => r.id);
  const deliveryIds = channelIds.length === 0 ? [] : (await db.select({ id: t.notificationDeliveries.id }).from(t.notificationDeliveries)
    .where(inArray(t.notificationDeliveries.channelId, channelIds))).map((r) => r.id);
  return { accountIds, channelIds, watchIds, deliveryIds };
}

/**
 * Deletes the user and every row that is theirs, in one transaction: the user row (its foreign
 * keys cascade to sessions, tokens, two-step secrets, portfolio and registry records, registrar
 * accounts, API keys, notification channels, preferences, notifications and their deliveries,
 * watches; audit entries keep their copied e-mail addresses with the id set to null) and the
 * sign-in counters kept under the address. `beforeCommit` runs inside the transaction after the
 * last statement: a throw there (a test standing in for a crash) rolls everything back.
 */
export async function deleteUserEverywhere(handle: Db, user: { id: number; email: string }, beforeCommit?: () => void): Promise<boolean> {
  const { t } = handle;
  const rl = t.authRateLimits;
  return handle.transaction(function* (tx) {
    const keyLike = (pattern: string) => sql`${rl.key} like ${pattern} escape '\\'`;
    const email = escapeLike(user.email);
    yield* exec(tx.delete(rl).where(or(keyLike(`%:${email}`), keyLike(`%:${email}|%`), keyLike(`%:user:${user.id}`), keyLike(`%:user:${user.id}|%`))));
    const gone = yield* exec(tx.delete(t.users).where(eq(t.users.id, user.id)).returning({ id: t.users.id }));
    beforeCommit?.();
    return gone.length > 0;
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
