/**
 * E-mail over SMTP (nodemailer): one transport per process, made from SMTP_URL
 * (smtp://user:password@host:587, STARTTLS when the server offers it; smtps:// for TLS from the
 * first byte). Every message goes out as plain text and HTML.
 */
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** How long one step of an SMTP exchange may wait (connect, greeting, any later answer). */
const SMTP_TIMEOUT_MS = 30_000;

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * An SMTP failure in words a user may read: whether the mail server refused this address, or the
 * mail could not be sent. Never the server's own answer or the error's text, which name this
 * server's mail account ("535 Authentication failed for user …") or its network ("connect
 * ECONNREFUSED 10.0.0.3:587"); those go to the log (mailErrorDetail).
 */
export function mailErrorMessage(error: unknown): string {
  if (recipientRefused(error)) return "The mail server did not accept this address";
  const code = (error as { responseCode?: number }).responseCode;
  return code !== undefined && code >= 500 ? "The mail server refused the message" : "The mail could not be sent: the mail server did not take it";
}

/** The mail server refused the recipient for good (EENVELOPE: a 5xx answer to RCPT TO): the address is the problem. */
export function recipientRefused(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e.code === "EENVELOPE" && e.responseCode !== undefined && e.responseCode >= 500;
}

/** The whole of an SMTP failure, for the log operators read. */
export function mailErrorDetail(error: unknown): { code?: string; responseCode?: number; response?: string; message?: string } {
  const e = error as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  return {
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    ...(typeof e.responseCode === "number" ? { responseCode: e.responseCode } : {}),
    ...(typeof e.response === "string" ? { response: e.response } : {}),
    ...(typeof e.message === "string" ? { message: e.message } : {}),
  };
}
