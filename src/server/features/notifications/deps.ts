/**
 * The notification pipeline's names and seams. Planning stores notifications and their
 * deliveries; a delivery job claims a delivery and hands the rendered message to the sender of
 * its channel's kind (CHANNEL_KINDS): e-mail here, webhooks from integrations/webhooks.
 */
import type { Db } from "../../../../db/client.ts";
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../lib/logger.ts";
import type { TokenSigner } from "../../lib/signed-token.ts";

export type ChannelKind = "email" | "webhook";

import { DELIVER_QUEUE, DIGEST_QUEUE, JOB_CATALOGUE, PLAN_EXPIRY_QUEUE, type DeliverJobData, type DigestJobData } from "../../domain/job-catalogue.ts";
export { DELIVER_QUEUE, DIGEST_QUEUE, PLAN_EXPIRY_QUEUE, type DeliverJobData, type DigestJobData };

/** A message as every channel receives it; each sender renders it its own way. */
export interface OutgoingMessage {
  /** Stable across retries ("notification-12", "digest-3-2027-03-01"): a receiver can drop a repeat. */
  id: string;
  /**
   * "domain.expiring", "account.sync" (a registrar account's sync failed or works again),
   * "incident.operator" / "incident.status" (an incident opened or resolved, for administrators /
   * as /status words it), the other kinds' types (render.ts), "test" or "digest".
   */
  type: string;
  /** One line: the mail's subject, the webhook's title. */
  title: string;
  /** The message in plain text, first line first. */
  text: string;
  /** The same as HTML (a fragment: the e-mail sender wraps it). */
  html: string;
  /** ISO 8601. */
  createdAt: string;
  /** The figures behind the words, for programs. */
  data: Record<string, unknown>;
}

/** Sends one message over one channel; throws when it was not delivered. */
export type ChannelSender = (channel: ChannelRow, message: OutgoingMessage, signal: AbortSignal) => Promise<void>;

/** Thrown by a sender when trying again cannot help (a refused address, a URL that is not allowed). */
export class PermanentDeliveryError extends Error {
  override readonly name = "PermanentDeliveryError";
}

/** Delivery attempts (the catalogue's, for deliveries and digests alike): the first plus this many retries, spaced RETRY_DELAY_SECONDS × 2^n. */
export const DELIVERY_RETRY_LIMIT = JOB_CATALOGUE[DELIVER_QUEUE].retry.retryLimit;
export const DELIVERY_RETRY_DELAY_SECONDS = JOB_CATALOGUE[DELIVER_QUEUE].retry.retryDelaySeconds;

export interface NotificationDeps {
  db: Db;
  config: Config;
  log: Logger;
  signer: TokenSigner;
  /** The sender of each channel kind; a kind without one fails its deliveries with a message saying so. */
  senders: Partial<Record<ChannelKind, ChannelSender>>;
}

/** The origin absolute links in messages are built from (no request to take one from in a job). */
export const publicOrigin = (config: Config) => (config.APP_URL ? new URL(config.APP_URL).origin : `http://localhost:${config.PORT}`);
