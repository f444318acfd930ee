import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { exec, runBodyAsync, type Db, type Executor, type Tables, type TxBody } from "../client.ts";

/**
 * Jobs of the in-process queue (SQLite only; pg-boss keeps its own tables on PostgreSQL).
 * Updates that end an attempt are conditional on (state active, retryCount = attempt), so a
 * late answer from an attempt that was cancelled, expired or retried changes nothing.
 */

export type QueueJobState = "queued" | "active" | "completed" | "failed" | "cancelled";

export interface QueueJobRow {
  id: string;
  name: string;
  data: string;
  state: QueueJobState;
  singletonKey: string | null;
  retryCount: number;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  startAfter: Date;
  startedAt: Date | null;
  expiresAt: Date | null;
  completedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export type NewQueueJob = Pick<QueueJobRow, "id" | "name" | "data" | "singletonKey" | "retryLimit" | "retryDelaySeconds" | "expireInSeconds" | "startAfter" | "createdAt">;

function sqliteOnly(handle: Db) {
  if (handle.dialect !== "sqlite") throw new Error("queue_jobs exists on SQLite only (pg-boss runs the queue on PostgreSQL)");
  return handle;
}

const columns = (t: Db["t"]) => {
  const j = t.queueJobs;
  return {
    id: j.id, name: j.name, data: j.data, state: sql<QueueJobState>`${j.state}`, singletonKey: j.singletonKey,
    retryCount: j.retryCount, retryLimit: j.retryLimit, retryDelaySeconds: j.retryDelaySeconds,
    expireInSeconds: j.expireInSeconds, startAfter: j.startAfter, startedAt: j.startedAt, expiresAt: j.expiresAt,
    completedAt: j.completedAt, lastError: j.lastError, createdAt: j.createdAt,
  };
};

/** Inserts a queued job; null when a queued-or-active job holds the same singleton key. */
export async function insertQueueJob(handle: Db, job: NewQueueJob): Promise<string | null> {
  const { orm: db, t } = sqliteOnly(handle);
  return runBodyAsync(insertQueueJobIn(db, t, job));
}

/** Many jobs without singleton keys, in one transaction. */
export async function insertQueueJobs(handle: Db, jobs: NewQueueJob[]): Promise<void> {
  const { t } = sqliteOnly(handle);
  if (jobs.length === 0) return;
  await handle.transaction(function* (tx) {
    // 500 rows of 11 columns stay well below SQLite's bound-variable limit.
    for (let i = 0; i < jobs.length; i += 500) {
      yield* exec(tx.insert(t.queueJobs).values(jobs.slice(i, i + 500).map((job) => ({ ...job, state: "queued", retryCount: 0 }))));
    }
  });
}

/** insertQueueJob inside the caller's transaction (`yield*`). */
export function* insertQueueJobIn(db: Executor, t: Tables, job: NewQueueJob): TxBody<string | null> {
  const rows = yield* exec(db.insert(t.queueJobs).values({ ...job, state: "queued", retryCount: 0 })
    .onConflictDoNothing().returning({ id: t.queueJobs.id }));
  return rows[0]?.id ?? null;
}

/** The queues that have a job due (queued, its start time come), in one query for all queues. */
export async function queuesWithDueJobs(handle: Db, now: Date): Promise<Set<string>> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  const rows = await db.selectDistinct({ name: j.name }).from(j).where(and(eq(j.state, "queued"), lte(j.startAfter, now)));
  return new Set(rows.map((r) => r.name));
}

/** Marks up to `limit` due jobs of a queue active, oldest first, and returns them. */
export async function claimDueQueueJobs(handle: Db, name: string, limit: number, now: Date): Promise<QueueJobRow[]> {
  const { t } = sqliteOnly(handle);
  const j = t.queueJobs;
  return handle.transaction(function* (tx) {
    const due = yield* exec(tx.select(columns(t)).from(j)
      .where(and(eq(j.name, name), eq(j.state, "queued"), lte(j.startAfter, now)))
      .orderBy(asc(j.startAfter), asc(j.createdAt)).limit(limit));
    const claimed: QueueJobRow[] = [];
    for (const row of due) {
      const expiresAt = new Date(now.getTime() + row.expireInSeconds * 1000);
      yield* exec(tx.update(j).set({ state: "active", startedAt: now, expiresAt }).where(eq(j.id, row.id)));
      claimed.push({ ...row, state: "active", startedAt: now, expiresAt });
    }
    return claimed;
  });
}

const attemptOf = (t: Db["t"], id: string, attempt: number) =>
  and(eq(t.queueJobs.id, id), eq(t.queueJobs.state, "active"), eq(t.queueJobs.retryCount, attempt));

/** Ends an active attempt as completed or failed; false when that attempt is no longer active. */
export async function finishQueueJob(handle: Db, id: string, attempt: number, state: "completed" | "failed", error: string | null, now: Date): Promise<boolean> {
  const { orm: db, t } = sqliteOnly(handle);
  const rows = await db.update(t.queueJobs).set({ state, completedAt: now, expiresAt: null, lastError: error })
    .where(attemptOf(t, id, attempt)).returning({ id: t.queueJobs.id });
  return rows.length > 0;
}

/** Queues an active attempt again for attempt + 1 at `startAfter`; false when it is no longer active. */
export async function requeueQueueJob(handle: Db, id: string, attempt: number, startAfter: Date, error: string | null): Promise<boolean> {
  const { orm: db, t } = sqliteOnly(handle);
  const rows = await db.update(t.queueJobs)
    .set({ state: "queued", retryCount: attempt + 1, startAfter, expiresAt: null, lastError: error })
    .where(attemptOf(t, id, attempt)).returning({ id: t.queueJobs.id });
  return rows.length > 0;
}

/** Cancels a queued or active job; returns the state it had, or null when it was neither. */
export async function cancelQueueJob(handle: Db, name: string, id: string, now: Date): Promise<"queued" | "active" | null> {
  const { t } = sqliteOnly(handle);
  const j = t.queueJobs;
  return handle.transaction(function* (tx) {
    const [row] = yield* exec(tx.select({ state: j.state }).from(j)
      .where(and(eq(j.id, id), eq(j.name, name), inArray(j.state, ["queued", "active"]))));
    if (!row) return null;
    yield* exec(tx.update(j).set({ state: "cancelled", completedAt: now, expiresAt: null }).where(eq(j.id, id)));
    return row.state as "queued" | "active";
  });
}

export async function getQueueJob(handle: Db, name: string, id: string): Promise<QueueJobRow | null> {
  const { orm: db, t } = sqliteOnly(handle);
  const [row] = await db.select(columns(t)).from(t.queueJobs).where(and(eq(t.queueJobs.id, id), eq(t.queueJobs.name, name)));
  return row ?? null;
}

/** Active attempts whose expiry has passed (their worker hung or its process died). */
export async function listExpiredQueueJobs(handle: Db, now: Date): Promise<QueueJobRow[]> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  return db.select(columns(t)).from(j).where(and(eq(j.state, "active"), isNotNull(j.expiresAt), lte(j.expiresAt, now)));
}

export async function countQueueJobs(handle: Db, name?: string): Promise<{ queued: number; active: number }> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  const rows = await db.select({ state: j.state, n: count() }).from(j)
    .where(and(inArray(j.state, ["queued", "active"]), name === undefined ? undefined : eq(j.name, name)))
    .groupBy(j.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { queued: of("queued"), active: of("active") };
}

export async function listActiveQueueJobs(handle: Db, name?: string): Promise<QueueJobRow[]> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  return db.select(columns(t)).from(j)
    .where(and(eq(j.state, "active"), name === undefined ? undefined : eq(j.name, name)))
    .orderBy(asc(j.startedAt));
}

/** Ids of the queued or active jobs of a queue whose data's top-level `field` is one of `values`. */
export async function listUnfinishedQueueJobIdsMatching(handle: Db, name: string, field: string, values: readonly (number | string)[]): Promise<string[]> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  if (values.length === 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) return [];
  const rows = await db.select({ id: j.id }).from(j)
    .where(and(eq(j.name, name), inArray(j.state, ["queued", "active"]), inArray(sql`json_extract(${j.data}, ${`$.${field}`})`, [...values])));
  return rows.map((r) => r.id);
}

/** Forgets finished jobs (completed, failed, cancelled) that ended before `before`. */
export async function deleteFinishedQueueJobs(handle: Db, before: Date): Promise<number> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  const rows = await db.delete(j)
    .where(and(inArray(j.state, ["completed", "failed", "cancelled"]), lt(j.completedAt, before)))
    .returning({ id: j.id });
  return rows.length;
}

/**
 * Queues an active attempt again at once without counting it as an attempt (the process is
 * stopping and gives the job back unfinished); false when that attempt is no longer active.
 */
export async function handBackQueueJob(handle: Db, id: string, attempt: number, now: Date, error: string): Promise<boolean> {
  const { orm: db, t } = sqliteOnly(handle);
  const rows = await db.update(t.queueJobs)
    .set({ state: "queued", startAfter: now, expiresAt: null, lastError: error })
    .where(attemptOf(t, id, attempt)).returning({ id: t.queueJobs.id });
  return rows.length > 0;
}

/**
 * Jobs left active by a process that died (SQLite: one process owns the database, so at its
 * start every active job is such a one). Each is queued again at once as its next attempt while
 * fewer than max(its retry limit, `orphanRetries`) attempts have been made, failed otherwise, so
 * a job that kills its process every time does not do so for ever. Returns how many were queued
 * again and how many failed.
 */
export async function recoverOrphanedQueueJobs(handle: Db, now: Date, orphanRetries: number, error: string): Promise<{ requeued: number; failed: number }> {
  const { t } = sqliteOnly(handle);
  const j = t.queueJobs;
  return handle.transaction(function* (tx) {
    const active = yield* exec(tx.select({ id: j.id, retryCount: j.retryCount, retryLimit: j.retryLimit }).from(j).where(eq(j.state, "active")));
    let requeued = 0;
    for (const row of active) {
      if (row.retryCount < Math.max(row.retryLimit, orphanRetries)) {
        yield* exec(tx.update(j).set({ state: "queued", retryCount: row.retryCount + 1, startAfter: now, expiresAt: null, lastError: error }).where(eq(j.id, row.id)));
        requeued++;
      } else {
        yield* exec(tx.update(j).set({ state: "failed", completedAt: now, expiresAt: null, lastError: error }).where(eq(j.id, row.id)));
      }
    }
    return { requeued, failed: active.length - requeued };
  });
}

/** Unfinished jobs per queue and state (queued, active), for metrics. */
export async function countUnfinishedQueueJobsByName(handle: Db): Promise<{ name: string; queued: number; active: number }[]> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  const rows = await db.select({ name: j.name, state: j.state, n: count() }).from(j)
    .where(inArray(j.state, ["queued", "active"])).groupBy(j.name, j.state).orderBy(asc(j.name));
  const byName = new Map<string, { name: string; queued: number; active: number }>();
  for (const row of rows) {
    const stat = byName.get(row.name) ?? { name: row.name, queued: 0, active: 0 };
    if (row.state === "queued") stat.queued = row.n;
    else stat.active = row.n;
    byName.set(row.name, stat);
  }
  return [...byName.values()];
}

/** The newest job of a queue with this singleton key (the last run of a schedule), or null. */
export async function findLatestQueueJobWithKey(handle: Db, name: string, singletonKey: string): Promise<QueueJobRow | null> {
  const { orm: db, t } = sqliteOnly(handle);
  const j = t.queueJobs;
  const [row] = await db.select(columns(t)).from(j).where(and(eq(j.name, name), eq(j.singletonKey, singletonKey)))
    .orderBy(desc(j.createdAt)).limit(1);
  return row ?? null;
}
