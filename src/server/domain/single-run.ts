/**
 * Asking for a run of a job that works through whatever is due (registry lookups, certificate
 * and DNS checks): one run waits at a time (a run already waiting covers the new work too), and
 * an enqueue that fails is logged, not thrown: the work is stored and due, and the periodic run
 * picks it up. `delaySeconds` asks for a run that late instead of now.
 */
import type { JobQueue } from "../../../jobs/queue.ts";
import { sendOptionsOf, type JobName } from "./job-catalogue.ts";

export interface RunLogs {
  warn(obj: object, msg: string): void;
}

export async function requestSingleRun(queue: JobQueue, name: JobName, failure: string, log?: RunLogs, delaySeconds?: number): Promise<void> {
  try {
    await queue.send(name, {}, sendOptionsOf(name, {
      singletonKey: delaySeconds ? "later" : "now",
      ...(delaySeconds ? { startAfterSeconds: Math.ceil(delaySeconds) } : {}),
    }));
  } catch (error) {
    log?.warn({ err: error }, failure);
  }
}
