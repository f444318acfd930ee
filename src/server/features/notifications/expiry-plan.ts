/**
 * The daily expiry scan: for every portfolio entry whose expiry is one of its owner's reminder
 * offsets away today, one notification (unique per domain, expiry date and offset) with a
 * delivery to each of the owner's receiving channels, then a job per new delivery (or one
 * digest job per channel). Running it again the same day plans nothing: the notifications
 * exist already.
 */
import type { Db } from "../../../../db/client.ts";
import {
  insertPlannedNotifications, listDomainsExpiringOn, listPlannedKeys, type PlannedNotification,
} from "../../../../db/repositories/notification-repository.ts";
import { listRenewalQuotes } from "../../../../db/repositories/user-domain-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createDisplayConverter } from "../../../shared/display-converter.ts";
import { loadDisplayConverter } from "../../domain/display-currency.ts";
import { PortfolioMoney } from "../../domain/portfolio-money.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { expiryFacts, expiryText, expiryTitle } from "./expiry-message.ts";
import { receiversFor } from "./receivers.ts";

const DAY_MS = 86_400_000;
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const occurrenceOf = (expirationDate: string, daysLeft: number) => `expiry ${expirationDate} offset ${daysLeft}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export interface PlanOutcome {
  /** Entries whose expiry is at one of their owner's offsets today. */
  due: number;
  /** Notifications planned now (0 when this day was planned already). */
  planned: number;
  deliveries: number;
}

/** Plans the reminders due on `now`'s UTC day; `staleDays` as PRICE_STALE_DAYS. */
export async function planExpiryReminders(db: Db, queue: JobQueue, now: Date, staleDays: number): Promise<PlanOutcome> {
  const today = utcDay(now);
  const receivers = await receiversFor(db, "expiry");
  const prefsByUser = new Map([...receivers].map(([userId, r]) => [userId, r.prefs]));
  const offsets = new Set([...prefsByUser.values()].flatMap((p) => p.reminderOffsets));
  const due = (await listDomainsExpiringOn(db, [...offsets].map((o) => addDays(today, o))))
    .filter((e) => prefsByUser.get(e.userId)?.reminderOffsets.includes(daysBetween(today, e.expirationDate)));
  // Those planned already (an earlier run today) are left out before any pricing; the insert's
  // unique key still decides when two runs overlap.
  const planned = await listPlannedKeys(db, "expiry", today);
  const entries = due.filter((e) => !planned.has(`${e.userId}|domain:${e.id}|${occurrenceOf(e.expirationDate, daysBetween(today, e.expirationDate))}`));
  if (entries.length === 0) return { due: due.length, planned: 0, deliveries: 0 };

  const quotes = await listRenewalQuotes(db, [...new Set(entries.map((e) => e.tldId))]);
  const quoteCurrencies = [...new Set(quotes.map((q) => q.currency))];
  // The portfolio's money in each display currency the users chose, so a reminder names what their cards and forecast name.
  const moneyIn = new Map<string, PortfolioMoney>();
  for (const currency of new Set([...prefsByUser.values()].map((p) => p.currency))) {
    // A currency whose rates are gone leaves prices in their own currency rather than no reminder.
    const converter = await loadDisplayConverter(db, currency, quoteCurrencies).catch(() => createDisplayConverter(currency, new Map()));
    moneyIn.set(currency, new PortfolioMoney(converter, now, staleDays));
  }

  const plans: PlannedNotification[] = entries.map((entry) => {
    const prefs = prefsByUser.get(entry.userId)!;
    const daysLeft = daysBetween(today, entry.expirationDate);
    const facts = expiryFacts(entry, daysLeft, quotes, moneyIn.get(prefs.currency)!);
    const digestDate = prefs.deliveryModes.expiry === "digest" ? today : null;
    return {
      notification: {
        userId: entry.userId, kind: "expiry", subjectKey: `domain:${entry.id}`,
        occurrence: occurrenceOf(entry.expirationDate, daysLeft),
        title: expiryTitle(facts), payload: { ...facts, text: expiryText(facts) }, dueDate: today,
      },
      deliveries: receivers.get(entry.userId)!.channels.map((c) => ({ channelId: c.id, digestDate })),
    };
  });
  const created = await insertPlannedNotifications(db, plans);
  await enqueueDeliveries(queue, created.deliveries);
  return { due: due.length, planned: created.notifications, deliveries: created.deliveries.length };
}
