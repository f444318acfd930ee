/**
 * Asking for a run of a job that works through whatever is due (registry lookups, certificate
 * and DNS checks): one run waits at a time (a run already waiting covers the new work too), and
 * an enqueue that fails is logged, not thrown: the work is stored and due, and the periodic run
 * picks it up. `delaySeconds` asks for a run that late instead of now.
 *
 * A run that is already under way takes entries that fall due while it runs, but only until its
 * last look: work stored between that look and the end of the run would wait for the periodic
 * run. So when a request is refused because a run holds its key, a follow-up run is queued under
 * a key of its own, FOLLOW_UP_SECONDS later (or at the asked delay, if later); a follow-up that
 * finds nothing due ends at once.
 */
import type { JobQueue } from "../../../jobs/queue.ts";
import { sendOptionsOf, type JobName } from "./job-catalogue.ts";

export interface RunLogs {
  warn(obj: object, msg: string): void;
}

/** How long after a refused request its follow-up run starts. */
export const FOLLOW_UP_SECONDS = 2;

export async function requestSingleRun(queue: JobQueue, name: JobName, failure: string, log?: RunLogs, delaySeconds?: number): Promise<void> {
  try {
    const sent = await queue.send(name, {}, sendOptionsOf(name, {
      singletonKey: delaySeconds ? "later" : "now",
      ...(delaySeconds ? { startAfterSeconds: Math.ceil(delaySeconds) } : {}),
    }));
    if (sent !== null) return;
    await queue.send(name, {}, sendOptionsOf(name, {
      singletonKey: "follow-up",
      startAfterSeconds: Math.max(FOLLOW_UP_SECONDS, Math.ceil(delaySeconds ?? 0)),
    }));
  } catch (error) {
    log?.warn({ err: error }, failure);
  }
}
