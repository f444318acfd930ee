/**
 * Several schedules per queue on pg-boss 10. Its schedule table holds one schedule per queue
 * and its cron inserts the job into that same queue, so each (queue, key) schedules on a small
 * queue of its own, "__schedule__<queue>__<key>", with { target, data } as the job. Processes
 * that run jobs move those jobs to the target queue under the same job id: a forward repeated
 * after a crash inserts nothing new, so each tick still reaches the target queue once. The
 * forwarded job carries the schedule's singleton key (queue.ts: scheduleSingletonKey), so a tick
 * that finds the schedule's previous run (a tick's or one started by hand) still queued or
 * active is skipped.
 */
import type PgBoss from "pg-boss";
import type pg from "pg";
import { scheduleSingletonKey } from "./queue.ts";
import { SCHEDULE_QUEUE_PREFIX, sendSingleton } from "./pg-boss-tables.ts";
import type { QueueLog } from "./send-options.ts";

export { SCHEDULE_QUEUE_PREFIX };

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
    private readonly pool: pg.Pool,
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
        const key = queue.slice(SCHEDULE_QUEUE_PREFIX.length + target.length + 2);
        // Stored as JSON text, like every send, so any JSON value passes through pg-boss intact.
        const payload = JSON.stringify(data ?? null) as unknown as object;
        const sent = await sendSingleton(this.pool, this.boss, target, scheduleSingletonKey(key), payload, { id: job.id, retryBackoff: true, retryDelay: 10 });
        if (!sent) this.log.info({ queue: target, key }, "schedule tick skipped: its previous run is still queued or running");
        await this.boss.complete(queue, job.id);
      } catch (error) {
        this.log.error({ err: error, queue }, "could not forward a scheduled job");
        await this.boss.fail(queue, job.id, { message: (error as Error).message });
      }
    }
  }
}
