/**
 * Several schedules per queue on pg-boss 10. Its schedule table holds one schedule per queue
 * and its cron inserts the job into that same queue, so each (queue, key) schedules on a small
 * queue of its own, "__schedule__<queue>__<key>", with { target, data } as the job. Processes
 * that run jobs move those jobs to the target queue under the same job id: a forward repeated
 * after a crash inserts nothing new, so each tick still reaches the target queue once.
 */
import type PgBoss from "pg-boss";
import type { QueueLog } from "./send-options.ts";

export const SCHEDULE_QUEUE_PREFIX = "__schedule__";

export const scheduleQueueName = (name: string, key: string) => `${SCHEDULE_QUEUE_PREFIX}${name}__${key}`;

interface Forwarded {
  target: string;
  data: unknown;
}

export class ScheduleForwarder {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly log: QueueLog,
    private readonly intervalMs: number,
  ) {}

  start() {
    const loop = () => {
      if (this.stopping) return;
      this.running = this.forwardAll().finally(() => {
        this.running = undefined;
        if (!this.stopping) this.timer = setTimeout(loop, this.intervalMs);
      });
    };
    loop();
  }

  stop() {
    this.stopping = true;
    clearTimeout(this.timer);
  }

  async stopped() {
    await this.running;
  }

  private async forwardAll() {
    try {
      const schedules = await this.boss.getSchedules();
      for (const { name } of schedules) {
        if (this.stopping) return;
        if (name.startsWith(SCHEDULE_QUEUE_PREFIX)) await this.forward(name);
      }
    } catch (error) {
      this.log.error({ err: error }, "forwarding scheduled jobs failed; retrying at the next poll");
    }
  }

  private async forward(queue: string) {
    const jobs = await this.boss.fetch<Forwarded>(queue, { batchSize: 20 });
    for (const job of jobs) {
      try {
        const { target, data } = job.data;
        // Stored as JSON text, like every send, so any JSON value passes through pg-boss intact.
        await this.boss.send(target, JSON.stringify(data ?? null) as unknown as object, { id: job.id, retryBackoff: true, retryDelay: 10 });
        await this.boss.complete(queue, job.id);
      } catch (error) {
        this.log.error({ err: error, queue }, "could not forward a scheduled job");
        await this.boss.fail(queue, job.id, { message: (error as Error).message });
      }
    }
  }
}
