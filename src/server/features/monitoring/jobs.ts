/**
 * The monitoring's jobs: MONITOR_CHECK_QUEUE checks every due entry's certificates and DNS,
 * ticked every 10 minutes and queued by Check now (one waiting run of each; the per-host limits
 * hold per process); entries are due once a day each, at times spread over
 * the day (monitor-schedule.ts). Events recorded by a run go to DOMAIN_EVENTS_QUEUE.
 */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../lib/logger.ts";
import { DOMAIN_EVENTS_QUEUE, tellDomainEvents } from "../../domain/domain-events.ts";
import { continueSweep, sweepLimits } from "../../domain/due-sweep.ts";
import { JOB_CATALOGUE, openJobQueue, scheduleJob, workJob } from "../../domain/job-catalogue.ts";
import { MONITOR_CHECK_QUEUE, requestMonitorChecks } from "../../domain/monitor-checks.ts";
import { runMonitorChecks } from "./monitor-check.ts";
import { monitorProbes } from "./probes.ts";

export const MONITOR_CHECK_CRON = JOB_CATALOGUE[MONITOR_CHECK_QUEUE].schedule.cron;
/** A run hands over to a fresh job after this long (due-sweep.ts). */
const RUN_BUDGET_MS = sweepLimits(MONITOR_CHECK_QUEUE).budgetMs;

export interface MonitorJobDeps {
  db: Db;
  config: Config;
  log: Logger;
}

export async function registerMonitorJobs(queue: JobQueue, deps: MonitorJobDeps): Promise<void> {
  const probes = monitorProbes(deps.config);
  // The notifications feature works this queue; a run sends what it recorded to it.
  await openJobQueue(queue, DOMAIN_EVENTS_QUEUE);
  await workJob(queue, MONITOR_CHECK_QUEUE, async (job) => {
    const summary = await runMonitorChecks(
      { db: deps.db, probe: (host, port, stop) => probes.probe(host, port, stop), dns: probes.dns, confirmDelayMs: deps.config.DNS_CONFIRM_DELAY_MS },
      { signal: job.signal, budgetMs: RUN_BUDGET_MS, onEvents: (ids) => tellDomainEvents(queue, ids, deps.log) },
    );
    if (summary.checked || summary.deferred) deps.log.info(summary, "certificate and DNS checks done");
    await continueSweep(summary, (delaySeconds) => requestMonitorChecks(queue, deps.log, delaySeconds));
  });
  await scheduleJob(queue, MONITOR_CHECK_QUEUE);
}
