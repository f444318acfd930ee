import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { lockUserRow } from "./user-repository.ts";

/** A notification channel as stored (the confirmation token's hash stays here). */
export interface ChannelRow {
  id: number;
  userId: number;
  kind: string;
  email: string | null;
  confirmedAt: Date | null;
  confirmExpiresAt: Date | null;
  url: string | null;
  format: string | null;
  /** Who receives on a chat or push service (a Telegram chat id, a Matrix room id…); not secret. */
  target: string | null;
  secret: string | null;
  disabledAt: Date | null;
  /** Bumped each time the channel is turned on again; unsubscribe links carry the one they were made in. */
  unsubscribeGeneration: number;
  createdAt: Date;
}

/** The selection that reads a ChannelRow (the token hash stays behind). */
export function channelColumns({ t }: Db) {
  const c = t.notificationChannels;
  return {
    id: c.id, userId: c.userId, kind: c.kind, email: c.email, confirmedAt: c.confirmedAt, confirmExpiresAt: c.confirmExpiresAt,
    url: c.url, format: c.format, target: c.target, secret: c.secret, disabledAt: c.disabledAt, unsubscribeGeneration: c.unsubscribeGeneration, createdAt: c.createdAt,
  };
}

export async function listChannels(handle: Db, userId: number): Promise<ChannelRow[]> {
  const c = handle.t.notificationChannels;
  return handle.orm.select(channelColumns(handle)).from(c).where(eq(c.userId, userId)).orderBy(asc(c.id));
}

/** The channel when it belongs to `userId` (any user's with null). */
export async function findChannel(handle: Db, id: number, userId: number | null): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  const [row] = await handle.orm.select(channelColumns(handle)).from(c)
    .where(and(eq(c.id, id), userId === null ? undefined : eq(c.userId, userId)));
  return row ?? null;
}

/** A channel to add: an unconfirmed e-mail address or a webhook. */
type NewChannel =
  | { kind: "email"; userId: number; email: string; confirmTokenHash: string; confirmExpiresAt: Date }
  | { kind: "webhook"; userId: number; url: string | null; format: string; target?: string | null; secret: string | null };

/**
 * Stores a channel unless the user already holds `max` channels of any kind ("limit") or a
 * webhook to the same place ("duplicate"): the same URL and target (a Matrix room on one
 * homeserver), or, for a service reached without a URL of the user's (Telegram, Pushover), the
 * same format and target. The checks and the insert are one transaction with
 * the user's row locked, so two requests racing each other cannot both pass. (The same address
 * twice is refused by the unique index on user and e-mail.)
 */
export async function insertChannelWithinLimit(handle: Db, values: NewChannel, max: number): Promise<ChannelRow | "limit" | "duplicate"> {
  const c = handle.t.notificationChannels;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, values.userId);
    if (values.kind === "webhook") {
      const target = values.target ?? null;
      const samePlace = values.url === null
        ? and(isNull(c.url), eq(c.format, values.format), target === null ? isNull(c.target) : eq(c.target, target))
        : and(eq(c.url, values.url), target === null ? isNull(c.target) : eq(c.target, target));
      const [same] = yield* exec(tx.select({ id: c.id }).from(c).where(and(eq(c.userId, values.userId), samePlace)).limit(1));
      if (same) return "duplicate" as const;
    }
    const [held] = yield* exec(tx.select({ n: count() }).from(c).where(eq(c.userId, values.userId)));
    if (Number(held?.n ?? 0) >= max) return "limit" as const;
    const [row] = yield* exec(tx.insert(c).values(values).returning(channelColumns(handle)));
    if (!row) throw new Error("channel insert returned no row");
    return row;
  });
}

/** A new confirmation token for an unconfirmed address (the previous link stops working). */
export async function setConfirmToken(handle: Db, id: number, confirmTokenHash: string, confirmExpiresAt: Date): Promise<void> {
  const c = handle.t.notificationChannels;
  await handle.orm.update(c).set({ confirmTokenHash, confirmExpiresAt }).where(and(eq(c.id, id), isNull(c.confirmedAt)));
}

export async function findChannelByConfirmToken(handle: Db, confirmTokenHash: string): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  const [row] = await handle.orm.select(channelColumns(handle)).from(c).where(eq(c.confirmTokenHash, confirmTokenHash));
  return row ?? null;
}

/**
 * Confirms the unconfirmed address whose token hash this is (the caller checked the expiry).
 * The hash stays, so a second use of the link can be told it already worked; null when the
 * address was confirmed meanwhile (or the token is unknown).
 */
export async function confirmChannel(handle: Db, confirmTokenHash: string, now: Date): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  const [row] = await handle.orm.update(c).set({ confirmedAt: now })
    .where(and(eq(c.confirmTokenHash, confirmTokenHash), isNotNull(c.confirmExpiresAt), isNull(c.confirmedAt)))
    .returning(channelColumns(handle));
  return row ?? null;
}

/**
 * Turns a channel off (a Date) or on again (null); null when there is no such channel. Turning
 * a channel that was off on again starts a new unsubscribe generation.
 */
export async function setChannelDisabled(handle: Db, id: number, disabledAt: Date | null, userId: number | null): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  const generation = disabledAt === null
    ? sql`CASE WHEN ${c.disabledAt} IS NULL THEN ${c.unsubscribeGeneration} ELSE ${c.unsubscribeGeneration} + 1 END`
    : sql`${c.unsubscribeGeneration}`;
  const [row] = await handle.orm.update(c).set({ disabledAt, unsubscribeGeneration: generation })
    .where(and(eq(c.id, id), userId === null ? undefined : eq(c.userId, userId)))
    .returning(channelColumns(handle));
  return row ?? null;
}

/**
 * Turns a channel off from an unsubscribe link made in `generation`: null when the channel is
 * gone or was turned on again since the link's mail (a newer generation), the row otherwise.
 */
export async function unsubscribeChannel(handle: Db, id: number, generation: number, now: Date): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  const [row] = await handle.orm.update(c).set({ disabledAt: now })
    .where(and(eq(c.id, id), eq(c.unsubscribeGeneration, generation), isNull(c.disabledAt)))
    .returning(channelColumns(handle));
  if (row) return row;
  // Already off in this generation: the link did its work before.
  const current = await findChannel(handle, id, null);
  return current?.unsubscribeGeneration === generation ? current : null;
}

export async function deleteChannel(handle: Db, id: number, userId: number): Promise<boolean> {
  const c = handle.t.notificationChannels;
  const rows = await handle.orm.delete(c).where(and(eq(c.id, id), eq(c.userId, userId))).returning({ id: c.id });
  return rows.length > 0;
}

/**
 * The channels that receive messages: on, and for e-mail confirmed. With `userIds`, only
 * theirs (an empty list gives none).
 */
export async function listReceivingChannels(handle: Db, userIds?: number[]): Promise<ChannelRow[]> {
  if (userIds && userIds.length === 0) return [];
  const c = handle.t.notificationChannels;
  return handle.orm.select(channelColumns(handle)).from(c).where(and(
    isNull(c.disabledAt),
    or(eq(c.kind, "webhook"), isNotNull(c.confirmedAt)),
    userIds ? inArray(c.userId, userIds) : undefined,
  ));
}

/** Turns off every channel of this address, in every account (its owner asked for no more mail); how many were on. */
export async function disableChannelsOfAddress(handle: Db, email: string, now: Date): Promise<number> {
  const c = handle.t.notificationChannels;
  const rows = await handle.orm.update(c).set({ disabledAt: now })
    .where(and(eq(c.kind, "email"), eq(c.email, email.toLowerCase()), isNull(c.disabledAt)))
    .returning({ id: c.id });
  return rows.length;
}
