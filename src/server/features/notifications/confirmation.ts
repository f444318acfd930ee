/**
 * Confirming an e-mail address (double opt-in). The confirmation mail goes out within the send
 * limits (send-limits.ts), never to an address that asked to get no mail (mail_suppressions),
 * and carries a one-click unsubscribe for the address itself: whoever typed it in, its owner can
 * stop it. The link in it confirms only on POST: opening it (GET, or HEAD as mail scanners do)
 * shows a page with one button, so a scanner that follows links confirms nothing. A link that
 * did confirm says so when used again.
 */
import type { Db } from "../../../../db/client.ts";
import { isSuppressed, liftSuppression } from "../../../../db/repositories/mail-suppression-repository.ts";
import { confirmChannel, findChannelByConfirmToken, type ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { mailErrorDetail, recipientRefused } from "../../integrations/email/smtp-mailer.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import type { TokenSigner } from "../../lib/signed-token.ts";
import type { Config } from "../../config.ts";
import { mailerFor, mailPage, unsubscribeHeaders } from "./email-sender.ts";
import { escapeHtml } from "./render.ts";
import { addressHash, allowConfirmationMail } from "./send-limits.ts";
import { addressUnsubscribeToken } from "./unsubscribe-tokens.ts";

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

export interface MailCtx {
  db: Db;
  config: Config;
  log: Logger;
  signer: TokenSigner;
  /** Public origin the links are built from. */
  origin: string;
}

export const emailUnavailable = () => new AppError(503, "E-mail is not set up on this server (SMTP_URL is unset), so no address can be confirmed or notified");

export const newConfirmToken = () => {
  const token = randomToken();
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3_600_000) };
};

/** 409 when the address asked to get no mail from this server. */
export async function refuseSuppressed(db: Db, email: string): Promise<void> {
  if (await isSuppressed(db, addressHash(email))) {
    throw conflict(`${email} asked to get no mail from TLDScope, so no confirmation mail can be sent to it. If it is your address, open the unsubscribe link of the mail it got from us and allow mail again`);
  }
}

/**
 * Mails `channel`'s address its confirmation link, within the send limits (a 429 sends nothing).
 * `resend`: a new mail for a channel that had one; `beforeSend` runs once the limits let it go. A
 * mail server failure is a 503 saying the mail could not be sent; its detail goes to the log only.
 */
export async function sendConfirmation(
  ctx: MailCtx, channel: ChannelRow, token: string, options: { resend: boolean; beforeSend?: () => Promise<void> },
): Promise<void> {
  const mailer = mailerFor(ctx.config);
  if (!mailer) throw emailUnavailable();
  const email = channel.email!;
  await allowConfirmationMail(ctx.db, { userId: channel.userId, email, ...(options.resend ? { resendOf: channel.id } : {}) });
  await options.beforeSend?.();
  const link = `${ctx.origin}/api/notifications/confirm?token=${token}`;
  const { link: stop, headers } = unsubscribeHeaders(ctx.origin, addressUnsubscribeToken(ctx.signer, email));
  const text = `Someone, hopefully you, asked to receive TLDScope notifications at ${email}.\n\n`
    + `Confirm the address within ${CONFIRM_LINK_HOURS} hours by opening this link and pressing Confirm:\n${link}\n\n`
    + "If it was not you, ignore this mail: the address receives nothing until it is confirmed.\n\n"
    + `--\nGet no more mail from TLDScope at this address, whoever asks: ${stop}\n`;
  try {
    await mailer.send({
      to: email, subject: "Confirm your address for TLDScope notifications", text, headers,
      html: mailPage("Confirm your address",
        `<p>Someone, hopefully you, asked to receive TLDScope notifications at <strong>${escapeHtml(email)}</strong>.</p>`
          + `<p><a href="${escapeHtml(link)}">Confirm this address</a> within ${CONFIRM_LINK_HOURS} hours.</p>`
          + "<p>If it was not you, ignore this mail: the address receives nothing until it is confirmed.</p>",
        `<a href="${escapeHtml(stop)}">Get no more mail from TLDScope at this address</a>, whoever asks.`),
    });
  } catch (error) {
    ctx.log.warn({ channelId: channel.id, smtp: mailErrorDetail(error) }, "confirmation mail not sent");
    if (recipientRefused(error)) throw badRequest(`The mail server did not accept ${email} as an address; check it and try again`, [{ field: "email", message: "The mail server did not accept this address" }]);
    throw new AppError(503, "The confirmation mail could not be sent right now; try again later");
  }
}

/** What a confirmation link stands for, for the page its GET shows. */
export type ConfirmLink =
  | { state: "ready"; email: string }
  | { state: "confirmed"; email: string };

async function channelOfLink(db: Db, token: string | undefined): Promise<{ channel: ChannelRow; hash: string }> {
  if (!isTokenShaped(token)) throw badRequest("This confirmation link is not valid: open the whole link from the mail");
  const hash = hashToken(token);
  const channel = await findChannelByConfirmToken(db, hash);
  if (!channel) throw notFound("This confirmation link is unknown: open the link of the newest confirmation mail");
  return { channel, hash };
}

const expired = (channel: ChannelRow) => !channel.confirmExpiresAt || channel.confirmExpiresAt <= new Date();
const expiredLink = () => badRequest("This confirmation link has expired: send a new one from the notification settings");

/** The link's state, changing nothing (GET and HEAD): ready to confirm, or already confirmed. */
export async function inspectConfirmLink(db: Db, token: string | undefined): Promise<ConfirmLink> {
  const { channel } = await channelOfLink(db, token);
  if (channel.confirmedAt) return { state: "confirmed", email: channel.email! };
  if (expired(channel)) throw expiredLink();
  return { state: "ready", email: channel.email! };
}

/**
 * Confirms the address the link was mailed to (POST). Confirming is its owner's explicit yes, so
 * it also lifts a refusal of mail the address made earlier. A link used again answers that the
 * address is already confirmed.
 */
export async function confirmEmail(db: Db, token: string | undefined): Promise<{ email: string; alreadyConfirmed: boolean }> {
  const { channel, hash } = await channelOfLink(db, token);
  if (channel.confirmedAt) return { email: channel.email!, alreadyConfirmed: true };
  if (expired(channel)) throw expiredLink();
  const confirmed = await confirmChannel(db, hash, new Date());
  if (!confirmed) return { email: channel.email!, alreadyConfirmed: true }; // confirmed by a racing request
  await liftSuppression(db, addressHash(confirmed.email!));
  return { email: confirmed.email!, alreadyConfirmed: false };
}
