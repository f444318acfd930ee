/**
 * Price runs as the notifications take them. A fetch run that set quotes anew becomes
 * one job on "notifications.price-events" (src/server/jobs.ts sends it), and the job hands the
 * event to every planner of the list (price-event-planners.ts) in turn. Planning happens here,
 * never inside the run: a planner that fails is logged and the job is retried, and each
 * planner's notifications are unique per (user, kind, subject, occurrence), so a retry, a
 * restart or a second worker plans nothing twice.
 */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../lib/logger.ts";
import { PRICE_EVENTS_QUEUE, type PriceEvent } from "../../domain/job-catalogue.ts";
export { PRICE_EVENTS_QUEUE, type PriceEvent };

/** One TLD's new renewal price at the event's provider, as the price apply decided it. */
export type { RenewalChange as RenewalPriceChange } from "../../../../db/repositories/price-apply-repository.ts";


export interface PriceEventPlannerDeps {
  db: Db;
  queue: JobQueue;
  config: Config;
  log: Logger;
}

/** Plans one kind's notifications for an event; returns figures for the log (how many planned, …). */
export interface PriceEventPlanner {
  kind: string;
  plan: (deps: PriceEventPlannerDeps, event: PriceEvent, now: Date) => Promise<Record<string, number>>;
}

/** Runs every planner over the event; throws after all ran when one failed, so the job is retried. */
export async function runPriceEventPlanners(
  deps: PriceEventPlannerDeps, event: PriceEvent, now: Date, planners: readonly PriceEventPlanner[],
): Promise<void> {
  let failed = 0;
  for (const planner of planners) {
    try {
      const outcome = await planner.plan(deps, event, now);
      deps.log.info({ kind: planner.kind, providerId: event.providerId, changes: event.renewalChanges.length, ...outcome }, "price event planned");
    } catch (err) {
      failed++;
      deps.log.error({ err, kind: planner.kind, providerId: event.providerId }, "price event could not be planned");
    }
  }
  if (failed) throw new Error(`${failed} of ${planners.length} price event planners failed`);
}
