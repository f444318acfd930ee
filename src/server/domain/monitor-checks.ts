/**
 * The certificate and DNS checks' queue (MONITOR_CHECK_QUEUE), which the monitoring's Check now
 * and its periodic run both fill. What a run records goes on to the notifications through
 * domain-events.ts.
 */
import type { JobQueue } from "../../../jobs/queue.ts";

export const MONITOR_CHECK_QUEUE = "monitoring.check";

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
