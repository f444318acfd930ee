/**
 * The queue on PostgreSQL: pg-boss 10, shared by every process on the same database. pg-boss
 * gets this module's own pool, so a singleton send can check and insert in one transaction.
 * What pg-boss 10 does not offer is added here: a singleton key that refuses while a job is
 * queued OR active, several schedules per queue (pg-boss-schedules.ts), and aborting a
 * running handler's signal when its job is cancelled from any process or expires.
 */
import PgBoss from "pg-boss";
import pg from "pg";
import { JOB_DEFAULTS, type ActiveJob, type JobHandler, type JobInfo, type JobQueue, type QueueCounts, type QueueOptions, type SendOptions } from "./queue.ts";
import { assertScheduleKey, parseCron } from "./schedule-rules.ts";
import { ScheduleForwarder, scheduleQueueName, SCHEDULE_QUEUE_PREFIX } from "./pg-boss-schedules.ts";
import { checkSendOptions, type QueueLog } from "./send-options.ts";

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
}

const PG_STATE: Record<string, JobInfo["state"]> = { created: "queued", retry: "queued", active: "active", completed: "completed", failed: "failed", cancelled: "cancelled" };
const INTERNAL = (name: string) => name.startsWith("__pgboss__") || name.startsWith(SCHEDULE_QUEUE_PREFIX);

export class PgBossQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  private readonly pool: pg.Pool;
  private boss: PgBoss | undefined;
  private working = false;
  private readonly concurrency = new Map<string, number>();
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly running = new Map<string, { controller: AbortController; settled: Promise<void> }>();
  private forwarder: ScheduleForwarder | undefined;
  private closed = false;

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
      db: { executeSql: (text, values) => (this.closed ? Promise.resolve({ rows: [] }) : this.pool.query(text, values)) },
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
    this.forwarder = new ScheduleForwarder(boss, this.options.log, (this.options.pollingIntervalSeconds ?? 2) * 1000);
    this.forwarder.start();
  }

  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    const concurrency = options.concurrency ?? JOB_DEFAULTS.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Queue "${name}": concurrency must be a whole number ≥ 1`);
    if (!name.trim() || INTERNAL(name)) throw new Error(`Queue name "${name}" is empty or reserved`);
    await this.started.createQueue(name);
    this.concurrency.set(name, concurrency);
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
    const sendOptions: PgBoss.SendOptions = {
      retryLimit: o.retryLimit, retryDelay: o.retryDelaySeconds, retryBackoff: true,
      expireInSeconds: o.expireInSeconds, ...(o.startAfterSeconds > 0 ? { startAfter: o.startAfterSeconds } : {}),
    };
    // pg-boss stores JSON from a string as is; objects would also pass, but arrays and strings would not.
    const payload = JSON.stringify(data ?? null) as unknown as object;
    if (!o.singletonKey) return this.started.send(name, payload, sendOptions);
    // pg-boss 10's singleton policies allow one queued AND one active job per key; the contract is one in all.
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2::text, 7272))", [name, o.singletonKey]);
      const held = await client.query("SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1", [name, o.singletonKey]);
      const id = held.rowCount ? null : await this.started.send(name, payload, { ...sendOptions, singletonKey: o.singletonKey, db: { executeSql: (text, values) => client.query(text, values) } });
      await client.query("COMMIT");
      return id;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
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
      this.started.getJobById(job.name, job.id).then((now) => {
        if (now?.state !== "active") controller.abort(new Error(now?.state === "cancelled" ? "job cancelled" : `job is ${now?.state ?? "gone"}`));
      }, () => undefined);
    }, this.options.cancelCheckMs ?? 1000);
    const settled = handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount, signal: controller.signal });
    const entry = { controller, settled: settled.then(() => undefined, () => undefined) };
    this.running.set(job.id, entry);
    try {
      await settled;
    } catch (error) {
      if (!controller.signal.aborted) this.options.log.warn({ err: error, queue: job.name, jobId: job.id, attempt: job.retryCount }, "job failed");
      throw error;
    } finally {
      clearTimeout(expiry);
      clearInterval(watch);
      if (this.running.get(job.id) === entry) this.running.delete(job.id);
    }
  }

  async schedule(name: string, key: string, cron: string, data: unknown): Promise<void> {
    await this.assertQueue(name);
    assertScheduleKey(key);
    parseCron(cron);
    // pg-boss 10 keeps one schedule per queue, so each (queue, key) gets a queue of its own whose jobs are forwarded.
    const via = scheduleQueueName(name, key);
    await this.started.createQueue(via, { name: via, retryLimit: 5, retryDelay: 5, expireInSeconds: 60 });
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

  async counts(name?: string): Promise<QueueCounts> {
    const { rows } = await this.pool.query<{ state: string; n: string }>(
      `SELECT state, count(*) AS n FROM pgboss.job WHERE state < 'completed' AND ($1::text IS NULL OR name = $1)
         AND name NOT LIKE '\\_\\_pgboss\\_\\_%' AND name NOT LIKE $2 GROUP BY state`,
      [name ?? null, `${SCHEDULE_QUEUE_PREFIX.replace(/_/g, "\\_")}%`],
    );
    const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { queued: n("created") + n("retry"), active: n("active") };
  }

  async activeJobs(name?: string): Promise<ActiveJob[]> {
    const { rows } = await this.pool.query<{ id: string; name: string; data: unknown; started_on: Date }>(
      `SELECT id, name, data, started_on FROM pgboss.job WHERE state = 'active' AND ($1::text IS NULL OR name = $1)
         AND name NOT LIKE '\\_\\_pgboss\\_\\_%' AND name NOT LIKE $2 ORDER BY started_on`,
      [name ?? null, `${SCHEDULE_QUEUE_PREFIX.replace(/_/g, "\\_")}%`],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, data: r.data, startedAt: r.started_on }));
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const job = await this.started.getJobById<unknown>(name, id, { includeArchive: true });
    return job && { id: job.id, name: job.name, data: job.data, state: PG_STATE[job.state] ?? "failed", retryCount: job.retryCount };
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    if (boss) {
      this.forwarder?.stop();
      const settle = Promise.all([...this.running.values()].map((r) => r.settled));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([settle.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
      clearTimeout(timer);
      if (timedOut) for (const r of this.running.values()) r.controller.abort(new Error("the process is stopping"));
      // pg-boss marks jobs still in hand as failed attempts (retried if attempts remain).
      await boss.stop({ graceful: !timedOut, timeout: 1000, close: false, wait: true });
      await this.forwarder?.stopped();
      this.boss = undefined;
    }
    this.closed = true;
    await this.pool.end();
  }
}
