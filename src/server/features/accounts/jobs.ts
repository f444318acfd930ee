/**
 * The accounts feature's jobs: "accounts.sync" syncs one account (one at a time per account,
 * by singleton key), and a daily "accounts.sync-all" tick queues a sync of every account with
 * auto-sync on.
 */
import { listActiveRegistrarAccountIds } from "../../../../db/repositories/registrar-account-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { SYNC_ALL_QUEUE, SYNC_QUEUE, syncSingletonKey, type AccountDeps, type SyncDeps, type SyncJobData } from "./deps.ts";
import { JOB_CATALOGUE, scheduleJob, sendOptionsOf, workJob } from "../../domain/job-catalogue.ts";
import { requestRegistryChecks } from "../../domain/registry-checks.ts";
import { syncRegistrarAccount } from "./sync.ts";

export const DAILY_SYNC_CRON = JOB_CATALOGUE[SYNC_ALL_QUEUE].schedule.cron;

export async function queueEveryActiveAccount(deps: Pick<AccountDeps, "db">, queue: JobQueue): Promise<number> {
  let queued = 0;
  for (const accountId of await listActiveRegistrarAccountIds(deps.db)) {
    const data: SyncJobData = { accountId };
    if (await queue.send(SYNC_QUEUE, data, sendOptionsOf(SYNC_QUEUE, { singletonKey: syncSingletonKey(accountId) }))) queued++;
  }
  return queued;
}

export async function registerAccountJobs(queue: JobQueue, deps: SyncDeps): Promise<void> {
  await workJob(queue, SYNC_QUEUE, async (job) => {
    const outcome = await syncRegistrarAccount(deps, job.data.accountId, job.signal);
    // Synced entries get their registry dates too: a run picks up every entry never looked up.
    if (outcome.status === "synced" && outcome.log.newDomains > 0) await requestRegistryChecks(queue, deps.log);
  });
  await workJob(queue, SYNC_ALL_QUEUE, async () => {
    const queued = await queueEveryActiveAccount(deps, queue);
    deps.log.info({ queued }, "daily registrar account sync queued");
  });
  await scheduleJob(queue, SYNC_ALL_QUEUE);
}
