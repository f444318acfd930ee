/**
 * A user's notification channels: e-mail addresses that receive nothing until their owner
 * confirmed them (confirmation.ts), turning channels off and on, test messages through the same
 * pipeline as real ones (within the send limits, send-limits.ts), and the delivery log.
 */
import type { Db } from "../../../../db/client.ts";
import {
  deleteChannel, findChannel, insertChannelWithinLimit, listChannels, setChannelDisabled, setConfirmToken, type ChannelRow,
} from "../../../../db/repositories/notification-channel-repository.ts";
import { insertPlannedNotifications, listDeliveryLog } from "../../../../db/repositories/notification-repository.ts";
import { isUniqueViolation } from "../../../../db/repositories/user-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { MAX_CHANNELS } from "../../../shared/schemas/notifications.ts";
import { channelUrlHost, shownChannelUrl } from "../../../shared/schemas/webhook-channel.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/secret-token.ts";
import { emailUnavailable, newConfirmToken, refuseSuppressed, sendConfirmation, type MailCtx } from "./confirmation.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { mailerFor } from "./email-sender.ts";
import { getPreferences } from "./preferences.ts";
import { allowTestMessage } from "./send-limits.ts";

export interface NotificationCtx extends MailCtx {
  queue: JobQueue;
}

export function toChannelItem(c: ChannelRow, now = new Date()) {
  return {
    id: c.id, kind: c.kind, email: c.email,
    /** Where a webhook or a Gotify, Matrix or Apprise server is, without its path or query (shownChannelUrl): "https://hooks.slack.com/…". */
    url: shownChannelUrl(c.url),
    /** The host of `url` ("hooks.slack.com"), or null. */
    host: channelUrlHost(c.url),
    format: c.format,
    /** Who receives on a chat or push service: a Telegram chat id, a Matrix room id, an Apprise key, the end of a Pushover user key. */
    target: c.target,
    /** E-mail only: the owner opened the confirmation link. */
    confirmed: c.kind !== "email" || c.confirmedAt !== null,
    /** An unconfirmed address whose link expired: it needs a new confirmation mail. */
    confirmationExpired: c.kind === "email" && c.confirmedAt === null && (!c.confirmExpiresAt || c.confirmExpiresAt <= now),
    enabled: c.disabledAt === null,
    createdAt: c.createdAt.toISOString(),
  };
}
export type ChannelItem = ReturnType<typeof toChannelItem>;

export async function notificationOverview(ctx: NotificationCtx, user: { id: number; isAdmin: boolean }) {
  const [channels, preferences] = await Promise.all([listChannels(ctx.db, user.id), getPreferences(ctx.db, user)]);
  return { emailAvailable: mailerFor(ctx.config) !== null, channels: channels.map((c) => toChannelItem(c)), preferences };
}

export const tooManyChannels = () => conflict(`You can have at most ${MAX_CHANNELS} notification channels; remove one first`);

/**
 * Adds an address and mails it a confirmation link; when the mail cannot be sent (a send limit,
 * the mail server, an address that asked for no mail), nothing is kept.
 */
export async function addEmailChannel(ctx: NotificationCtx, userId: number, email: string): Promise<ChannelItem> {
  if (!mailerFor(ctx.config)) throw emailUnavailable();
  await refuseSuppressed(ctx.db, email);
  const { token, hash, expiresAt } = newConfirmToken();
  let channel: ChannelRow | "limit" | "duplicate";
  try {
    channel = await insertChannelWithinLimit(ctx.db, { kind: "email", userId, email, confirmTokenHash: hash, confirmExpiresAt: expiresAt }, MAX_CHANNELS);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${email} is already one of your notification addresses`);
    throw error;
  }
  if (typeof channel === "string") throw tooManyChannels();
  try {
    await sendConfirmation(ctx, channel, token, { resend: false });
  } catch (error) {
    await deleteChannel(ctx.db, channel.id, userId);
    throw error;
  }
  return toChannelItem(channel);
}

async function ownChannel(db: Db, userId: number, id: number): Promise<ChannelRow> {
  const channel = await findChannel(db, id, userId);
  if (!channel) throw notFound("Notification channel not found");
  return channel;
}

export async function resendConfirmation(ctx: NotificationCtx, userId: number, id: number): Promise<ChannelItem> {
  const channel = await ownChannel(ctx.db, userId, id);
  if (channel.kind !== "email") throw badRequest("Only e-mail addresses are confirmed");
  if (channel.confirmedAt) throw conflict(`${channel.email} is already confirmed`);
  await refuseSuppressed(ctx.db, channel.email!);
  const { token, hash, expiresAt } = newConfirmToken();
  // The new link replaces the old one once the limits let the mail go: a refused resend leaves the old link working.
  await sendConfirmation(ctx, channel, token, { resend: true, beforeSend: () => setConfirmToken(ctx.db, id, hash, expiresAt) });
  return toChannelItem({ ...channel, confirmExpiresAt: expiresAt });
}

export async function setChannelEnabled(db: Db, userId: number, id: number, enabled: boolean): Promise<ChannelItem> {
  await ownChannel(db, userId, id);
  const row = await setChannelDisabled(db, id, enabled ? null : new Date(), userId);
  return toChannelItem(row!);
}

export async function removeChannel(db: Db, userId: number, id: number): Promise<{ removed: true }> {
  if (!(await deleteChannel(db, id, userId))) throw notFound("Notification channel not found");
  return { removed: true };
}

/** Queues a test message to one channel, through the same deliveries as real notifications. */
export async function sendTest(ctx: NotificationCtx, userId: number, id: number): Promise<{ deliveryId: number }> {
  const channel = await ownChannel(ctx.db, userId, id);
  if (channel.disabledAt) throw conflict("This channel is turned off: turn it on to send a test");
  if (channel.kind === "email" && !channel.confirmedAt) {
    throw conflict(`Confirm ${channel.email} first: it receives nothing until the link in its confirmation mail is opened`);
  }
  if (channel.kind === "email" && !mailerFor(ctx.config)) throw emailUnavailable();
  // A service reached without a URL of the user's (Telegram, Pushover) is limited per chat or user key instead, whoever asks.
  const receiver = channel.kind !== "webhook" ? null : channel.url === null ? `${channel.format}:${channel.target}` : `${channel.url} ${channel.target ?? ""}`.trim();
  await allowTestMessage(ctx.db, { userId, channelId: id, webhookUrl: receiver });
  const now = new Date();
  const { deliveries } = await insertPlannedNotifications(ctx.db, [{
    notification: {
      userId, kind: "test", subjectKey: `channel:${id}`, occurrence: `test ${now.toISOString()} ${randomToken(5)}`,
      title: "Test notification from TLDScope",
      payload: { text: `This is a test notification, sent on request at ${now.toISOString().slice(0, 16).replace("T", " ")} UTC. Expiry reminders will arrive here the same way.` },
      dueDate: now.toISOString().slice(0, 10),
    },
    deliveries: [{ channelId: id, digestDate: null }],
  }]);
  await enqueueDeliveries(ctx.queue, deliveries);
  return { deliveryId: deliveries[0]!.id };
}

export async function deliveryLog(db: Db, userId: number) {
  return (await listDeliveryLog(db, userId, 50)).map((d) => ({
    ...d,
    channel: { ...d.channel, url: shownChannelUrl(d.channel.url), host: channelUrlHost(d.channel.url) },
    nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
    sentAt: d.sentAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  }));
}
