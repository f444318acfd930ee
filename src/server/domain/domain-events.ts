/**
 * Telling owners what their domains' monitoring recorded. Whoever records history events
 * (registry re-checks, certificate and DNS checks) sends their ids here right after the
 * transaction that stored them; the notifications feature's planner (domain-event-plan.ts)
 * takes them from DOMAIN_EVENTS_QUEUE and plans each event's notification once.
 */
import type { JobQueue } from "../../../jobs/queue.ts";

import { DOMAIN_EVENTS_QUEUE, sendOptionsOf, type DomainEventsJobData } from "./job-catalogue.ts";
export { DOMAIN_EVENTS_QUEUE, type DomainEventsJobData };

/** Events that are the history's own lines (a registry check was made), never told to anyone. */
export const HISTORY_ONLY_KINDS: ReadonlySet<string> = new Set(["registry_check"]);


/** Events per job: a large registry run's changes become several small jobs. */
const IDS_PER_JOB = 500;

interface Logs {
  error(obj: object, msg: string): void;
}

/**
 * Queues the planning of these events. A failed enqueue is logged, not thrown: the events are
 * stored (and shown in the history) whatever happens to the message.
 */
export async function tellDomainEvents(queue: JobQueue, eventIds: readonly number[], log?: Logs): Promise<void> {
  const jobs: DomainEventsJobData[] = [];
  for (let i = 0; i < eventIds.length; i += IDS_PER_JOB) jobs.push({ eventIds: eventIds.slice(i, i + IDS_PER_JOB) });
  if (jobs.length === 0) return;
  try {
    await queue.sendMany(DOMAIN_EVENTS_QUEUE, jobs, sendOptionsOf(DOMAIN_EVENTS_QUEUE));
  } catch (error) {
    log?.error({ err: error, events: eventIds.length }, "could not queue the notifications of recorded domain events");
  }
}
