/**
 * Administrators' view of notification deliveries that failed, across every user. A webhook
 * channel is named by its host only: its URL's path and query often carry the receiver's token,
 * and its signing secret never leaves the server.
 */
import type { Db } from "../../../../db/client.ts";
import { countDeliveryFailures, listDeliveryFailures, type DeliveryFailureRow } from "../../../../db/repositories/notification-repository.ts";
import type { DeliveryFailuresQuery } from "../../../shared/schemas/delivery-failures.ts";

/** A delivery still "sending" this long after its claim is shown as stuck: its sender most likely died mid-send. */
export const STUCK_SENDING_MS = 60 * 60 * 1000;

function channelLabel(row: DeliveryFailureRow): string {
  if (row.channelKind === "email") return row.channelEmail ?? "e-mail";
  // Telegram and Pushover have no URL of the user's: their receiver (a chat id, the end of a user key) names them.
  if (row.channelUrl === null && row.channelFormat) return `${row.channelFormat} ${row.channelTarget ?? ""}`.trim();
  try {
    return new URL(row.channelUrl ?? "").host;
  } catch {
    return "webhook (unreadable address)";
  }
}

export async function listDeliveryFailuresForAdmin(db: Db, { page, pageSize }: DeliveryFailuresQuery, now = new Date()) {
  const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MS);
  const [rows, counts] = await Promise.all([
    listDeliveryFailures(db, stuckBefore, pageSize, (page - 1) * pageSize),
    countDeliveryFailures(db, stuckBefore),
  ]);
  const total = counts.failed + counts.stuck;
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      status: r.status === "sending" ? "stuck" as const : "failed" as const,
      at: (r.claimedAt ?? r.createdAt).toISOString(),
      kind: r.kind,
      title: r.title,
      channel: { kind: r.channelKind === "email" ? "email" as const : "webhook" as const, label: channelLabel(r) },
      userEmail: r.userEmail,
      attempts: r.attempts,
      lastError: r.lastError,
      nextRetryAt: r.status === "failed" ? (r.nextRetryAt?.toISOString() ?? null) : null,
    })),
    counts,
    page, pageSize, total, totalPages: Math.ceil(total / pageSize),
  };
}
