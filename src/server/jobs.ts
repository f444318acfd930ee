/**
 * Where features register their queues, handlers and schedules at boot. main.ts starts the
 * queue, then calls registerJobs in every process: a web process creates the queues it sends
 * to (work() registers handlers but runs them only where the queue was started with work),
 * and a worker process also runs the handlers and fires the schedules.
 */
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./lib/logger.ts";

export interface JobDeps {
  db: Db;
  config: Config;
  log: Logger;
}

/** One feature's jobs: createQueue, then work and schedule on it. Must be safe to run at every boot. */
export type JobRegistration = (queue: JobQueue, deps: JobDeps) => Promise<void>;

/** Each feature appends its registration here (features/<feature>/jobs.ts). */
export const JOB_REGISTRATIONS: JobRegistration[] = [];

export async function registerJobs(queue: JobQueue, deps: JobDeps, registrations = JOB_REGISTRATIONS): Promise<void> {
  for (const register of registrations) await register(queue, deps);
}
