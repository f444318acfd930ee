/**
 * Asking for registry (RDAP) lookups. Any entry whose lookup is due (never looked up, or its
 * next check has come) is picked up by the next run of REGISTRY_CHECK_QUEUE; adding domains
 * (by hand, CSV import, registrar sync) asks for a run now instead of waiting for the
 * schedule. Lookups never run in a request.
 */
import type { JobQueue } from "../../../jobs/queue.ts";
import { requestSingleRun, type RunLogs } from "./single-run.ts";

import { REGISTRY_CHECK_QUEUE } from "./job-catalogue.ts";
export { REGISTRY_CHECK_QUEUE };

/** Queues a run of the registry lookups (single-run.ts). */
export function requestRegistryChecks(queue: JobQueue, log?: RunLogs, delaySeconds?: number): Promise<void> {
  return requestSingleRun(queue, REGISTRY_CHECK_QUEUE, "could not queue registry lookups; the periodic run will do them", log, delaySeconds);
}
