/**
 * The queue on PostgreSQL: pg-boss 10, shared by every process on the same database. pg-boss
 * gets this module's own pool, so a singleton send can check and insert in one transaction.
 * What pg-boss 10 does not offer is added here: a singleton key that refuses while a job is
 * queued OR active and counts of its tables (pg-boss-tables.ts), several schedules per queue
 * (pg-boss-schedules.ts), aborting a running handler's signal when its job is cancelled
 * from any process or expires, and giving back within seconds the jobs of a process that died
 * (pg-boss-leases.ts) or, unfinished, those of one that stops.
 */
import PgBoss from "pg-boss";
import pg from "pg";
import {
  JOB_DEFAULTS, scheduleSingletonKey, type ActiveJob, type JobHandler, type JobInfo, type JobQueue, type QueueCounts, type QueueObserver, type QueueOptions,
  type QueueStat, type ScheduleInfo, type SendOptions,
} from "./queue.ts";
import { assertScheduleKey, nextTick, parseCron } from "./schedule-rules.ts";
import { JobLeases } from "./pg-boss-leases.ts";
import { ScheduleForwarder, scheduleQueueName, SCHEDULE_QUEUE_PREFIX } from "./pg-boss-schedules.ts";
import {
  countJobs, countUnfinishedByName, findLatestJobWithKey, handBackJob, listActiveJobs, listScheduleEntries, listUnfinishedJobIdsMatching, sendSingleton,
  withAdvisoryLock,
} from "./pg-boss-tables.ts";
import { checkSendOptions, type CheckedSendOptions, type QueueLog } from "./send-options.ts";

export interface PgBossQueueOptions {
  connectionString: string;
  log: QueueLog;
  poolSize?: number;
  /** pg-boss's polling, cron and maintenance intervals (seconds); tests shorten them. */
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** How often a running job's state is read to notice a cancel from any process. */
  cancelCheckMs?: number;
  /** How often a working process looks for jobs whose process died (pg-boss-leases.ts); default 5 s. */
  leaseSweepMs?: number;
  /** Told how each job attempt this process ran ended (metrics). */
  observer?: QueueObserver | undefined;
}

const PG_STATE: Record<string, JobInfo["state"]> = { created: "queued", retry: "queued", active: "active", completed: "completed", failed: "failed", cancelled: "cancelled" };
const INTERNAL = (name: string) => name.startsWith("__pgboss__") || name.startsWith(SCHEDULE_QUEUE_PREFIX);

/** Jobs per insert statement of sendMany. */
const SEND_MANY_BATCH = 1000;

/**
 * A job's pg-boss retry, expiry and start options, the same for send and sendMany. send() takes
 * startAfter as seconds (the database's clock adds them); insert() takes only a time, so
 * sendMany turns the seconds into one.
 */
function bossJobOptions<S>(o: CheckedSendOptions, startAfter: (seconds: number) => S) {
  return {
    retryLimit: o.retryLimit, retryDelay: o.retryDelaySeconds, retryBackoff: true, expireInSeconds: o.expireInSeconds,
    ...(o.startAfterSeconds > 0 ? { startAfter: startAfter(o.startAfterSeconds) } : {}),
  };
}

/**
 * What a command sent after stop() answers: nothing ran. pg-boss reads a completion's or
 * failure's answer as `rows[0].count`, so those (its `SELECT COUNT(*) …` commands) get a zero
 * count rather than no row, which would throw where nothing awaits it.
 */
const afterClose = (text: string) => (/^\s*(WITH[\s\S]*)?SELECT COUNT\(\*\)/i.test(text) ? { rows: [{ count: "0" }] } : { rows: [] });

export class PgBossQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  private readonly pool: pg.Pool;
  private boss: PgBoss | undefined;
  private working = false;
  private readonly concurrency = new Map<string, number>();
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly running = new Map<string, { name: string; controller: AbortController; settled: Promise<void>; startedAt: number }>();
  private forwarder: ScheduleForwarder | undefined;
  private leases: JobLeases | undefined;
  private closed = false;
  private creating: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PgBossQueueOptions) {
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 4, application_name: "tldscope-queue" });
    this.pool.on("error", (error) => options.log.warn({ err: error }, "idle queue connection failed; the pool replaces it"));
  }

  private get started(): PgBoss {
    if (!this.boss) throw new Error("The job queue is not started: call start() first");
    return this.boss;
  }

  async start(options: { work: boolean }): Promise<void> {
    const o = this.options;
    const boss = new PgBoss({
      // After stop, a completion pg-boss fires without awaiting must not hit an ended pool: that
      // job stays active until its expiry and is retried, as if the process had died.
      db: { executeSql: (text, values) => (this.closed ? Promise.resolve(afterClose(text)) : this.pool.query(text, values)) },
      // Web processes only enqueue: cron evaluation and maintenance run where jobs run.
      schedule: options.work, supervise: options.work, migrate: true,
      ...(o.pollingIntervalSeconds ? { pollingIntervalSeconds: o.pollingIntervalSeconds } : {}),
      ...(o.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: o.cronMonitorIntervalSeconds } : {}),
      ...(o.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: o.cronWorkerIntervalSeconds } : {}),
      ...(o.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: o.maintenanceIntervalSeconds } : {}),
    });
    boss.on("error", (error) => o.log.error({ err: error }, "pg-boss error"));
    await boss.start();
    this.boss = boss;
    this.working = options.work;
    if (!this.working) return;
    for (const [name, handler] of this.handlers) await this.attach(name, handler);
    this.leases = new JobLeases({ pool: this.pool, log: o.log, sweepIntervalMs: o.leaseSweepMs ?? 5_000 });
    this.leases.start();
    this.forwarder = new ScheduleForwarder(boss, this.pool, this.options.log, (this.options.pollingIntervalSeconds ?? 2) * 1000);
    this.forwarder.start();
  }

  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    const concurrency = options.concurrency ?? JOB_DEFAULTS.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Queue "${name}": concurrency must be a whole number ≥ 1`);
    if (!name.trim() || INTERNAL(name)) throw new Error(`Queue name "${name}" is empty or reserved`);
    await this.ensureQueue(name);
    this.concurrency.set(name, concurrency);
  }

  /**
   * pg-boss 10's create_queue deadlocks when two processes create the same queue at once (web
   * and worker booting together), so creators take turns under an advisory lock.
   */
  private ensureQueue(name: string, options?: PgBoss.Queue): Promise<void> {
    // One at a time in this process too: each holds a connection while waiting for the lock.
    const next = this.creating.then(() => this.createLocked(name, options));
    this.creating = next.catch(() => undefined);
    return next;
  }

  private async createLocked(name: string, options?: PgBoss.Queue) {
    const boss = this.started;
    if (await boss.getQueue(name)) return;
    await withAdvisoryLock(this.pool, "pg-boss create_queue", async () => {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
    });
  }

  /** pg-boss 10 silently drops a job sent to a missing queue; say so instead. */
  private async assertQueue(name: string) {
    if (this.concurrency.has(name)) return;
    if (!(await this.started.getQueue(name))) throw new Error(`Queue "${name}" does not exist: call createQueue("${name}") first`);
    this.concurrency.set(name, JOB_DEFAULTS.concurrency);
  }

  async send<T>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.assertQueue(name);
    const o = checkSendOptions(options);
    const sendOptions: PgBoss.SendOptions = bossJobOptions(o, (seconds) => seconds);
    // pg-boss stores JSON from a string as is; objects would also pass, but arrays and strings would not.
    const payload = JSON.stringify(data ?? null) as unknown as object;
    if (!o.singletonKey) return this.started.send(name, payload, sendOptions);
    return sendSingleton(this.pool, this.started, name, o.singletonKey, payload, sendOptions);
  }

  async sendMany<T>(name: string, data: readonly T[], options: Omit<SendOptions, "singletonKey"> = {}): Promise<number> {
    await this.assertQueue(name);
    const jobOptions = bossJobOptions(checkSendOptions(options), (seconds) => new Date(Date.now() + seconds * 1000));
    // insert() sends the whole list as one JSON document, so data goes in as it is (not as a string).
    for (let i = 0; i < data.length; i += SEND_MANY_BATCH) {
      await this.started.insert(data.slice(i, i + SEND_MANY_BATCH).map((d) => ({ name, data: (d ?? null) as unknown as object, ...jobOptions })));
    }
    return data.length;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    this.handlers.set(name, handler as JobHandler<unknown>);
    if (this.boss && this.working) await this.attach(name, handler as JobHandler<unknown>);
  }

  /** One pg-boss worker per unit of concurrency, each fetching one job at a time. */
  private async attach(name: string, handler: JobHandler<unknown>) {
    await this.assertQueue(name);
    const workOptions = { batchSize: 1, includeMetadata: true as const, ...(this.options.pollingIntervalSeconds ? { pollingIntervalSeconds: this.options.pollingIntervalSeconds } : {}) };
    for (let i = 0; i < (this.concurrency.get(name) ?? 1); i++) {
      await this.started.work<unknown>(name, workOptions, async ([job]) => {
        if (job) await this.run(job, handler);
      });
    }
  }

  private async run(job: PgBoss.JobWithMetadata<unknown>, handler: JobHandler<unknown>) {
    const controller = new AbortController();
    const expiry = setTimeout(() => controller.abort(new Error(`job expired after ${job.expireInSeconds} s`)), job.expireInSeconds * 1000);
    // pg-boss does not tell a worker that its job was cancelled: read the state while it runs.
    const watch = setInterval(() => {
      this.boss?.getJobById(job.name, job.id).then((now) => {
        if (now?.state !== "active") controller.abort(new Error(now?.state === "cancelled" ? "job cancelled" : `job is ${now?.state ?? "gone"}`));
      }, () => undefined);
    }, this.options.cancelCheckMs ?? 1000);
    // Once aborted there is nothing left to notice, even if the handler ignores its signal.
    controller.signal.addEventListener("abort", () => clearInterval(watch), { once: true });
    const startedAt = performance.now();
    const settled = (this.leases?.hold(job.id) ?? Promise.resolve())
      .then(() => handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount, signal: controller.signal }));
    const entry = { name: job.name, controller, settled: settled.then(() => undefined, () => undefined), startedAt };
    this.running.set(job.id, entry);
    // A job handed back by stop() was counted there.
    const ended = (outcome: "completed" | "failed") => {
      if (this.running.get(job.id) === entry) this.options.observer?.jobFinished(job.name, outcome, (performance.now() - startedAt) / 1000);
    };
    try {
      await settled;
      ended("completed");
    } catch (error) {
      if (!controller.signal.aborted) this.options.log.warn({ err: error, queue: job.name, jobId: job.id, attempt: job.retryCount }, "job failed");
      ended("failed");
      throw error;
    } finally {
      clearTimeout(expiry);
      clearInterval(watch);
      if (this.running.get(job.id) === entry) this.running.delete(job.id);
      this.leases?.release(job.id);
    }
  }

  async schedule(name: string, key: string, cron: string, data: unknown): Promise<void> {
    await this.assertQueue(name);
    assertScheduleKey(key);
    parseCron(cron);
    // pg-boss 10 keeps one schedule per queue, so each (queue, key) gets a queue of its own whose jobs are forwarded.
    const via = scheduleQueueName(name, key);
    await this.ensureQueue(via, { name: via, retryLimit: 5, retryDelay: 5, expireInSeconds: 60 });
    await this.started.schedule(via, cron, { target: name, data: data ?? null }, { tz: "UTC" });
  }

  async unschedule(name: string, key: string): Promise<void> {
    assertScheduleKey(key);
    // The forwarding queue stays (pg-boss 10 cannot delete a queue that still holds finished
    // jobs); without its schedule nothing new arrives in it.
    await this.started.unschedule(scheduleQueueName(name, key));
  }

  async cancel(name: string, id: string): Promise<void> {
    await this.started.cancel(name, id);
    this.running.get(id)?.controller.abort(new Error("job cancelled"));
  }

  async cancelMatching(name: string, field: string, values: readonly (number | string)[]): Promise<number> {
    const ids = await listUnfinishedJobIdsMatching(this.pool, name, field, values);
    for (const id of ids) await this.cancel(name, id);
    return ids.length;
  }

  counts(name?: string): Promise<QueueCounts> {
    return countJobs(this.pool, name);
  }

  poolStats() {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  queueStats(): Promise<QueueStat[]> {
    return countUnfinishedByName(this.pool);
  }

  async schedules(): Promise<ScheduleInfo[]> {
    const entries = await listScheduleEntries(this.pool);
    const now = new Date();
    return Promise.all(entries.sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key)).map(async (e) => {
      const last = await findLatestJobWithKey(this.pool, e.name, scheduleSingletonKey(e.key));
      return {
        ...e, nextRunAt: nextTick(parseCron(e.cron), now),
        lastRun: last && {
          id: last.id, state: PG_STATE[last.state] ?? "failed", createdAt: last.created_on, startedAt: last.started_on,
          finishedAt: last.state === "completed" || last.state === "failed" || last.state === "cancelled" ? last.completed_on : null,
        },
      };
    }));
  }

  async runSchedule(name: string, key: string): Promise<string | null> {
    assertScheduleKey(key);
    const entry = (await listScheduleEntries(this.pool)).find((e) => e.name === name && e.key === key);
    if (!entry) throw new Error(`No schedule "${key}" on queue "${name}"`);
    return this.send(name, entry.data, { singletonKey: scheduleSingletonKey(key) });
  }

  activeJobs(name?: string): Promise<ActiveJob[]> {
    return listActiveJobs(this.pool, name);
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const job = await this.started.getJobById<unknown>(name, id, { includeArchive: true });
    return job && { id: job.id, name: job.name, data: job.data, state: PG_STATE[job.state] ?? "failed", retryCount: job.retryCount };
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.closed) return;
    const boss = this.boss;
    if (boss) {
      this.forwarder?.stop();
      // No new job starts here from now on; those running get the time left.
      await Promise.all([...this.handlers.keys()].map((name) => boss.offWork(name)));
      const settle = Promise.all([...this.running.values()].map((r) => r.settled));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([settle.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
      clearTimeout(timer);
      if (timedOut) {
        // Given back unfinished, without counting as an attempt: another process runs them now
        // (a job sent with retryLimit 0 is not lost to a deploy). pg-boss's own shutdown would
        // fail them instead, so its statements answer nothing from here on (afterClose).
        this.closed = true;
        for (const [id, r] of [...this.running]) {
          this.running.delete(id);
          await handBackJob(this.pool, r.name, id, "handed back: its process stopped before the job finished").catch((error: unknown) =>
            this.options.log.warn({ err: error, jobId: id }, "could not give a running job back; it runs again once its lease is seen free"));
          // Aborted once given back: the failure its handler then reports reaches no table.
          r.controller.abort(new Error("the process is stopping"));
          this.options.observer?.jobFinished(r.name, "handed-back", (performance.now() - r.startedAt) / 1000);
        }
      }
      await boss.stop({ graceful: !timedOut, timeout: 1000, close: false, wait: true });
      await this.forwarder?.stopped();
      await this.leases?.stop();
      this.boss = undefined;
    }
    this.closed = true;
    await this.pool.end();
  }
}
