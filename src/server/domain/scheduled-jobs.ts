/**
 * The scheduled jobs an operator can run now, by hand (the admin Operations page and
 * `npm run jobs -- run NAME`): every schedule the queue holds, under the short name and title
 * the job catalogue gives it (job-catalogue.ts). A run by hand
 * is the schedule's own job sent now under the schedule's singleton key (JobQueue.runSchedule),
 * so it follows the schedule's exactly-once rule: while a run of that schedule, by a tick or by
 * hand, is queued or running, another is refused, whatever the number of processes.
 */
import type { JobQueue, JobState, ScheduleInfo } from "../../../jobs/queue.ts";
import { conflict, notFound } from "../lib/errors.ts";
import { PRICE_SCHEDULE_NAME, SCHEDULE_QUEUE, SCHEDULED_JOBS } from "./job-catalogue.ts";

/** Short names and what each schedule does, by "queue:key"; a schedule the catalogue does not name is named "queue:key". */
const KNOWN = new Map(SCHEDULED_JOBS.map((s) => [`${s.queue}:${s.key}`, { name: s.name, title: s.title }]));
const PRICE_SCHEDULE = new RegExp(`^${SCHEDULE_QUEUE.replace(".", "\\.")}:schedule-(\\d+)$`);

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
  const known = KNOWN.get(id) ?? (price ? { name: `${PRICE_SCHEDULE_NAME.prefix}${price[1]}`, title: PRICE_SCHEDULE_NAME.title(price[1]!) } : { name: id, title: id });
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
