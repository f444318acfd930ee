/**
 * Contact messages: stored as the visitor typed them (the client renders them as text, never
 * as HTML), throttled per address, read by administrators newest first.
 */
import type { Db } from "../../../../db/client.ts";
import {
  countContactMessages, insertContactMessage, listContactMessages,
} from "../../../../db/repositories/contact-message-repository.ts";
import { deleteWindowsBefore, incrementAttempts } from "../../../../db/repositories/rate-limit-repository.ts";
import type { ContactMessageInput } from "../../../shared/schemas/contact.ts";
import { tooManyRequests } from "../../lib/errors.ts";

export const CONTACT_LIMIT_PER_HOUR = 5;
const WINDOW_MINUTES = 60;
/** Share of submissions that also sweep finished windows, so no scheduler is needed. */
const CLEANUP_PROBABILITY = 0.05;

/**
 * Fixed one-hour windows in auth_rate_limits (keys "contact:{ip}"), so every process sharing
 * the database counts together. The sign-in limiter shares the table and sweeps rows whose
 * window number is below its current 15-minute window; contact windows are therefore numbered
 * by the minute they END, which is always in the future while they count.
 */
async function countSubmission(db: Db, ip: string, now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  const windowEnd = (Math.floor(minute / WINDOW_MINUTES) + 1) * WINDOW_MINUTES;
  // Below minute - 15: finished contact windows and finished sign-in windows, never a live one of either.
  if (Math.random() < CLEANUP_PROBABILITY) await deleteWindowsBefore(db, minute - 15);
  const attempts = await incrementAttempts(db, `contact:${ip}`, windowEnd);
  if (attempts <= CONTACT_LIMIT_PER_HOUR) return;
  const seconds = Math.max(1, Math.ceil((windowEnd * 60_000 - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(
    `You have sent ${CONTACT_LIMIT_PER_HOUR} messages in the last hour. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another.`,
    seconds,
  );
}

export async function submitContactMessage(db: Db, input: ContactMessageInput, ip: string, now = new Date()) {
  await countSubmission(db, ip, now);
  const stored = await insertContactMessage(db, { ...input, ip: ip === "unknown" ? null : ip });
  return { id: stored.id, createdAt: stored.createdAt };
}

export async function listMessagesForAdmin(db: Db, page: number, limit: number) {
  const [messages, total] = await Promise.all([listContactMessages(db, limit, (page - 1) * limit), countContactMessages(db)]);
  return { messages, page, limit, total, totalPages: Math.ceil(total / limit) };
}
