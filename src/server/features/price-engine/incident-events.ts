/**
 * What the price engine tells the rest of the process about incidents: one opened (by an alert
 * rule) or resolved (by its rule or by an administrator). Events go on their own queue, so
 * whatever listens (the process wires it in src/server/jobs.ts) runs in a job, never inside the
 * fetch run or the administrator's request, and a listener's failure changes neither.
 */
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Logger } from "../../lib/logger.ts";

export const INCIDENT_EVENTS_QUEUE = "incidents.events";

export interface IncidentEvent {
  incidentId: number;
  change: "opened" | "resolved";
  /** Who resolved it: its alert rule (the condition cleared) or an administrator. */
  by: "rule" | "admin";
}

/** Hands an event on; never throws (a lost event is logged, the incident itself stands). */
export type IncidentEventSink = (event: IncidentEvent) => Promise<void>;

export function queueIncidentEvents(queue: JobQueue, log: Logger): IncidentEventSink {
  return async (event) => {
    try {
      await queue.send(INCIDENT_EVENTS_QUEUE, event, { retryLimit: 3 });
    } catch (err) {
      log.error({ err, ...event }, "incident event could not be queued");
    }
  };
}
