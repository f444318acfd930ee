/**
 * A user's notification channels: e-mail addresses that receive nothing until their owner
 * opened the link of a confirmation mail, turning channels off and on, test messages through
 * the same pipeline as real ones, the delivery log, and the link doors (confirm, unsubscribe)
 * that work without a session.
 */
import type { Db } from "../../../../db/client.ts";
import {
  confirmChannel, deleteChannel, findChannel, findChannelByConfirmToken, insertChannelWithinLimit, listChannels,
  setChannelDisabled, setConfirmToken, type ChannelRow,
} from "../../../../db/repositories/notification-channel-repository.ts";
import { insertPlannedNotifications, listDeliveryLog } from "../../../../db/repositories/notification-repository.ts";
import { isUniqueViolation } from "../../../../db/repositories/user-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { MAX_CHANNELS } from "../../../shared/schemas/notifications.ts";
import type { Config } from "../../config.ts";
import { mailErrorMessage } from "../../integrations/email/smtp-mailer.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import type { TokenSigner } from "../../lib/signed-token.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { channelIdOfUnsubscribeToken, mailerFor } from "./email-sender.ts";
import { escapeHtml } from "./render.ts";
import { getPreferences } from "./preferences.ts";

/** How long a confirmation link works. */
const CONFIRM_LINK_HOURS = 48;

export interface NotificationCtx {
  db: Db;
  config: Config;
  queue: JobQueue;
  /** Public origin the links are built from. */
  origin: string;
}

export function toChannelItem(c: ChannelRow, now = new Date()) {
  return {
    id: c.id, kind: c.kind, email: c.email, url: c.url, format: c.format,
    /** E-mail only: the owner opened the confirmation link. */
    confirmed: c.kind !== "email" || c.confirmedAt !== null,
    /** An unconfirmed address whose link expired: it needs a new confirmation mail. */
    confirmationExpired: c.kind === "email" && c.confirmedAt === null && (!c.confirmExpiresAt || c.confirmExpiresAt <= now),
    enabled: c.disabledAt === null,
    createdAt: c.createdAt.toISOString(),
  };
}
export type ChannelItem = ReturnType<typeof toChannelItem>;

const emailUnavailable = () => new AppError(503, "E-mail is not set up on this server (SMTP_URL is unset), so no address can be confirmed or notified");

export async function notificationOverview(ctx: NotificationCtx, user: { id: number; isAdmin: boolean }) {
  const [channels, preferences] = await Promise.all([listChannels(ctx.db, user.id), getPreferences(ctx.db, user)]);
  return { emailAvailable: mailerFor(ctx.config) !== null, channels: channels.map((c) => toChannelItem(c)), preferences };
}

async function sendConfirmation(ctx: NotificationCtx, channel: ChannelRow, token: string): Promise<void> {
  const mailer = mailerFor(ctx.config);
  if (!mailer) throw emailUnavailable();
  const link = `${ctx.origin}/api/notifications/confirm?token=${token}`;
  const text = `Someone, hopefully you, asked to receive TLDScope notifications at ${channel.email}.\n\n`
    + `Confirm the address within ${CONFIRM_LINK_HOURS} hours by opening this link:\n${link}\n\n`
    + "If it was not you, ignore this mail: the address receives nothing until it is confirmed.";
  try {
    await mailer.send({
      to: channel.email!, subject: "Confirm your address for TLDScope notifications", text,
      html: `<p>Someone, hopefully you, asked to receive TLDScope notifications at <strong>${escapeHtml(channel.email!)}</strong>.</p>`
        + `<p><a href="${escapeHtml(link)}">Confirm this address</a> within ${CONFIRM_LINK_HOURS} hours.</p>`
        + "<p>If it was not you, ignore this mail: the address receives nothing until it is confirmed.</p>",
    });
  } catch (error) {
    throw new AppError(503, `The confirmation mail could not be sent. ${mailErrorMessage(error)}`);
  }
}

const newConfirmToken = () => {
  const token = randomToken();
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3_600_000) };
};

/** Adds an address and mails it a confirmation link; when the mail cannot be sent, nothing is kept. */
export async function addEmailChannel(ctx: NotificationCtx, userId: number, email: string): Promise<ChannelItem> {
  if (!mailerFor(ctx.config)) throw emailUnavailable();
  const { token, hash, expiresAt } = newConfirmToken();
  let channel: ChannelRow | null;
  try {
    channel = await insertChannelWithinLimit(ctx.db, { kind: "email", userId, email, confirmTokenHash: hash, confirmExpiresAt: expiresAt }, MAX_CHANNELS);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${email} is already one of your notification addresses`);
    throw error;
  }
  if (!channel) throw conflict(`You can have at most ${MAX_CHANNELS} notification channels; remove one first`);
  try {
    await sendConfirmation(ctx, channel, token);
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
  const { token, hash, expiresAt } = newConfirmToken();
  await setConfirmToken(ctx.db, id, hash, expiresAt);
  await sendConfirmation(ctx, channel, token);
  return toChannelItem({ ...channel, confirmExpiresAt: expiresAt });
}

/** Confirms the address a confirmation link was sent to; 400 for a malformed or expired link, 404 for an unknown one. */
export async function confirmEmail(db: Db, token: string | undefined): Promise<ChannelRow> {
  if (!isTokenShaped(token)) throw badRequest("This confirmation link is not valid: open the whole link from the mail");
  const hash = hashToken(token);
  const found = await findChannelByConfirmToken(db, hash);
  if (!found) throw notFound("This confirmation link is unknown or was already used");
  if (!found.confirmExpiresAt || found.confirmExpiresAt <= new Date()) {
    throw badRequest("This confirmation link has expired: send a new one from the notification settings");
  }
  const confirmed = await confirmChannel(db, hash, new Date());
  if (!confirmed) throw notFound("This confirmation link is unknown or was already used");
  return confirmed;
}

/** Turns off the channel an unsubscribe link was made for; 400 for a link that is not ours, 404 when the channel is gone. */
export async function unsubscribe(db: Db, signer: TokenSigner, token: string | undefined): Promise<ChannelRow> {
  const id = token ? channelIdOfUnsubscribeToken(signer, token) : null;
  if (id === null) throw badRequest("This unsubscribe link is not valid: open the whole link from the mail");
  const channel = await findChannel(db, id, null);
  if (!channel) throw notFound("This address is no longer in any account's notifications");
  return channel.disabledAt ? channel : (await setChannelDisabled(db, id, new Date(), null))!;
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
    nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
    sentAt: d.sentAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  }));
}
