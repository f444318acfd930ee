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

/** An SMTP failure in words a delivery log can show: the server's answer when there is one. */
export function mailErrorMessage(error: unknown): string {
  const e = error as { response?: string; code?: string; message?: string };
  if (typeof e.response === "string" && e.response) return `The mail server refused the message: ${e.response}`;
  if (e.code === "ECONNREFUSED") return "The mail server refused the connection";
  if (e.code === "ETIMEDOUT" || e.code === "ETIMEOUT") return "The mail server did not answer in time";
  return e.message ? `Sending failed: ${e.message}` : "Sending failed";
}
