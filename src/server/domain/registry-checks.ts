/**
 * Asking for registry (RDAP) lookups. Any entry whose lookup is due (never looked up, or its
 * next check has come) is picked up by the next run of REGISTRY_CHECK_QUEUE; adding domains
 * (by hand, CSV import, registrar sync) asks for a run now instead of waiting for the
 * schedule. Lookups never run in a request.
 */
import type { JobQueue } from "../../../jobs/queue.ts";

export const REGISTRY_CHECK_QUEUE = "portfolio.registry-check";

interface Logs {
  warn(obj: object, msg: string): void;
}

/**
 * Queues a run (one queued at a time: a run already waiting covers these entries too). An
 * enqueue that fails is logged, not thrown: the domains are stored and due, and the periodic
 * run looks them up.
 */
export async function requestRegistryChecks(queue: JobQueue, log?: Logs, delaySeconds?: number): Promise<void> {
  try {
    await queue.send(REGISTRY_CHECK_QUEUE, {}, {
      singletonKey: delaySeconds ? "later" : "now", retryLimit: 2, expireInSeconds: 30 * 60,
      ...(delaySeconds ? { startAfterSeconds: Math.ceil(delaySeconds) } : {}),
    });
  } catch (error) {
    log?.warn({ err: error }, "could not queue registry lookups; the periodic run will do them");
  }
}
