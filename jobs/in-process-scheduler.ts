/**
 * Schedules of the in-process queue. Each schedule remembers its last tick in the database; a
 * poll fires it when the next tick after that has come, and records "now" as its last tick in
 * the same transaction as the job it queues. So each tick fires once, and ticks missed while
 * the process was down fire once at start, not once each. A tick's job carries the schedule's
 * singleton key: while a run of the schedule (a tick's, or one started by hand) is still queued
 * or active, the tick is recorded and queues nothing.
 */
import { randomUUID } from "node:crypto";
import type { Cron } from "croner";
import type { Db } from "../db/client.ts";
import { fireQueueSchedule, listQueueSchedules } from "../db/repositories/queue-schedule-repository.ts";
import { JOB_DEFAULTS, scheduleSingletonKey } from "./queue.ts";
import { nextTick, parseCron } from "./schedule-rules.ts";
import type { QueueLog } from "./send-options.ts";

export class InProcessScheduler {
  private readonly parsed = new Map<string, Cron>();
  /** Each schedule's next tick after its last one, by cron and last tick: croner's nextRun takes a millisecond or more, and a poll comes every second. */
  private readonly nextTicks = new Map<string, number | null>();

  constructor(
    private readonly db: Db,
    private readonly clock: { now(): number },
    private readonly log: QueueLog,
  ) {}

  /** Fires every schedule whose next tick has passed; true when at least one job was queued. */
  async fireDue(now: number): Promise<boolean> {
    let fired = false;
    for (const schedule of await listQueueSchedules(this.db)) {
      const due = this.nextTickOf(schedule.cron, schedule.lastTickAt);
      if (!due || due.getTime() > now) continue;
      const queued = await fireQueueSchedule(
        this.db,
        { name: schedule.name, key: schedule.key, expectedLastTick: schedule.lastTickAt, tickAt: new Date(now) },
        {
          id: randomUUID(), name: schedule.name, data: schedule.data, singletonKey: scheduleSingletonKey(schedule.key),
          retryLimit: JOB_DEFAULTS.retryLimit, retryDelaySeconds: JOB_DEFAULTS.retryDelaySeconds,
          expireInSeconds: JOB_DEFAULTS.expireInSeconds, startAfter: new Date(now), createdAt: new Date(this.clock.now()),
        },
      );
      if (queued === "queued") {
        fired = true;
        this.log.info({ queue: schedule.name, key: schedule.key, tick: due.toISOString() }, "schedule fired");
      } else if (queued === "held") {
        this.log.info({ queue: schedule.name, key: schedule.key, tick: due.toISOString() }, "schedule tick skipped: its previous run is still queued or running");
      }
    }
    return fired;
  }

  private nextTickOf(expression: string, lastTickAt: Date): Date | null {
    const key = `${expression}\n${lastTickAt.getTime()}`;
    let at = this.nextTicks.get(key);
    if (at === undefined) {
      let cron = this.parsed.get(expression);
      if (!cron) {
        cron = parseCron(expression);
        this.parsed.set(expression, cron);
      }
      at = nextTick(cron, lastTickAt)?.getTime() ?? null;
      // Ticks that have passed leave their keys behind: a few a day per schedule.
      if (this.nextTicks.size > 10_000) this.nextTicks.clear();
      this.nextTicks.set(key, at);
    }
    return at === null ? null : new Date(at);
  }
}
