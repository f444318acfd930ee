import { and, eq } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { insertQueueJobIn, type NewQueueJob } from "./queue-job-repository.ts";

/** Schedules of the in-process queue (SQLite only; pg-boss keeps its own on PostgreSQL). */

export interface QueueScheduleRow {
  name: string;
  key: string;
  cron: string;
  data: string;
  /** The last tick that fired (or when the schedule was first made): the next fire is the tick after it. */
  lastTickAt: Date;
}

function sqliteOnly(handle: Db) {
  if (handle.dialect !== "sqlite") throw new Error("queue_schedules exists on SQLite only (pg-boss schedules on PostgreSQL)");
  return handle;
}

/**
 * Creates or changes a schedule. An existing schedule keeps its last tick, so re-registering
 * at every boot neither skips nor repeats a tick missed while the process was down.
 */
export async function upsertQueueSchedule(handle: Db, row: Omit<QueueScheduleRow, "lastTickAt">, now: Date): Promise<void> {
  const { orm: db, t } = sqliteOnly(handle);
  await db.insert(t.queueSchedules).values({ ...row, lastTickAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [t.queueSchedules.name, t.queueSchedules.key], set: { cron: row.cron, data: row.data, updatedAt: now } });
}

export async function deleteQueueSchedule(handle: Db, name: string, key: string): Promise<void> {
  const { orm: db, t } = sqliteOnly(handle);
  await db.delete(t.queueSchedules).where(and(eq(t.queueSchedules.name, name), eq(t.queueSchedules.key, key)));
}

export async function listQueueSchedules(handle: Db): Promise<QueueScheduleRow[]> {
  const { orm: db, t } = sqliteOnly(handle);
  const s = t.queueSchedules;
  return db.select({ name: s.name, key: s.key, cron: s.cron, data: s.data, lastTickAt: s.lastTickAt }).from(s);
}

/**
 * Records that a schedule fired at `tickAt` and queues its job, in one transaction: "queued";
 * "held" when a job with the same singleton key is still queued or active (the tick is recorded,
 * nothing is queued); "moved" when the schedule changed or was removed since `expectedLastTick`
 * was read (nothing is recorded or queued).
 */
export async function fireQueueSchedule(handle: Db, schedule: { name: string; key: string; expectedLastTick: Date; tickAt: Date }, job: NewQueueJob): Promise<"queued" | "held" | "moved"> {
  const { t } = sqliteOnly(handle);
  const s = t.queueSchedules;
  return handle.transaction(function* (tx) {
    const moved = yield* exec(tx.update(s).set({ lastTickAt: schedule.tickAt })
      .where(and(eq(s.name, schedule.name), eq(s.key, schedule.key), eq(s.lastTickAt, schedule.expectedLastTick)))
      .returning({ name: s.name }));
    if (moved.length === 0) return "moved";
    return (yield* insertQueueJobIn(tx, t, job)) ? "queued" : "held";
  });
}
