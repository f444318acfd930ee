/**
 * The certificate and DNS checks' queue (MONITOR_CHECK_QUEUE), which the monitoring's Check now
 * and its periodic run both fill. What a run records goes on to the notifications through
 * domain-events.ts.
 */
import type { JobQueue } from "../../../jobs/queue.ts";
import { requestSingleRun, type RunLogs } from "./single-run.ts";

import { MONITOR_CHECK_QUEUE } from "./job-catalogue.ts";
export { MONITOR_CHECK_QUEUE };

/** Queues a run of the certificate and DNS checks (single-run.ts). */
export function requestMonitorChecks(queue: JobQueue, log?: RunLogs, delaySeconds?: number): Promise<void> {
  return requestSingleRun(queue, MONITOR_CHECK_QUEUE, "could not queue monitoring checks; the periodic run will do them", log, delaySeconds);
}
