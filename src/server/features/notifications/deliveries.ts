/**
 * Sending deliveries exactly once. A job claims its delivery (or a channel's digest day)
 * before it sends: the claim turns queued or failed rows into "sending" in one statement, so
 * a repeated job, a retry after success or a second worker finds nothing to claim and sends
 * nothing. A failed send is recorded (error, next retry) and the job retried with backoff; a
 * row left "sending" by a process that died mid-send is never sent again, as the mail may
 * have left.
 */
import { findChannel, type ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { claimDeliveries, finishDeliveries, type DeliveryWork, type NewDelivery } from "../../../../db/repositories/notification-repository.ts";
import { retryBackoffMs, type JobQueue } from "../../../../jobs/queue.ts";
import { mailErrorDetail } from "../../integrations/email/smtp-mailer.ts";
import {
  DELIVER_QUEUE, DELIVERY_RETRY_DELAY_SECONDS, DELIVERY_RETRY_LIMIT, DIGEST_QUEUE, PermanentDeliveryError,
  type DeliverJobData, type DigestJobData, type NotificationDeps, type OutgoingMessage,
} from "./deps.ts";
import { digestMessage, notificationMessage } from "./render.ts";
import { notificationDeliveries } from "../../lib/metrics.ts";
import { sendOptionsOf } from "../../domain/job-catalogue.ts";


/** A job per immediate delivery (sent together) and one per channel and digest day. */
export async function enqueueDeliveries(queue: JobQueue, deliveries: NewDelivery[]): Promise<void> {
  const immediate = deliveries.filter((d) => d.digestDate === null).map((d): DeliverJobData => ({ deliveryId: d.id }));
  if (immediate.length > 0) await queue.sendMany(DELIVER_QUEUE, immediate, sendOptionsOf(DELIVER_QUEUE));
  const digests = new Map<string, DigestJobData>();
  for (const d of deliveries) if (d.digestDate !== null) digests.set(`${d.channelId}:${d.digestDate}`, { channelId: d.channelId, digestDate: d.digestDate });
  for (const [key, data] of digests) await queue.send<DigestJobData>(DIGEST_QUEUE, data, sendOptionsOf(DIGEST_QUEUE, { singletonKey: key }));
}

export type DeliveryOutcome = "sent" | "nothing-to-send" | "cancelled" | "failed";

/** Why a channel takes nothing now, or null when it receives. */
function closedReason(channel: ChannelRow): string | null {
  if (channel.disabledAt) return "The channel was turned off before this was sent";
  if (channel.kind === "email" && !channel.confirmedAt) return "The address is not confirmed";
  return null;
}

async function send(deps: NotificationDeps, claimed: DeliveryWork[], message: (channel: ChannelRow) => OutgoingMessage, retryCount: number, signal: AbortSignal): Promise<DeliveryOutcome> {
  if (claimed.length === 0) return "nothing-to-send";
  const ids = claimed.map((w) => w.id);
  const channel = await findChannel(deps.db, claimed[0]!.channelId, null);
  const closed = channel ? closedReason(channel) : "The channel was removed";
  if (closed || !channel) {
    await finishDeliveries(deps.db, ids, { status: "cancelled", error: closed ?? "The channel was removed", nextRetryAt: null });
    notificationDeliveries.inc({ channel: channel?.kind ?? "removed", outcome: "cancelled" }, ids.length);
    return "cancelled";
  }
  const sender = deps.senders[channel.kind as keyof NotificationDeps["senders"]];
  try {
    if (!sender) {
      throw new PermanentDeliveryError(channel.kind === "email"
        ? "E-mail is not set up on this server (SMTP_URL is unset)"
        : `No sender is set up for ${channel.kind} channels`);
    }
    await sender(channel, message(channel), signal);
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const retries = !permanent && retryCount < DELIVERY_RETRY_LIMIT;
    const nextRetryAt = retries ? new Date(Date.now() + retryBackoffMs(DELIVERY_RETRY_DELAY_SECONDS, retryCount)) : null;
    const reason = error instanceof Error ? error.message : String(error);
    await finishDeliveries(deps.db, ids, { status: "failed", error: reason, nextRetryAt });
    // The owner reads `reason`; what the other side said exactly (a mail server's answer) is for the log only.
    const cause = error instanceof Error && error.cause !== undefined ? { detail: mailErrorDetail(error.cause) } : {};
    deps.log.warn({ deliveries: ids, channelId: channel.id, err: reason, ...cause, retries }, "notification delivery failed");
    notificationDeliveries.inc({ channel: channel.kind, outcome: retries ? "retrying" : "failed" }, ids.length);
    if (retries) throw error;
    return "failed";
  }
  await finishDeliveries(deps.db, ids, { status: "sent", at: new Date() });
  notificationDeliveries.inc({ channel: channel.kind, outcome: "sent" }, ids.length);
  return "sent";
}

/** Sends one delivery, unless another attempt has it or already sent it. */
export async function deliverOne(deps: NotificationDeps, deliveryId: number, retryCount = 0, signal = new AbortController().signal) {
  const claimed = await claimDeliveries(deps.db, { id: deliveryId }, new Date());
  return send(deps, claimed, () => notificationMessage(claimed[0]!), retryCount, signal);
}

/** Sends a channel's digest of one day: every delivery of that day not sent yet, in one message. */
export async function deliverDigest(deps: NotificationDeps, data: DigestJobData, retryCount = 0, signal = new AbortController().signal) {
  const claimed = await claimDeliveries(deps.db, data, new Date());
  return send(deps, claimed, () => digestMessage(claimed, data.channelId, data.digestDate), retryCount, signal);
}
