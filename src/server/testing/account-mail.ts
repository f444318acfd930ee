/**
 * Account tests' mail: the loopback SMTP fake (smtp-fake.ts) wired into a test app, and the
 * links read back out of the parsed mails.
 */
import type { ParsedMail } from "mailparser";
import type { SmtpFake } from "./smtp-fake.ts";

export const mailEnv = (smtp: SmtpFake) => ({ SMTP_URL: smtp.url, MAIL_FROM: "TLDScope <accounts@example.com>" });

/** Waits for the `count`-th mail to `to` (mails go out after the answer). */
export async function waitForMail(smtp: SmtpFake, to: string, count = 1, timeoutMs = 5000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.mailsTo(to);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms (got ${mails.length}: ${mails.map((m) => m.subject).join("; ")})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first link in a mail's text whose path starts with `path`, as a path with its query. */
export function linkIn(mail: ParsedMail, path: string): string {
  const match = (mail.text ?? "").match(/https?:\/\/[^\s]+/g)?.find((url) => new URL(url).pathname === path);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}": ${mail.text}`);
  const url = new URL(match);
  return `${url.pathname}${url.search}`;
}

export const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("token")!;

/** Lets mails that would be sent after an answer reach the fake, to assert that none came. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
