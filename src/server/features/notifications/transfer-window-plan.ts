/**
 * The transfer window reminders (kind transfer_window, off by default), planned with the daily
 * reminder scan: for each domain of an owner who turned them on whose transfer verdict is a sure
 * move (domain/transfer-verdict.ts), one notification saying when the window to move it opens and
 * by when to start. Unique per (user, kind, `transfer:<domain id>`, occurrence naming the
 * destination and the renewal the window comes before), so each window is told once, however
 * many days it stays open; a delivery per receiving channel, immediate or in the day's digest.
 */
import type { Db } from "../../../../db/client.ts";
import { insertPlannedNotifications, type PlannedNotification } from "../../../../db/repositories/notification-repository.ts";
import { listTransferPlanEntries } from "../../../../db/repositories/transfer-plan-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { formatTotal, formatUtcDay } from "../../../shared/price-format.ts";
import { loadTransferInputs, transferEntryOf } from "../../domain/transfer-inputs.ts";
import { ruleFor } from "../../domain/transfer-rules.ts";
import { AppError } from "../../lib/errors.ts";
import { transferVerdict, type TransferVerdict } from "../../domain/transfer-verdict.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor } from "./receivers.ts";

export const TRANSFER_WINDOW = "transfer_window";

const day = (iso: string) => formatUtcDay(iso) ?? iso;

/** The reminder's words: when the window opens, by when to start, what it saves and what to lift first. */
export function transferWindowText(v: TransferVerdict, expiry: string | null): { title: string; text: string } {
  const to = v.destination!.provider.name;
  const window = v.window.bestWindow!;
  const title = `The window to move ${v.domainName} to ${to} opens on ${day(window.from)}`;
  const saving = v.years.find((y) => y.years === 3)?.saving;
  const lift = v.window.blockers.filter((b) => b.ownerCanLift).map((b) => b.message);
  return {
    title,
    text: [
      `${title}${window.until && expiry ? `; start the move by ${day(window.until)} so that it is done before it renews on ${day(expiry)}` : ""}.`,
      saving ? ` Moving saves ${formatTotal(saving, v.currency)} over 3 years.` : "",
      lift.length ? ` First: ${lift.join("; ")}.` : "",
    ].join(""),
  };
}

export interface TransferWindowOutcome {
  /** Domains whose verdict is a sure move with a window. */
  due: number;
  planned: number;
  deliveries: number;
}

/** Plans the transfer window reminders of `now`'s UTC day; `staleDays` as PRICE_STALE_DAYS. */
export async function planTransferWindowReminders(db: Db, queue: JobQueue, now: Date, staleDays: number): Promise<TransferWindowOutcome> {
  const receiving = await receiversFor(db, TRANSFER_WINDOW);
  if (receiving.size === 0) return { due: 0, planned: 0, deliveries: 0 };
  const today = utcDay(now);
  const plans: PlannedNotification[] = [];
  let due = 0;
  for (const [userId, { prefs, channels }] of receiving) {
    const entries = await listTransferPlanEntries(db, userId);
    if (entries.length === 0) continue;
    // A currency whose rates are gone (the converter's 400) leaves no reminder rather than a wrong amount.
    const inputs = await loadTransferInputs(db, userId, entries, prefs.currency, staleDays, now)
      .catch((error: unknown) => (error instanceof AppError && error.status === 400 ? null : Promise.reject(error)));
    if (!inputs) continue;
    for (const entry of entries) {
      const verdict = transferVerdict(
        transferEntryOf(entry, inputs.lastTransfers.get(entry.id) ?? null), ruleFor(inputs.rules, entry.tldName),
        inputs.quotesByTld.get(entry.tldId) ?? [], inputs.money,
      );
      if (verdict.verdict !== "move" || !verdict.destination || !verdict.window.bestWindow) continue;
      due += 1;
      const words = transferWindowText(verdict, entry.expirationDate);
      plans.push({
        notification: {
          userId, kind: TRANSFER_WINDOW, subjectKey: `transfer:${entry.id}`,
          occurrence: `to ${verdict.destination.provider.id} before ${entry.expirationDate ?? "no expiry date"}`,
          title: words.title, dueDate: today,
          payload: {
            domainId: entry.id, domainName: entry.domainName, destination: verdict.destination.provider, opensOn: verdict.window.bestWindow.from,
            startBy: verdict.window.bestWindow.until, currency: verdict.currency, savingOver3Years: verdict.years.find((y) => y.years === 3)?.saving ?? null,
            text: words.text,
          },
        },
        deliveries: channels.map((c) => ({ channelId: c.id, digestDate: prefs.deliveryModes.transfer_window === "digest" ? today : null })),
      });
    }
  }
  if (plans.length === 0) return { due, planned: 0, deliveries: 0 };
  const created = await insertPlannedNotifications(db, plans);
  await enqueueDeliveries(queue, created.deliveries);
  return { due, planned: created.notifications, deliveries: created.deliveries.length };
}
