/**
 * An in-memory JobQueue for tests: the interface's semantics (queues created before use,
 * singleton keys held while a job is queued or active, schedules recorded by key), with jobs
 * run only when a test calls runQueued(), so each step is observable.
 */
import type { ActiveJob, JobInfo, Job, JobHandler, JobQueue, QueueCounts, SendOptions } from "../../../jobs/queue.ts";

interface Entry {
  id: string;
  name: string;
  data: unknown;
  singletonKey?: string | undefined;
  state: "queued" | "active" | "completed" | "failed";
  error?: unknown;
  startedAt?: Date;
  controller: AbortController;
}

export class ManualQueue implements JobQueue {
  readonly kind = "in-process" as const;
  readonly jobs: Entry[] = [];
  readonly schedules = new Map<string, { name: string; cron: string; data: unknown }>();
  private queues = new Set<string>();
  private handlers = new Map<string, JobHandler<any>>();
  private nextId = 0;

  async createQueue(name: string) {
    this.queues.add(name);
  }

  private known(name: string) {
    if (!this.queues.has(name)) throw new Error(`queue ${name} does not exist; createQueue first`);
  }

  async send<T>(name: string, data: T, options: SendOptions = {}) {
    this.known(name);
    const key = options.singletonKey;
    if (key && this.jobs.some((j) => j.name === name && j.singletonKey === key && (j.state === "queued" || j.state === "active"))) return null;
    const id = String(++this.nextId);
    this.jobs.push({ id, name, data, singletonKey: key, state: "queued", controller: new AbortController() });
    return id;
  }

  async work<T>(name: string, handler: JobHandler<T>) {
    this.known(name);
    this.handlers.set(name, handler);
  }

  async schedule(name: string, key: string, cron: string, data: unknown) {
    this.known(name);
    this.schedules.set(`${name}:${key}`, { name, cron, data });
  }

  async unschedule(name: string, key: string) {
    this.schedules.delete(`${name}:${key}`);
  }

  async cancel(_name: string, id: string) {
    const job = this.jobs.find((j) => j.id === id);
    if (job && (job.state === "queued" || job.state === "active")) {
      job.controller.abort(new Error("cancelled"));
      job.state = "failed";
    }
  }

  async counts(name?: string): Promise<QueueCounts> {
    const mine = this.jobs.filter((j) => !name || j.name === name);
    return { queued: mine.filter((j) => j.state === "queued").length, active: mine.filter((j) => j.state === "active").length };
  }

  async activeJobs(name?: string): Promise<ActiveJob[]> {
    return this.jobs.filter((j) => j.state === "active" && (!name || j.name === name))
      .map((j) => ({ id: j.id, name: j.name, data: j.data, startedAt: j.startedAt! }));
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const job = this.jobs.find((j) => j.name === name && j.id === id);
    return job ? { id: job.id, name: job.name, data: job.data, state: job.state, retryCount: 0 } : null;
  }

  async start() {}
  async stop() {}

  /** Sends a schedule's data once, as a cron tick would. */
  async tick(name: string, key: string) {
    const s = this.schedules.get(`${name}:${key}`);
    if (!s) throw new Error(`no schedule ${name}:${key}`);
    return this.send(s.name, s.data);
  }

  /** Runs queued jobs (and any they queue) until none is left; returns the ones it ran. */
  async runQueued(): Promise<Entry[]> {
    const ran: Entry[] = [];
    for (let job = this.jobs.find((j) => j.state === "queued"); job; job = this.jobs.find((j) => j.state === "queued")) {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`no worker for ${job.name}`);
      job.state = "active";
      job.startedAt = new Date();
      const view: Job = { id: job.id, name: job.name, data: job.data, retryCount: 0, signal: job.controller.signal };
      try {
        await handler(view);
        job.state = "completed";
      } catch (error) {
        job.state = "failed";
        job.error = error;
      }
      ran.push(job);
    }
    return ran;
  }
}
