/**
 * The durable in-process queue for SQLite: jobs and schedules live in tables (through
 * db/repositories), so a restart resumes queued jobs, and a job that was active when the
 * process died is retried once its expiry passes. One process owns an SQLite database, so
 * claiming is a plain transaction and a cancel reaches the running handler directly.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.ts";
import {
  cancelQueueJob, claimDueQueueJobs, countQueueJobs, countUnfinishedQueueJobsByName, deleteFinishedQueueJobs, findLatestQueueJobWithKey, finishQueueJob, getQueueJob,
  handBackQueueJob, insertQueueJob, insertQueueJobs, listActiveQueueJobs, listUnfinishedQueueJobIdsMatching, listExpiredQueueJobs, recoverOrphanedQueueJobs,
  queuesWithDueJobs, requeueQueueJob, type NewQueueJob, type QueueJobRow,
} from "../db/repositories/queue-job-repository.ts";
import { deleteQueueSchedule, listQueueSchedules, upsertQueueSchedule } from "../db/repositories/queue-schedule-repository.ts";
import { InProcessScheduler } from "./in-process-scheduler.ts";
import {
  JOB_DEFAULTS, retryBackoffMs, scheduleSingletonKey, type ActiveJob, type JobHandler, type JobInfo, type JobQueue, type QueueCounts, type QueueObserver, type QueueOptions,
  type QueueStat, type RunInfo, type ScheduleInfo, type SendOptions,
} from "./queue.ts";
import { assertScheduleKey, nextTick, ORPHAN_RETRIES, parseCron } from "./schedule-rules.ts";
import { checkSendOptions, type CheckedSendOptions, type QueueLog } from "./send-options.ts";

export interface Clock {
  now(): number;
}

export interface InProcessQueueOptions {
  db: Db;
  log: QueueLog;
  /** Tests move time by hand; jobs' start, expiry, backoff and schedule ticks all read it. */
  clock?: Clock;
  /** How often due jobs, expiries and schedule ticks are checked (a send wakes it at once). */
  pollIntervalMs?: number;
  /** Finished jobs are kept this long for inspection, then deleted. */
  retentionDays?: number;
  /**
   * This process owns the database (the server on SQLite): a job found active when it starts
   * working was left by a process that died, and is retried at once instead of after its expiry.
   * Commands that only enqueue (npm run jobs) and tests sharing a database leave it off.
   */
  ownsDatabase?: boolean;
  /** Told how each job attempt this process ran ended (metrics). */
  observer?: QueueObserver | undefined;
}

interface Running {
  row: QueueJobRow;
  controller: AbortController;
  settled: Promise<void>;
  startedAt: number;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Resolves after the I/O callbacks already waiting (a request that came in) have run. */
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The queued row of one job sent at `now` with checked options (its singleton key among them). */
const jobRow = (name: string, data: unknown, o: CheckedSendOptions, now: number): NewQueueJob => ({
  id: randomUUID(), name, data: JSON.stringify(data ?? null), singletonKey: o.singletonKey,
  retryLimit: o.retryLimit, retryDelaySeconds: o.retryDelaySeconds, expireInSeconds: o.expireInSeconds,
  startAfter: new Date(now + o.startAfterSeconds * 1000), createdAt: new Date(now),
});

export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;
  private readonly db: Db;
  private readonly log: QueueLog;
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  private readonly retentionMs: number;
  private readonly ownsDatabase: boolean;
  private readonly observer: QueueObserver | undefined;
  private readonly queues = new Map<string, Required<QueueOptions>>();
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly running = new Map<string, Running>();
  private readonly scheduler: InProcessScheduler;
  private working = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private lastPurge = 0;

  constructor(options: InProcessQueueOptions) {
    this.db = options.db;
    this.log = options.log;
    this.clock = options.clock ?? { now: () => Date.now() };
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retentionMs = (options.retentionDays ?? 7) * 86_400_000;
    this.ownsDatabase = options.ownsDatabase ?? false;
    this.observer = options.observer;
    this.scheduler = new InProcessScheduler(this.db, this.clock, this.log);
  }

  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    if (!name.trim()) throw new Error("Queue name is required");
    const concurrency = options.concurrency ?? JOB_DEFAULTS.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Queue "${name}": concurrency must be a whole number ≥ 1`);
    this.queues.set(name, { concurrency });
  }

  private assertQueue(name: string) {
    if (!this.queues.has(name)) throw new Error(`Queue "${name}" does not exist: call createQueue("${name}") first`);
  }

  async send<T>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    this.assertQueue(name);
    const o = checkSendOptions(options);
    const id = await insertQueueJob(this.db, jobRow(name, data, o, this.clock.now()));
    if (id) this.wake();
    return id;
  }

  async sendMany<T>(name: string, data: readonly T[], options: Omit<SendOptions, "singletonKey"> = {}): Promise<number> {
    this.assertQueue(name);
    // Jobs sent together never carry a singleton key, as with pg-boss's insert().
    const o = { ...checkSendOptions(options), singletonKey: null };
    const now = this.clock.now();
    const jobs = data.map((d) => jobRow(name, d, o, now));
    await insertQueueJobs(this.db, jobs);
    if (jobs.length) this.wake();
    return jobs.length;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    this.assertQueue(name);
    this.handlers.set(name, handler as JobHandler<unknown>);
    this.wake();
  }

  async schedule(name: string, key: string, cron: string, data: unknown): Promise<void> {
    this.assertQueue(name);
    assertScheduleKey(key);
    parseCron(cron);
    await upsertQueueSchedule(this.db, { name, key, cron, data: JSON.stringify(data ?? null) }, new Date(this.clock.now()));
  }

  async unschedule(name: string, key: string): Promise<void> {
    await deleteQueueSchedule(this.db, name, key);
  }

  async cancel(name: string, id: string): Promise<void> {
    const was = await cancelQueueJob(this.db, name, id, new Date(this.clock.now()));
    if (was === "active") this.running.get(id)?.controller.abort(new Error("job cancelled"));
  }

  async cancelMatching(name: string, field: string, values: readonly (number | string)[]): Promise<number> {
    const ids = await listUnfinishedQueueJobIdsMatching(this.db, name, field, values);
    for (const id of ids) await this.cancel(name, id);
    return ids.length;
  }

  counts(name?: string): Promise<QueueCounts> {
    return countQueueJobs(this.db, name);
  }

  poolStats(): null {
    return null;
  }

  queueStats(): Promise<QueueStat[]> {
    return countUnfinishedQueueJobsByName(this.db);
  }

  async schedules(): Promise<ScheduleInfo[]> {
    const rows = (await listQueueSchedules(this.db)).sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
    return Promise.all(rows.map(async (r) => {
      const last = await findLatestQueueJobWithKey(this.db, r.name, scheduleSingletonKey(r.key));
      const due = nextTick(parseCron(r.cron), r.lastTickAt);
      return {
        name: r.name, key: r.key, cron: r.cron, data: JSON.parse(r.data) as unknown,
        // A tick missed while no process ran fires at the next poll, so it is due now, not in the past.
        nextRunAt: due && new Date(Math.max(due.getTime(), this.clock.now())),
        lastRun: last && runInfo(last),
      };
    }));
  }

  async runSchedule(name: string, key: string): Promise<string | null> {
    const schedule = (await listQueueSchedules(this.db)).find((s) => s.name === name && s.key === key);
    if (!schedule) throw new Error(`No schedule "${key}" on queue "${name}"`);
    if (!this.queues.has(name)) this.queues.set(name, { concurrency: JOB_DEFAULTS.concurrency });
    const o = checkSendOptions({ singletonKey: scheduleSingletonKey(key) });
    const id = await insertQueueJob(this.db, jobRow(name, JSON.parse(schedule.data) as unknown, o, this.clock.now()));
    if (id) this.wake();
    return id;
  }

  async activeJobs(name?: string): Promise<ActiveJob[]> {
    const rows = await listActiveQueueJobs(this.db, name);
    return rows.map((r) => ({ id: r.id, name: r.name, data: JSON.parse(r.data) as unknown, startedAt: r.startedAt ?? r.createdAt }));
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const row = await getQueueJob(this.db, name, id);
    return row && { id: row.id, name: row.name, data: JSON.parse(row.data) as unknown, state: row.state, retryCount: row.retryCount };
  }

  async start(options: { work: boolean }): Promise<void> {
    this.working = options.work;
    if (this.working && this.ownsDatabase) {
      const recovered = await recoverOrphanedQueueJobs(this.db, new Date(this.clock.now()), ORPHAN_RETRIES, "its process stopped while running it");
      if (recovered.requeued || recovered.failed) this.log.warn(recovered, "jobs left running by a stopped process were queued again");
    }
    if (this.working) this.wake();
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.ticking;
    const all = Promise.all([...this.running.values()].map((r) => r.settled));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    // Jobs still running are given back unfinished, without counting as an attempt: the next
    // start runs them again (a job sent with retryLimit 0 must not be lost to a restart).
    for (const [id, run] of this.running) {
      this.running.delete(id);
      run.controller.abort(new Error("the process is stopping"));
      await handBackQueueJob(this.db, run.row.id, run.row.retryCount, new Date(this.clock.now()), "handed back: the process stopped before the job finished");
      this.observer?.jobFinished(run.row.name, "handed-back", (performance.now() - run.startedAt) / 1000);
    }
  }

  /** Runs a tick now (or right after the current one) instead of at the next poll. */
  private wake() {
    if (!this.working || this.stopping) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
      if (this.stopping) return;
      if (this.tickAgain) {
        this.tickAgain = false;
        setImmediate(() => this.wake());
      } else {
        this.timer = setTimeout(() => this.wake(), this.pollIntervalMs);
      }
    });
  }

  private async tick() {
    try {
      const now = this.clock.now();
      // Each step is a synchronous SQLite call on this thread: the requests waiting for it are
      // answered between steps, so a poll never holds the event loop for all its steps at once.
      await this.expire(now);
      await nextMacrotask();
      await this.scheduler.fireDue(now);
      await nextMacrotask();
      const due = await queuesWithDueJobs(this.db, new Date(now));
      for (const [name, handler] of this.handlers) {
        if (!due.has(name)) continue;
        const free = this.queues.get(name)!.concurrency - [...this.running.values()].filter((r) => r.row.name === name).length;
        if (free <= 0) continue;
        await nextMacrotask();
        for (const row of await claimDueQueueJobs(this.db, name, free, new Date(now))) this.run(row, handler);
      }
      if (now - this.lastPurge > PURGE_EVERY_MS) {
        this.lastPurge = now;
        await deleteFinishedQueueJobs(this.db, new Date(now - this.retentionMs));
      }
    } catch (error) {
      this.log.error({ err: error }, "job queue poll failed; retrying at the next poll");
    }
  }

  /** Expired attempts count as failures; a hung handler here gets its signal aborted and its slot freed. */
  private async expire(now: number) {
    for (const row of await listExpiredQueueJobs(this.db, new Date(now))) {
      const run = this.running.get(row.id);
      if (run && run.row.retryCount === row.retryCount) {
        this.running.delete(row.id);
        run.controller.abort(new Error(`job expired after ${row.expireInSeconds} s`));
        this.observer?.jobFinished(row.name, "failed", (performance.now() - run.startedAt) / 1000);
      }
      this.log.warn({ queue: row.name, jobId: row.id, attempt: row.retryCount }, "job expired while active");
      await this.failAttempt(row, `expired after ${row.expireInSeconds} s`);
    }
  }

  private run(row: QueueJobRow, handler: JobHandler<unknown>) {
    const controller = new AbortController();
    const job = { id: row.id, name: row.name, data: JSON.parse(row.data) as unknown, retryCount: row.retryCount, signal: controller.signal };
    const startedAt = performance.now();
    const ended = (outcome: "completed" | "failed") => {
      // A job handed back or expired meanwhile was counted where that happened.
      if (this.running.get(row.id)?.controller === controller) this.observer?.jobFinished(row.name, outcome, (performance.now() - startedAt) / 1000);
    };
    const settled = (async () => {
      try {
        await Promise.resolve().then(() => handler(job));
        ended("completed");
        await finishQueueJob(this.db, row.id, row.retryCount, "completed", null, new Date(this.clock.now()));
      } catch (error) {
        if (!controller.signal.aborted) this.log.warn({ err: error, queue: row.name, jobId: row.id, attempt: row.retryCount }, "job failed");
        ended("failed");
        await this.failAttempt(row, (error as Error)?.message ?? String(error));
      }
    })().catch((error: unknown) => this.log.error({ err: error, jobId: row.id }, "could not record a job's end"))
      .finally(() => {
        if (this.running.get(row.id)?.controller === controller) this.running.delete(row.id);
        this.wake();
      });
    this.running.set(row.id, { row, controller, settled, startedAt });
  }

  /** Queues the next attempt after its backoff, or marks the job failed when none are left. */
  private async failAttempt(row: QueueJobRow, error: string) {
    const now = this.clock.now();
    if (row.retryCount < row.retryLimit) {
      await requeueQueueJob(this.db, row.id, row.retryCount, new Date(now + retryBackoffMs(row.retryDelaySeconds, row.retryCount)), error);
    } else {
      await finishQueueJob(this.db, row.id, row.retryCount, "failed", error, new Date(now));
    }
  }
}

const runInfo = (row: QueueJobRow): RunInfo => ({
  id: row.id, state: row.state, createdAt: row.createdAt, startedAt: row.startedAt,
  finishedAt: row.state === "queued" || row.state === "active" ? null : row.completedAt,
});
