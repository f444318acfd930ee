/**
 * Jobs whose worker process died, noticed in seconds instead of at their expiry (15 minutes by
 * default), on pg-boss 10, which has no heartbeat of its own. Each working process keeps one
 * connection of its own (the lease connection) and holds a session advisory lock named by each
 * job it runs, for as long as it runs it. PostgreSQL drops a session's locks when its connection
 * ends, so a process killed with SIGKILL (or cut off from the database) lets go of every lock at
 * once. Every working process sweeps now and then: an active job started more than
 * LEASE_GRACE_MS ago whose lock it can take has nobody running it, and is given back
 * (pg-boss-tables.ts: handBackOrphan) to run again in any process.
 *
 * The sweep takes the lock for the length of one transaction, so two sweepers never give back
 * the same job twice, and the give-back only applies to the attempt it saw (its started_on).
 * A job's lock is let go of LEASE_RELEASE_DELAY_MS after its handler ends, by when pg-boss has
 * recorded its completion or failure.
 */
import pg from "pg";
import type { QueueLog } from "./send-options.ts";
import { handBackOrphan, listActiveJobsStartedBefore } from "./pg-boss-tables.ts";
import { ORPHAN_RETRIES } from "./schedule-rules.ts";

/** Any number; it only has to differ from the seeds of the other advisory locks. */
export const LEASE_SEED = 7273;
/** An active job younger than this is never swept: its worker may be taking its lock. */
export const LEASE_GRACE_MS = 5_000;
const LEASE_RELEASE_DELAY_MS = 2_000;
const RECONNECT_DELAY_MS = 1_000;

export interface LeaseOptions {
  pool: pg.Pool;
  log: QueueLog;
  /** How often this process looks for jobs nobody runs. */
  sweepIntervalMs: number;
}

export class JobLeases {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client | undefined> | undefined;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly options: LeaseOptions) {}

  start(): void {
    const loop = () => {
      if (this.stopped) return;
      this.sweeping = this.sweep().finally(() => {
        this.sweeping = undefined;
        if (!this.stopped) this.timer = setTimeout(loop, this.options.sweepIntervalMs);
      });
    };
    this.timer = setTimeout(loop, this.options.sweepIntervalMs);
  }

  /** Takes the lease of a job this process starts running. */
  async hold(jobId: string): Promise<void> {
    this.held.add(jobId);
    const client = await this.connection();
    await client?.query("SELECT pg_advisory_lock(hashtextextended($1::text, $2))", [jobId, LEASE_SEED]).catch((error: unknown) =>
      this.options.log.warn({ err: error, jobId }, "could not take a job's lease; another process may run it again"));
  }

  /** Lets go of a job's lease once pg-boss has recorded how it ended. */
  release(jobId: string): void {
    setTimeout(() => {
      if (!this.held.delete(jobId)) return;
      this.client?.query("SELECT pg_advisory_unlock(hashtextextended($1::text, $2))", [jobId, LEASE_SEED]).catch(() => undefined);
    }, LEASE_RELEASE_DELAY_MS).unref();
  }

  /** Stops sweeping and ends the lease connection, which lets go of every lease left. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sweeping;
    this.held.clear();
    const client = this.client ?? (await this.connecting);
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client | undefined> {
    if (this.client) return Promise.resolve(this.client);
    return (this.connecting ??= this.connect().finally(() => (this.connecting = undefined)));
  }

  private async connect(): Promise<pg.Client | undefined> {
    if (this.stopped) return undefined;
    const client = new pg.Client({ ...this.options.pool.options, application_name: `tldscope-leases-${process.pid}` });
    client.on("error", (error) => {
      // Its locks are gone with it: take them again on a new connection (a sweep may have given
      // a job back meanwhile; its handler then sees the job is no longer active and stops).
      this.options.log.warn({ err: error }, "the job lease connection failed; reconnecting");
      if (this.client === client) this.client = undefined;
      setTimeout(() => void this.retake(), RECONNECT_DELAY_MS).unref();
    });
    try {
      await client.connect();
    } catch (error) {
      this.options.log.warn({ err: error }, "could not open the job lease connection");
      return undefined;
    }
    this.client = client;
    return client;
  }

  private async retake() {
    const client = await this.connection();
    for (const jobId of this.held) {
      await client?.query("SELECT pg_advisory_lock(hashtextextended($1::text, $2))", [jobId, LEASE_SEED]).catch(() => undefined);
    }
  }

  /** Gives back every active job that has been running a while and whose lease nobody holds. */
  async sweep(): Promise<number> {
    let handedBack = 0;
    try {
      const pool = this.options.pool;
      for (const job of await listActiveJobsStartedBefore(pool, LEASE_GRACE_MS)) {
        if (this.stopped || this.held.has(job.id)) continue;
        const outcome = await handBackOrphan(pool, job, LEASE_SEED, ORPHAN_RETRIES);
        if (outcome) {
          handedBack++;
          this.options.log.warn({ queue: job.name, jobId: job.id, outcome }, "a job whose process stopped while running it was given back");
        }
      }
    } catch (error) {
      this.options.log.error({ err: error }, "looking for jobs whose process stopped failed; retrying at the next sweep");
    }
    return handedBack;
  }
}
