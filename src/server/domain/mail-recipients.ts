/**
 * What every mail the server sends on someone's request (a channel's confirmation, an account's
 * new address to confirm) owes the address it goes to: none to an address that asked for no mail
 * (mail_suppressions), and at most RECIPIENT_MAILS_PER_DAY in any 24 hours whoever asks. An
 * address is counted as written and without its "+tag" (victim+a@ and victim+b@ share the count
 * of victim@), since most mail services deliver those to one inbox.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import { isSuppressed } from "../../../db/repositories/mail-suppression-repository.ts";
import { conflict, tooManyRequests } from "../lib/errors.ts";
import { consume, refund } from "../lib/rate-limiter.ts";

/** Mails asked for by someone to one address (and to its untagged form) in any 24 hours. */
export const RECIPIENT_MAILS_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

/** The SHA-256 (hex) of an address in lower case: how limits and suppressions name an address. */
export const addressHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** The address without a "+tag" in its local part ("a+x@b.example" → "a@b.example"), lower case. */
export function untaggedAddress(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${lower.slice(at)}` : lower;
}

/** The daily counters a mail to `email` counts in: the address's, and its untagged form's when that differs. */
export function recipientLimitKeys(email: string): string[] {
  const keys = [`mail-to:${addressHash(email)}`];
  const untagged = untaggedAddress(email);
  if (untagged !== email.trim().toLowerCase()) keys.push(`mail-to:${addressHash(untagged)}`);
  return keys;
}

/** Whether the address, or its untagged form, asked for no mail from this server. */
export async function recipientSuppressed(db: Db, email: string): Promise<boolean> {
  if (await isSuppressed(db, addressHash(email))) return true;
  const untagged = untaggedAddress(email);
  return untagged !== email.trim().toLowerCase() && isSuppressed(db, addressHash(untagged));
}

/** "in 1 minute", "in 12 minutes", "in about 5 hours". */
export function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `in about ${Math.round(minutes / 60)} hours`;
}

/**
 * Before an account mail someone asked to send to `email` (a new address to confirm): 409 when
 * the address asked for no mail, 429 past its daily count (nothing counted then).
 */
export async function allowAccountMailTo(db: Db, email: string, now = new Date()): Promise<void> {
  if (await recipientSuppressed(db, email)) {
    throw conflict(`${email} asked to get no mail from TLDScope, so no confirmation mail can be sent to it. If it is your address, open the unsubscribe link of the mail it got from us and allow mail again.`);
  }
  const window = { windowMs: DAY_MS, mode: "sliding" as const, now };
  const counted: string[] = [];
  for (const key of recipientLimitKeys(email)) {
    const result = await consume(db, key, { ...window, limit: RECIPIENT_MAILS_PER_DAY });
    if (!result.allowed) {
      for (const done of counted) await refund(db, done, window);
      throw tooManyRequests(
        `No more confirmation mails can go to ${email} for now: an address gets at most ${RECIPIENT_MAILS_PER_DAY} a day from TLDScope, whoever asks; try again ${waitWords(result.retryAfterSeconds)}.`,
        result.retryAfterSeconds,
      );
    }
    counted.push(key);
  }
}
