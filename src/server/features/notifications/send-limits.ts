/**
 * How much mail and how many webhook calls a user can make the server send on request, so
 * nobody can aim it at an inbox or a URL (docs/decisions/040). Counted in the database through
 * the one rate limiter (lib/rate-limiter.ts, sliding windows), so the limits hold across
 * processes and restarts. A request over any limit is refused with 429, Retry-After and a
 * sentence saying when to try again; what the limits before it counted is given back.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../../../db/client.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { consume, refund } from "../../lib/rate-limiter.ts";
import { addressHash, recipientLimitKeys, RECIPIENT_MAILS_PER_DAY, waitWords } from "../../domain/mail-recipients.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const SEND_LIMITS = {
  /** Confirmation mails to one address in any 24 hours, whoever asks: a stranger's inbox gets at most this many. */
  confirmationsPerAddressPerDay: RECIPIENT_MAILS_PER_DAY,
  /** Confirmation mails one user asks for (adding and resending), in any hour. */
  confirmationsPerUserPerHour: 10,
  /** New confirmation mails for one channel, in any hour. */
  resendsPerChannelPerHour: 2,
  /** Test messages to one channel, in any hour. */
  testsPerChannelPerHour: 5,
  /** Test messages one user sends to all their channels, in any hour. */
  testsPerUserPerHour: 20,
  /** Test messages to one webhook URL, whoever asks, in any hour. */
  testsPerWebhookUrlPerHour: 10,
} as const;

export { addressHash, waitWords };
const urlHash = (url: string) => createHash("sha256").update(url).digest("hex");


interface Limit {
  key: string;
  limit: number;
  windowMs: number;
  /** The sentence of a refusal, given when to try again ("in 12 minutes"). */
  refusal: (wait: string) => string;
}

/** Counts one request against each limit in order; the first that refuses throws its 429. */
async function within(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  const counted: Limit[] = [];
  for (const l of limits) {
    const result = await consume(db, l.key, { limit: l.limit, windowMs: l.windowMs, mode: "sliding", now });
    if (!result.allowed) {
      for (const c of counted) await refund(db, c.key, { windowMs: c.windowMs, mode: "sliding", now });
      throw tooManyRequests(l.refusal(waitWords(result.retryAfterSeconds)), result.retryAfterSeconds);
    }
    counted.push(l);
  }
}

/** Before a confirmation mail to `email`: the user's hourly allowance, the channel's resends (when resending), the address's day. */
export function allowConfirmationMail(db: Db, request: { userId: number; email: string; resendOf?: number }): Promise<void> {
  const L = SEND_LIMITS;
  return within(db, [
    {
      key: `mail-confirm-user:${request.userId}`, limit: L.confirmationsPerUserPerHour, windowMs: HOUR_MS,
      refusal: (wait) => `You asked for ${L.confirmationsPerUserPerHour} confirmation mails within an hour, the most there can be; try again ${wait}`,
    },
    ...(request.resendOf === undefined ? [] : [{
      key: `mail-confirm-channel:${request.resendOf}`, limit: L.resendsPerChannelPerHour, windowMs: HOUR_MS,
      refusal: (wait: string) => `A new confirmation mail can go to ${request.email} ${L.resendsPerChannelPerHour} times an hour at most; try again ${wait}`,
    }]),
    // The address's day, as written and without its +tag, shared with the account's address-change mails (domain/mail-recipients.ts).
    ...recipientLimitKeys(request.email).map((key) => ({
      key, limit: L.confirmationsPerAddressPerDay, windowMs: DAY_MS,
      refusal: (wait: string) => `No more confirmation mails can go to ${request.email} for now: an address that has not confirmed gets at most ${L.confirmationsPerAddressPerDay} a day from TLDScope, whoever asks; try again ${wait}`,
    })),
  ]);
}

/** Before a test message: the user's hourly allowance, the channel's, and a webhook URL's whoever asks. */
export function allowTestMessage(db: Db, request: { userId: number; channelId: number; webhookUrl: string | null }): Promise<void> {
  const L = SEND_LIMITS;
  return within(db, [
    {
      key: `test-user:${request.userId}`, limit: L.testsPerUserPerHour, windowMs: HOUR_MS,
      refusal: (wait) => `You sent ${L.testsPerUserPerHour} test messages within an hour, the most there can be; try again ${wait}`,
    },
    {
      key: `test-channel:${request.channelId}`, limit: L.testsPerChannelPerHour, windowMs: HOUR_MS,
      refusal: (wait) => `A channel can be sent ${L.testsPerChannelPerHour} test messages an hour at most; try again ${wait}`,
    },
    ...(request.webhookUrl === null ? [] : [{
      key: `test-webhook:${urlHash(request.webhookUrl)}`, limit: L.testsPerWebhookUrlPerHour, windowMs: HOUR_MS,
      refusal: (wait: string) => `This webhook address was sent ${L.testsPerWebhookUrlPerHour} test messages within an hour, the most it gets from TLDScope; try again ${wait}`,
    }]),
  ]);
}
