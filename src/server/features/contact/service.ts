/**
 * Contact messages: stored as the visitor typed them (the client renders them as text, never
 * as HTML), throttled per address, read by administrators newest first.
 */
import type { Db } from "../../../../db/client.ts";
import {
  countContactMessages, insertContactMessage, listContactMessages,
} from "../../../../db/repositories/contact-message-repository.ts";
import type { ContactMessageInput } from "../../../shared/schemas/contact.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { consumeForClient } from "../../lib/rate-limiter.ts";

export const CONTACT_LIMIT_PER_HOUR = 5;

/**
 * Fixed one-hour windows per client (keys "contact:{client}": an IPv4 address, an IPv6 /64 and
 * its /56), counted by the server's rate limiter (lib/rate-limiter.ts, consumeForClient), so
 * every process sharing the database counts together. A refused message is not counted.
 */
async function countSubmission(db: Db, ip: string, now: Date): Promise<void> {
  const result = await consumeForClient(db, (client) => `contact:${client}`, ip, { limit: CONTACT_LIMIT_PER_HOUR, windowMs: 3_600_000, mode: "fixed", now });
  if (result.allowed) return;
  const seconds = result.retryAfterSeconds;
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
