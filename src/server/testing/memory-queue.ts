/**
 * A JobQueue kept in memory, for tests only: singleton keys, concurrency per queue, cancel
 * (an active job's signal aborts), counts and active jobs behave as the interface says. Cron
 * entries are recorded, not timed: tests fire one with `tick(name, key)`. `idle()` waits until
 * nothing is queued or running.
 */
import type { ActiveJob, JobInfo, Job, JobHandler, JobQueue, QueueCounts, QueueOptions, SendOptions } from "../../../jobs/queue.ts";

interface Entry {
  id: string;
  name: string;
  data: unknown;
  singletonKey: string | undefined;
  controller: AbortController;
  startedAt: Date | null;
}

export class MemoryQueue implements JobQueue {
  readonly kind = "in-process" as const;
  readonly schedules = new Map<string, { name: string; key: string; cron: string; data: unknown }>();
  /** Errors thrown by handlers, for assertions. */
  readonly failures: { name: string; error: unknown }[] = [];
  private readonly queues = new Map<string, { concurrency: number; handler?: JobHandler<any> }>();
  private readonly jobs: Entry[] = [];
  private running = new Set<Promise<void>>();
  private started = false;
  private nextId = 0;

  async createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    if (!this.queues.has(name)) this.queues.set(name, { concurrency: options.concurrency ?? 1 });
  }

  private queue(name: string) {
    const q = this.queues.get(name);
    if (!q) throw new Error(`Queue ${name} does not exist; call createQueue first`);
    return q;
  }

  async send<T>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    this.queue(name);
    if (options.singletonKey && this.jobs.some((j) => j.name === name && j.singletonKey === options.singletonKey)) return null;
    const entry: Entry = { id: String(++this.nextId), name, data, singletonKey: options.singletonKey, controller: new AbortController(), startedAt: null };
    this.jobs.push(entry);
    this.pump();
    return entry.id;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    this.queue(name).handler = handler;
    this.pump();
  }

  async schedule(name: string, key: string, cron: string, data: unknown): Promise<void> {
    this.queue(name);
    this.schedules.set(`${name}:${key}`, { name, key, cron, data });
  }

  async unschedule(name: string, key: string): Promise<void> {
    this.schedules.delete(`${name}:${key}`);
  }

  /** What the scheduler does on a cron tick: sends the entry's data to its queue. */
  async tick(name: string, key: string): Promise<string | null> {
    const entry = this.schedules.get(`${name}:${key}`);
    if (!entry) throw new Error(`No schedule ${name}:${key}`);
    return this.send(name, entry.data);
  }

  async cancel(name: string, id: string): Promise<void> {
    const index = this.jobs.findIndex((j) => j.name === name && j.id === id);
    const job = this.jobs[index];
    if (!job) return;
    if (job.startedAt) job.controller.abort();
    else this.jobs.splice(index, 1);
  }

  async counts(name?: string): Promise<QueueCounts> {
    const mine = this.jobs.filter((j) => !name || j.name === name);
    return { queued: mine.filter((j) => !j.startedAt).length, active: mine.filter((j) => j.startedAt).length };
  }

  async activeJobs(name?: string): Promise<ActiveJob[]> {
    return this.jobs.filter((j) => j.startedAt && (!name || j.name === name))
      .map((j) => ({ id: j.id, name: j.name, data: j.data, startedAt: j.startedAt! }));
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const job = this.jobs.find((j) => j.name === name && j.id === id);
    return job ? { id: job.id, name: job.name, data: job.data, state: job.startedAt ? "active" : "queued", retryCount: 0 } : null;
  }

  async start(options: { work: boolean }): Promise<void> {
    this.started = options.work;
    this.pump();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.idle();
  }

  /** Resolves once no job is queued or running (jobs sent by running jobs included). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private pump() {
    if (!this.started) return;
    for (const [name, q] of this.queues) {
      if (!q.handler) continue;
      const active = this.jobs.filter((j) => j.name === name && j.startedAt).length;
      const waiting = this.jobs.filter((j) => j.name === name && !j.startedAt).slice(0, Math.max(0, q.concurrency - active));
      for (const entry of waiting) this.run(entry, q.handler);
    }
  }

  private run(entry: Entry, handler: JobHandler<any>) {
    entry.startedAt = new Date();
    const job: Job = { id: entry.id, name: entry.name, data: entry.data, retryCount: 0, signal: entry.controller.signal };
    const done: Promise<void> = (async () => {
      await Promise.resolve(); // let `done` be assigned before the finally below can run
      try {
        await handler(job);
      } catch (error) {
        this.failures.push({ name: entry.name, error });
      } finally {
        this.jobs.splice(this.jobs.indexOf(entry), 1);
        this.running.delete(done!);
        this.pump();
      }
    })();
    this.running.add(done);
  }
}
