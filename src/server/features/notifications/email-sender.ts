/**
 * The e-mail channel: a message as a mail with plain text and HTML, and with an RFC 8058
 * one-click unsubscribe (List-Unsubscribe with a link signed for this channel and its current
 * generation, and List-Unsubscribe-Post) that turns the address off without a sign-in. The
 * confirmation mail (confirmation.ts) carries one too, for the address itself.
 */
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import type { Config } from "../../config.ts";
import { createSmtpMailer, mailErrorMessage, type MailMessage, type Mailer } from "../../integrations/email/smtp-mailer.ts";
import type { TokenSigner } from "../../lib/signed-token.ts";
import { PermanentDeliveryError, publicOrigin, type ChannelSender, type OutgoingMessage } from "./deps.ts";
import { escapeHtml } from "./render.ts";
import { channelUnsubscribeToken } from "./unsubscribe-tokens.ts";

const mailers = new Map<string, Mailer>();

/** This process's mailer for the configured server, or null when SMTP_URL is unset. */
export function mailerFor(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  const key = `${config.SMTP_URL} ${config.MAIL_FROM}`;
  let mailer = mailers.get(key);
  if (!mailer) mailers.set(key, mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }));
  return mailer;
}

/** The link that unsubscribes whatever `token` names, and the RFC 8058 headers pointing at it. */
export function unsubscribeHeaders(origin: string, token: string): { link: string; headers: Record<string, string> } {
  const link = `${origin}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return { link, headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/** A mail's HTML page around `body`, with `footer` under a rule. */
export const mailPage = (title: string, body: string, footer: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#18181b;max-width:40rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>
${body}
<hr style="border:none;border-top:1px solid #e4e4e7;margin:2rem 0 1rem">
<p style="font-size:.875rem;color:#52525b">${footer}</p>
</body></html>`;

/** A mail's subject: one line (a line break in a header would start another header), at most 250 characters. */
export function mailSubject(title: string): string {
  const line = title.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
  return line.length <= 250 ? line : `${line.slice(0, 249)}…`;
}

/**
 * The mail for `message` to this channel's address: the text part plain, the HTML part the
 * message's escaped HTML (render.ts), so the only links in it are this product's.
 */
function composeMail(config: Config, signer: TokenSigner, channel: ChannelRow, message: OutgoingMessage): MailMessage {
  const origin = publicOrigin(config);
  const { link: unsubscribe, headers } = unsubscribeHeaders(origin, channelUnsubscribeToken(signer, channel));
  const settings = `${origin}/settings/notifications`;
  return {
    to: channel.email!,
    subject: mailSubject(message.title),
    text: `${message.text}\n\n--\nNotification settings: ${settings}\nUnsubscribe this address: ${unsubscribe}\n`,
    html: mailPage(mailSubject(message.title), message.html,
      `<a href="${escapeHtml(settings)}">Notification settings</a> · <a href="${escapeHtml(unsubscribe)}">Unsubscribe this address</a>`),
    headers,
  };
}

/**
 * A failed send in words the delivery log can show its owner; the mail server's own answer (which
 * may name this server's mail account or network) stays in `cause`, which the delivery job logs.
 */
export function mailSendError(error: unknown): Error {
  // 5xx: the server refused for good (no such mailbox, policy); 4xx and network trouble may pass.
  const code = (error as { responseCode?: number }).responseCode;
  const message = mailErrorMessage(error);
  return code !== undefined && code >= 500 ? new PermanentDeliveryError(message, { cause: error }) : new Error(message, { cause: error });
}

export function emailSender(config: Config, signer: TokenSigner, mailer: Mailer): ChannelSender {
  return async (channel, message) => {
    if (!channel.email) throw new Error(`Channel ${channel.id} has no address`);
    try {
      await mailer.send(composeMail(config, signer, channel, message));
    } catch (error) {
      throw mailSendError(error);
    }
  };
}
