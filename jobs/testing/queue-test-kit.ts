/** Helpers for queue tests: one started queue per dialect on a test database, and polling waits. */
import pg from "pg";
import { listQueueSchedules } from "../../db/repositories/queue-schedule-repository.ts";
import type { TestDb } from "../../db/testing/test-db.ts";
import { InProcessQueue, type Clock } from "../in-process-queue.ts";
import { PgBossQueue } from "../pg-boss-queue.ts";
import { listScheduleEntries } from "../pg-boss-tables.ts";
import type { JobQueue } from "../queue.ts";
import type { QueueLog } from "../send-options.ts";

export const silentLog: QueueLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A queue on the test database with short intervals (pg-boss allows 0.5 s polling, 1 s cron). */
export function createTestQueue(testDb: TestDb, options: { clock?: Clock; leaseSweepMs?: number } = {}): JobQueue {
  if (testDb.db.dialect === "sqlite") return new InProcessQueue({ db: testDb.db, log: silentLog, pollIntervalMs: 50, ...(options.clock ? { clock: options.clock } : {}) });
  if (!testDb.url) throw new Error("PostgreSQL test database without a URL");
  return new PgBossQueue({
    connectionString: testDb.url, log: silentLog, poolSize: 3,
    pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1,
    maintenanceIntervalSeconds: 1, cancelCheckMs: 200, leaseSweepMs: options.leaseSweepMs ?? 1000,
  });
}

/** The schedules a queue on this test database holds, as (queue, key, cron, data), sorted by queue and key. */
export async function listSchedules(testDb: TestDb): Promise<{ name: string; key: string; cron: string; data: unknown }[]> {
  if (testDb.db.dialect === "sqlite") {
    const rows = await listQueueSchedules(testDb.db);
    return rows.map((r) => ({ name: r.name, key: r.key, cron: r.cron, data: JSON.parse(r.data) as unknown }))
      .sort((a, b) => `${a.name} ${a.key}`.localeCompare(`${b.name} ${b.key}`));
  }
  const pool = new pg.Pool({ connectionString: testDb.url, max: 1 });
  try {
    return await listScheduleEntries(pool);
  } finally {
    await pool.end();
  }
}

export async function waitFor<T>(read: () => T | Promise<T>, until: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A promise to hold a handler open, and its release. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
