/**
 * The scheduled jobs an operator can run now, by hand (the admin Operations page and
 * `npm run jobs -- run NAME`): every schedule the queue holds, under a short name. A run by hand
 * is the schedule's own job sent now under the schedule's singleton key (JobQueue.runSchedule),
 * so it follows the schedule's exactly-once rule: while a run of that schedule, by a tick or by
 * hand, is queued or running, another is refused, whatever the number of processes.
 */
import type { JobQueue, JobState, ScheduleInfo } from "../../../jobs/queue.ts";
import { conflict, notFound } from "../lib/errors.ts";

/** Short names and what each schedule does, by "queue:key"; other schedules are named "queue:key". */
const KNOWN: Record<string, { name: string; title: string }> = {
  "notifications.plan-expiry:daily": { name: "reminders", title: "Daily expiry reminder scan" },
  "portfolio.registry-check:periodic": { name: "registry-checks", title: "Registry (RDAP) re-checks of portfolio domains" },
  "portfolio.rdap-bootstrap:monthly": { name: "rdap-bootstrap", title: "Refresh of IANA's RDAP server list" },
  "rates.refresh:daily": { name: "rates", title: "Exchange rates update" },
  "monitoring.check:periodic": { name: "monitoring-checks", title: "Certificate and DNS checks of portfolio domains" },
  "accounts.sync-all:daily": { name: "account-syncs", title: "Registrar account syncs" },
};
const PRICE_SCHEDULE = /^prices\.schedule:schedule-(\d+)$/;

export interface ScheduledJob {
  /** What an operator types: `npm run jobs -- run NAME`. */
  name: string;
  title: string;
  queue: string;
  key: string;
  cron: string;
  nextRunAt: string | null;
  lastRun: { state: JobState; startedAt: string | null; finishedAt: string | null } | null;
}

function describe(s: ScheduleInfo): ScheduledJob {
  const id = `${s.name}:${s.key}`;
  const price = PRICE_SCHEDULE.exec(id);
  const known = KNOWN[id] ?? (price ? { name: `price-schedule-${price[1]}`, title: `Price fetch schedule ${price[1]}` } : { name: id, title: id });
  return {
    ...known, queue: s.name, key: s.key, cron: s.cron, nextRunAt: s.nextRunAt?.toISOString() ?? null,
    lastRun: s.lastRun ? { state: s.lastRun.state, startedAt: s.lastRun.startedAt?.toISOString() ?? null, finishedAt: s.lastRun.finishedAt?.toISOString() ?? null } : null,
  };
}

export async function listScheduledJobs(queue: JobQueue): Promise<ScheduledJob[]> {
  return (await queue.schedules()).map(describe).sort((a, b) => a.name.localeCompare(b.name));
}

/** Sends the named schedule's job now; a run already queued or running is a 409. */
export async function runScheduledJobNow(queue: JobQueue, name: string): Promise<{ jobId: string; job: ScheduledJob; message: string }> {
  const jobs = await listScheduledJobs(queue);
  const job = jobs.find((j) => j.name === name);
  if (!job) throw notFound(`There is no scheduled job named "${name}". Scheduled jobs: ${jobs.map((j) => j.name).join(", ") || "none"}.`);
  const jobId = await queue.runSchedule(job.queue, job.key);
  if (!jobId) throw conflict(`${job.title} is already queued or running; it runs once at a time.`);
  return { jobId, job, message: `${job.title} queued (job ${jobId}).` };
}
