/**
 * The few places that read pg-boss 10's own tables (pgboss.job, pgboss.queue) or lock around its
 * calls, because its API has no equivalent. Kept together: a pg-boss upgrade checks this file
 * (and the contract test) first.
 */
import type PgBoss from "pg-boss";
import pg from "pg";
import type { ActiveJob, QueueCounts } from "./queue.ts";

/** The forwarding queues of pg-boss-schedules.ts start with this (defined here, which that file imports). */
export const SCHEDULE_QUEUE_PREFIX = "__schedule__";

const LOCK_SEED = 7272;
// Our forwarding queues and pg-boss's own (__pgboss__send-it) are not the product's queues.
const HIDDEN = `AND name NOT LIKE '\\_\\_pgboss\\_\\_%' AND name NOT LIKE '${SCHEDULE_QUEUE_PREFIX.replace(/_/g, "\\_")}%'`;

/**
 * Runs fn while holding an advisory lock on a connection of its own, opened with the pool's
 * settings but outside it: fn works through the pool, so even a pool of one connection never
 * leaves fn waiting for the connection that holds the lock.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, lockName: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client(pool.options);
  // A failure while fn runs goes where the pool's own idle failures go, instead of ending the process.
  client.on("error", (error) => pool.emit("error", error, client));
  try {
    await client.connect();
    await client.query("SELECT pg_advisory_lock(hashtextextended($1::text, $2))", [lockName, LOCK_SEED]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtextextended($1::text, $2))", [lockName, LOCK_SEED]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Sends unless a job with the same (queue, singleton key) is queued, waiting to retry, or active:
 * pg-boss 10's singleton policies allow one queued AND one active job per key, the contract one
 * in all. The check and the insert share a transaction under a per-key lock.
 */
export async function sendSingleton(pool: pg.Pool, boss: PgBoss, name: string, key: string, data: object, options: PgBoss.SendOptions): Promise<string | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2::text, $3))", [name, key, LOCK_SEED]);
    const held = await client.query("SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1", [name, key]);
    const id = held.rowCount ? null : await boss.send(name, data, { ...options, singletonKey: key, db: { executeSql: (text, values) => client.query(text, values) } });
    await client.query("COMMIT");
    return id;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function countJobs(pool: pg.Pool, name: string | undefined): Promise<QueueCounts> {
  const { rows } = await pool.query<{ state: string; n: string }>(
    `SELECT state, count(*) AS n FROM pgboss.job WHERE state < 'completed' AND ($1::text IS NULL OR name = $1) ${HIDDEN} GROUP BY state`,
    [name ?? null],
  );
  const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { queued: n("created") + n("retry"), active: n("active") };
}

export async function listActiveJobs(pool: pg.Pool, name: string | undefined): Promise<ActiveJob[]> {
  const { rows } = await pool.query<{ id: string; name: string; data: unknown; started_on: Date }>(
    `SELECT id, name, data, started_on FROM pgboss.job WHERE state = 'active' AND ($1::text IS NULL OR name = $1) ${HIDDEN} ORDER BY started_on`,
    [name ?? null],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, data: r.data, startedAt: r.started_on }));
}

/** Ids of the unfinished jobs (queued, waiting to retry, active) of a queue whose data's `field` is one of `values`. */
export async function listUnfinishedJobIdsMatching(pool: pg.Pool, name: string, field: string, values: readonly (number | string)[]): Promise<string[]> {
  if (values.length === 0) return [];
  const { rows } = await pool.query<{ id: string }>(
    // Compared as JSON values, as the in-process queue does: 7 matches 7, not "7".
    "SELECT id FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data->$2 IN (SELECT jsonb_array_elements($3::jsonb))",
    [name, field, JSON.stringify(values)],
  );
  return rows.map((r) => r.id);
}

/** Every (queue, key) schedule with its cron and data, decoded from the forwarding queues' schedules. */
export async function listScheduleEntries(pool: pg.Pool): Promise<{ name: string; key: string; cron: string; data: unknown }[]> {
  const { rows } = await pool.query<{ name: string; cron: string; data: { target: string; data: unknown } }>(
    "SELECT name, cron, data FROM pgboss.schedule WHERE starts_with(name, $1) ORDER BY name", [SCHEDULE_QUEUE_PREFIX],
  );
  return rows.map((r) => {
    const target = r.data.target;
    const key = r.name.slice(SCHEDULE_QUEUE_PREFIX.length + target.length + 2);
    return { name: target, key, cron: r.cron, data: r.data.data };
  });
}

/** Unfinished jobs per product queue: created or waiting to retry (queued), and active. */
export async function countUnfinishedByName(pool: pg.Pool): Promise<{ name: string; queued: number; active: number }[]> {
  const { rows } = await pool.query<{ name: string; queued: string; active: string }>(
    `SELECT name, count(*) FILTER (WHERE state < 'active') AS queued, count(*) FILTER (WHERE state = 'active') AS active
       FROM pgboss.job WHERE state < 'completed' ${HIDDEN} GROUP BY name ORDER BY name`,
  );
  return rows.map((r) => ({ name: r.name, queued: Number(r.queued), active: Number(r.active) }));
}

export interface JobRunRow {
  id: string;
  state: string;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

/** The newest job of a queue with this singleton key, in the job table or pg-boss's archive. */
export async function findLatestJobWithKey(pool: pg.Pool, name: string, singletonKey: string): Promise<JobRunRow | null> {
  const { rows } = await pool.query<JobRunRow>(
    `SELECT id, state::text AS state, created_on, started_on, completed_on FROM (
       SELECT id, state, created_on, started_on, completed_on FROM pgboss.job WHERE name = $1 AND singleton_key = $2
       UNION ALL
       SELECT id, state, created_on, started_on, completed_on FROM pgboss.archive WHERE name = $1 AND singleton_key = $2
     ) runs ORDER BY created_on DESC LIMIT 1`,
    [name, singletonKey],
  );
  return rows[0] ?? null;
}

/** Gives an active job of this process back, to run again at once without counting an attempt. */
export async function handBackJob(pool: pg.Pool, name: string, id: string, message: string): Promise<boolean> {
  // started_on NULL: pg-boss's fetch counts a retry only for a job that had started.
  const { rowCount } = await pool.query(
    `UPDATE pgboss.job SET state = 'retry', start_after = now(), started_on = NULL, output = jsonb_build_object('message', $3::text)
      WHERE name = $1 AND id = $2 AND state = 'active'`,
    [name, id, message],
  );
  return (rowCount ?? 0) > 0;
}

export interface ActiveJobRow {
  id: string;
  name: string;
  /** As PostgreSQL writes it (microseconds), to match the attempt exactly. */
  started_on: string;
}

/** Active product jobs that started more than `ageMs` ago (by the database's clock). */
export async function listActiveJobsStartedBefore(pool: pg.Pool, ageMs: number): Promise<ActiveJobRow[]> {
  const { rows } = await pool.query<ActiveJobRow>(
    `SELECT id, name, started_on::text AS started_on FROM pgboss.job WHERE state = 'active' AND started_on < now() - $1 * interval '1 millisecond' ${HIDDEN}`,
    [ageMs],
  );
  return rows;
}

/**
 * Gives back an active job nobody holds the lease of (pg-boss-leases.ts), as the attempt that
 * was seen: queued again as its next attempt while retry_count < max(retry_limit,
 * `orphanRetries`), failed otherwise. Null when its lease is held (its worker lives) or the
 * attempt is no longer active. The lease is taken for this transaction, so two sweepers never
 * act on one job together.
 */
export async function handBackOrphan(pool: pg.Pool, job: ActiveJobRow, leaseSeed: number, orphanRetries: number): Promise<"retry" | "failed" | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: [lock] } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended($1::text, $2)) AS ok", [job.id, leaseSeed]);
    if (!lock?.ok) {
      await client.query("COMMIT");
      return null;
    }
    // started_on stays: pg-boss's fetch then counts the next run as a retry.
    const { rows } = await client.query<{ state: "retry" | "failed" }>(
      `UPDATE pgboss.job SET
          state = CASE WHEN retry_count < GREATEST(retry_limit, $4) THEN 'retry'::pgboss.job_state ELSE 'failed'::pgboss.job_state END,
          start_after = now(),
          completed_on = CASE WHEN retry_count < GREATEST(retry_limit, $4) THEN NULL ELSE now() END,
          output = jsonb_build_object('message', 'its process stopped while running it')
        WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3::timestamptz
        RETURNING state::text AS state`,
      [job.name, job.id, job.started_on, orphanRetries],
    );
    await client.query("COMMIT");
    return rows[0]?.state ?? null;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
