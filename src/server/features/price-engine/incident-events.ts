/**
 * What the price engine tells the rest of the process about incidents: one opened (by an alert
 * rule) or resolved (by its rule or by an administrator). Events go on their own queue, so
 * whatever listens (the notifications feature works INCIDENT_EVENTS_QUEUE) runs in a job, never inside the
 * fetch run or the administrator's request, and a listener's failure changes neither.
 */
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Logger } from "../../lib/logger.ts";

import { INCIDENT_EVENTS_QUEUE, sendOptionsOf, type IncidentEvent } from "../../domain/job-catalogue.ts";
export { INCIDENT_EVENTS_QUEUE, type IncidentEvent };

/** Hands an event on; never throws (a lost event is logged, the incident itself stands). */
export type IncidentEventSink = (event: IncidentEvent) => Promise<void>;

export function queueIncidentEvents(queue: JobQueue, log: Logger): IncidentEventSink {
  return async (event) => {
    try {
      await queue.send(INCIDENT_EVENTS_QUEUE, event, sendOptionsOf(INCIDENT_EVENTS_QUEUE));
    } catch (err) {
      log.error({ err, ...event }, "incident event could not be queued");
    }
  };
}
