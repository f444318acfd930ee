/**
 * The job queue as every feature sees it. Two implementations share this interface and one
 * contract test: pg-boss on PostgreSQL (many processes share the queue) and a durable
 * in-process queue on SQLite (jobs kept in a table, so a restart resumes them). jobs/ knows
 * no feature: each server feature registers its own queues and handlers at boot.
 */

export interface SendOptions {
  /** At most one queued-or-active job per (queue, singletonKey); send() then returns null. */
  singletonKey?: string;
  /**
   * Retries after a failure (default 2), spaced by retryDelaySeconds (default 10, at least 1)
   * doubling each time: retryDelaySeconds × 2^retryCount. pg-boss adds up to as much again as
   * random jitter, so retries of many jobs failing together spread out.
   */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * A job still active after this long (default 900, 1 to 86,399) counts as a failed attempt
   * and is retried: its signal aborts, or, if its process died, another process picks it up.
   */
  expireInSeconds?: number;
  /** Do not start before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface QueueOptions {
  /** How many jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
}

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the job is cancelled or expires; handlers pass it to fetch() and check it. */
  signal: AbortSignal;
}

/** Resolving completes the job; throwing fails this attempt (retried while attempts remain). */
export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

export interface ActiveJob {
  id: string;
  name: string;
  data: unknown;
  startedAt: Date;
}

export type JobState = "queued" | "active" | "completed" | "failed" | "cancelled";

export interface JobInfo {
  id: string;
  name: string;
  data: unknown;
  state: JobState;
  /** Attempts made before the current or next one. */
  retryCount: number;
}

/**
 * How long after a failed attempt the next one may start: retryDelaySeconds × 2^retryCount,
 * retryCount being the attempts made before the one that failed (pg-boss adds up to as much
 * again as jitter). Whoever tells a person when a job retries reads it from here.
 */
export function retryBackoffMs(retryDelaySeconds: number, retryCount: number): number {
  return retryDelaySeconds * 2 ** retryCount * 1000;
}

export const JOB_DEFAULTS = { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 900, concurrency: 1 } as const;

export interface QueueCounts {
  queued: number;
  active: number;
}

/** One queue's unfinished jobs, for metrics: queued (waiting to start or to retry) and active. */
export interface QueueStat extends QueueCounts {
  name: string;
}

/** A job's last run as a schedule listing shows it. */
export interface RunInfo {
  id: string;
  state: JobState;
  createdAt: Date;
  startedAt: Date | null;
  /** When it completed, failed or was cancelled; null while unfinished. */
  finishedAt: Date | null;
}

/** One (queue, key) schedule with when it fires next and its latest run, by a tick or by hand. */
export interface ScheduleInfo {
  name: string;
  key: string;
  cron: string;
  data: unknown;
  /** The next tick (UTC), or null when the expression never fires again. */
  nextRunAt: Date | null;
  /** The newest job the schedule or runSchedule made that the queue still remembers. */
  lastRun: RunInfo | null;
}

/** How a job ended in this process, for metrics (QueueObserver). */
export type JobOutcome = "completed" | "failed" | "handed-back";

/**
 * Told of every job attempt this process ends: "handed-back" is one it gave back unfinished
 * (a stop that ran out of time), queued again without counting as a failed attempt.
 */
export interface QueueObserver {
  jobFinished(name: string, outcome: JobOutcome, seconds: number): void;
}

/**
 * The singleton key of a schedule's jobs: a tick and a run started by hand share it, so each
 * schedule has at most one run queued or active at a time, whoever started it and in however
 * many processes. A tick that finds the previous run unfinished is skipped.
 */
export const scheduleSingletonKey = (key: string) => `schedule:${key}`;

export interface JobQueue {
  readonly kind: "pg-boss" | "in-process";
  /** Creates the queue if missing; call before send/work/schedule on it (send to an unknown queue throws). */
  createQueue(name: string, options?: QueueOptions): Promise<void>;
  /** Enqueues a job; resolves to its id, or null when a singleton with that key is already queued or active. */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Enqueues one job per item of `data`, all with the same options and no singleton key, in a
   * few statements rather than one per job; resolves to how many were enqueued.
   */
  sendMany<T>(name: string, data: readonly T[], options?: Omit<SendOptions, "singletonKey">): Promise<number>;
  /** Runs handler for this queue's jobs in this process (workers only). */
  work<T>(name: string, handler: JobHandler<T>): Promise<void>;
  /**
   * Sends `data` to queue `name` on every tick of a 5-field cron expression (UTC), once per tick
   * whatever the number of processes. `key` (letters, digits, "_" and "-") tells several
   * schedules of one queue apart; scheduling an existing (name, key) again replaces its cron
   * and data. A bad cron expression or key throws.
   */
  schedule(name: string, key: string, cron: string, data: unknown): Promise<void>;
  unschedule(name: string, key: string): Promise<void>;
  /** Cancels a queued or active job; an active job's signal aborts. */
  cancel(name: string, id: string): Promise<void>;
  /**
   * Cancels every queued or active job of queue `name` whose data has `field` equal to one of
   * `values` (a number or string field at the top of the data), as cancel() does; resolves to
   * how many it cancelled.
   */
  cancelMatching(name: string, field: string, values: readonly (number | string)[]): Promise<number>;
  counts(name?: string): Promise<QueueCounts>;
  /** Unfinished jobs of every queue that has any (the product's queues, not internal ones). */
  queueStats(): Promise<QueueStat[]>;
  /** The queue's own database connections (pg-boss keeps a pool of its own), or null. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** Every schedule, sorted by queue and key. */
  schedules(): Promise<ScheduleInfo[]>;
  /**
   * Sends the schedule's job now, under the schedule's singleton key (scheduleSingletonKey):
   * resolves to its id, or null when a run of that schedule is already queued or active. Throws
   * when no such schedule exists.
   */
  runSchedule(name: string, key: string): Promise<string | null>;
  activeJobs(name?: string): Promise<ActiveJob[]>;
  /** One job's state, or null when unknown (never sent, or forgotten after its retention). */
  getJob(name: string, id: string): Promise<JobInfo | null>;
  /**
   * Called once per process before anything else. With work: true this process also runs the
   * handlers given to work() and fires schedules; with work: false it only enqueues and reads.
   */
  start(options: { work: boolean }): Promise<void>;
  /**
   * Stops taking jobs, lets running handlers finish (up to timeoutMs, default 10 s), then
   * closes. Handlers still running then have their signal aborted and their job is handed back
   * unfinished, without counting as an attempt, to run again in the next process that works.
   * Does not close the Db handle.
   */
  stop(timeoutMs?: number): Promise<void>;
}
