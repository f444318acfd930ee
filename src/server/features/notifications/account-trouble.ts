/**
 * Messages about a registrar account whose sync fails: one when a run of failures starts, one
 * when the next sync succeeds. A run of failures is named by the account's last successful sync
 * before it (occurrence `sync failing after <ISO time | never>`), so the retries and later
 * failures of the same run find the notification planned and plan nothing; the recovery
 * (`sync recovered after …`) is planned only when its run's failure was.
 */
import type { Db } from "../../../../db/client.ts";
import { findAccountNoticeFacts } from "../../../../db/repositories/registrar-account-repository.ts";
import { insertPlannedNotifications, notificationExists } from "../../../../db/repositories/notification-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor } from "./receivers.ts";

export const ACCOUNT_TROUBLE = "account_trouble";

export type AccountNoticeEvent =
  | { type: "failed"; accountId: number; error: string }
  | { type: "recovered"; accountId: number; lastSyncAt: Date | null };

const runOf = (lastSyncAt: Date | null) => (lastSyncAt ? lastSyncAt.toISOString() : "never");

/** Plans the event's message for the account's owner; returns how many notifications were new (0 or 1). */
export async function planAccountNotice(db: Db, queue: JobQueue, event: AccountNoticeEvent, now: Date): Promise<number> {
  const account = await findAccountNoticeFacts(db, event.accountId);
  if (!account) return 0;
  const receiver = (await receiversFor(db, ACCOUNT_TROUBLE, { userIds: [account.userId] })).get(account.userId);
  if (!receiver) return 0;
  const { prefs, channels } = receiver;
  const subjectKey = `registrar-account:${event.accountId}`;
  const name = `${account.registrar} account "${account.label}"`;
  let occurrence: string;
  let title: string;
  let text: string;
  if (event.type === "failed") {
    occurrence = `sync failing after ${runOf(account.lastSyncAt)}`;
    title = `Your ${name} cannot be synced`;
    text = `${title}.\n\nThe registrar answered: ${event.error}\n\nDomains of this account are not updated until a sync succeeds; `
      + "it is tried again at the next daily sync, or when you sync it from the registrar accounts page. "
      + "You hear from us again when it works.";
  } else {
    const failing = `sync failing after ${runOf(event.lastSyncAt)}`;
    if (!(await notificationExists(db, { userId: account.userId, kind: ACCOUNT_TROUBLE, subjectKey, occurrence: failing }))) return 0;
    occurrence = `sync recovered after ${runOf(event.lastSyncAt)}`;
    title = `Your ${name} syncs again`;
    text = `${title}.\n\nThe last sync succeeded; its domains are up to date.`;
  }
  const today = utcDay(now);
  const digestDate = prefs.deliveryModes.account_trouble === "digest" ? today : null;
  const created = await insertPlannedNotifications(db, [{
    notification: {
      userId: account.userId, kind: ACCOUNT_TROUBLE, subjectKey, occurrence, title, dueDate: today,
      payload: {
        event: event.type, accountId: event.accountId, label: account.label, registrar: account.registrar,
        ...(event.type === "failed" ? { error: event.error } : {}), text,
      },
    },
    deliveries: channels.map((c) => ({ channelId: c.id, digestDate })),
  }]);
  await enqueueDeliveries(queue, created.deliveries);
  return created.notifications;
}
