/**
 * Queue names shared by the monitoring checks and the notifications: MONITOR_CHECK_QUEUE runs
 * certificate and DNS checks; DOMAIN_EVENTS_QUEUE takes the ids of recorded domain events
 * ({ eventIds }) for the notifications to plan from. Whoever records events sends them there,
 * after the transaction that stored them.
 */
import type { JobQueue } from "../../../jobs/queue.ts";

export const MONITOR_CHECK_QUEUE = "monitoring.check";
export const DOMAIN_EVENTS_QUEUE = "notifications.domain-events";

interface Logs {
  warn(obj: object, msg: string): void;
}

/** Queues a check run (one queued at a time); a failed enqueue is logged: the periodic run picks the entries up. */
export async function requestMonitorChecks(queue: JobQueue, log?: Logs, delaySeconds?: number): Promise<void> {
  try {
    await queue.send(MONITOR_CHECK_QUEUE, {}, {
      singletonKey: delaySeconds ? "later" : "now", retryLimit: 2, expireInSeconds: 30 * 60,
      ...(delaySeconds ? { startAfterSeconds: Math.ceil(delaySeconds) } : {}),
    });
  } catch (error) {
    log?.warn({ err: error }, "could not queue monitoring checks; the periodic run will do them");
  }
}

/** Hands recorded events to the notifications' planner. */
export async function sendDomainEvents(queue: JobQueue, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await queue.send(DOMAIN_EVENTS_QUEUE, { eventIds: [...eventIds] }, { retryLimit: 5 });
}
