/**
 * The portfolio's registry jobs. REGISTRY_CHECK_QUEUE looks up every entry that is due (one
 * run at a time in a process; each way of asking for a run holds a singleton key, single-run.ts),
 * over RDAP or WHOIS (registry-lookups.ts); a run takes entries added while it runs, a follow-up
 * run those added as it finished, and a tick every 5 minutes whatever fell due since.
 * The changes a run records are sent to DOMAIN_EVENTS_QUEUE, to be told to their owners. RDAP_BOOTSTRAP_QUEUE downloads IANA's bootstrap once a month.
 */
import type { Db } from "../../../../db/client.ts";
import { deleteLookupStatsBefore } from "../../../../db/repositories/registry-lookup-stats-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../lib/logger.ts";
import { REGISTRY_CHECK_QUEUE, requestRegistryChecks } from "../../domain/registry-checks.ts";
import { DOMAIN_EVENTS_QUEUE, tellDomainEvents } from "../../domain/domain-events.ts";
import { continueSweep, sweepLimits } from "../../domain/due-sweep.ts";
import { JOB_CATALOGUE, openJobQueue, RDAP_BOOTSTRAP_QUEUE, scheduleJob, workJob } from "../../domain/job-catalogue.ts";
import { bootstrapSource, refreshRdapBootstrap } from "./registry-bootstrap.ts";
import { runRegistryChecks } from "./registry-check.ts";
import { createRegistryLookups } from "./registry-lookups.ts";

export { RDAP_BOOTSTRAP_QUEUE };
export const REGISTRY_CHECK_CRON = JOB_CATALOGUE[REGISTRY_CHECK_QUEUE].schedule.cron;
export const RDAP_BOOTSTRAP_CRON = JOB_CATALOGUE[RDAP_BOOTSTRAP_QUEUE].schedule.cron;
/** Days of registry_lookup_stats kept. */
export const LOOKUP_STATS_KEEP_DAYS = 90;
/** A run hands over to a fresh job after this long, so one job never holds the queue for hours. */
const RUN_BUDGET_MS = sweepLimits(REGISTRY_CHECK_QUEUE).budgetMs;

export interface RegistryJobDeps {
  db: Db;
  config: Config;
  log: Logger;
}

export async function registerRegistryJobs(queue: JobQueue, deps: RegistryJobDeps): Promise<void> {
  const bootstrap = bootstrapSource(deps.db);
  const lookups = createRegistryLookups(deps.db, deps.config, bootstrap);
  // The notifications feature works this queue; a run sends its changes to it.
  await openJobQueue(queue, DOMAIN_EVENTS_QUEUE);
  await workJob(queue, REGISTRY_CHECK_QUEUE, async (job) => {
    const onEvents = (ids: number[]) => tellDomainEvents(queue, ids, deps.log);
    const summary = await runRegistryChecks({ db: deps.db, lookups, onEvents }, { signal: job.signal, budgetMs: RUN_BUDGET_MS });
    // The coverage page reads 30 days of lookup counts; older days are kept a while, then dropped.
    await deleteLookupStatsBefore(deps.db, new Date(Date.now() - LOOKUP_STATS_KEEP_DAYS * 86_400_000).toISOString().slice(0, 10));
    if (summary.checked || summary.deferred) deps.log.info(summary, "registry lookups done");
    await continueSweep(summary, (delaySeconds) => requestRegistryChecks(queue, deps.log, delaySeconds));
  });
  await workJob(queue, RDAP_BOOTSTRAP_QUEUE, async (job) => {
    const stored = await refreshRdapBootstrap(deps.db, deps.config.IANA_RDAP_BOOTSTRAP_URL, job.signal);
    bootstrap.invalidate();
    deps.log.info(stored, "RDAP bootstrap refreshed");
  });
  await scheduleJob(queue, REGISTRY_CHECK_QUEUE);
  await scheduleJob(queue, RDAP_BOOTSTRAP_QUEUE);
}
