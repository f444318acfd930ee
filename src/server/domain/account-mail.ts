/**
 * Mails about the account itself (a reset link, a password changed, an address to confirm, an
 * address changed), sent through the SMTP mailer integration as it is. They go out after the
 * answer, never while a request waits, so how long a request takes never tells whether an
 * address has an account; a failure is logged.
 */
import type { Config } from "../config.ts";
import { createSmtpMailer, mailErrorMessage, type Mailer } from "../integrations/email/smtp-mailer.ts";
import type { Logger } from "../lib/logger.ts";

const mailers = new Map<string, Mailer>();

/** This process's mailer for the configured server, or null when SMTP_URL is unset. */
export function accountMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  const key = `${config.SMTP_URL} ${config.MAIL_FROM}`;
  let mailer = mailers.get(key);
  if (!mailer) mailers.set(key, mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }));
  return mailer;
}

export const mailConfigured = (config: Pick<Config, "SMTP_URL" | "MAIL_FROM">) => !!config.SMTP_URL && !!config.MAIL_FROM;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface AccountMail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; a link is given separately and shown as a button in the HTML. */
  paragraphs: string[];
  link?: { href: string; label: string };
}

function render(mail: AccountMail) {
  const text = [...mail.paragraphs, ...(mail.link ? [`${mail.link.label}: ${mail.link.href}`] : [])].join("\n\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#18181b;max-width:40rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">${escapeHtml(mail.subject)}</h1>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${mail.link ? `<p><a href="${escapeHtml(mail.link.href)}" style="display:inline-block;background:#2563eb;color:#fff;padding:.6rem 1rem;border-radius:6px;text-decoration:none">${escapeHtml(mail.link.label)}</a></p>
<p style="font-size:.875rem;color:#52525b">Or open this address: ${escapeHtml(mail.link.href)}</p>` : ""}
</body></html>`;
  return { to: mail.to, subject: mail.subject, text: `${text}\n`, html };
}

/** Sends after the current request; returns at once. Without SMTP it does nothing. */
export function sendAccountMailLater(config: Config, log: Logger, mail: AccountMail): void {
  const mailer = accountMailer(config);
  if (!mailer) return;
  setImmediate(() => {
    mailer.send(render(mail)).catch((error: unknown) => log.warn({ subject: mail.subject, error: mailErrorMessage(error) }, "account mail not sent"));
  });
}
