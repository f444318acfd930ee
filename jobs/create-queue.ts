/**
 * Picks the queue for the database: pg-boss on PostgreSQL (every process on the same
 * DATABASE_URL shares it), the durable in-process queue on SQLite (one process).
 */
import type { Db } from "../db/client.ts";
import { InProcessQueue } from "./in-process-queue.ts";
import { PgBossQueue } from "./pg-boss-queue.ts";
import type { JobQueue, QueueObserver } from "./queue.ts";
import type { QueueLog } from "./send-options.ts";

export interface CreateJobQueueOptions {
  db: Db;
  /** DATABASE_URL: pg-boss opens its own small pool on the same database. */
  config: { DATABASE_URL?: string | undefined; DATABASE_POOL_SIZE?: number; QUEUE_CRON_CHECK_SECONDS?: number };
  log: QueueLog;
  /** Told how each job attempt this process runs ends (metrics). */
  observer?: QueueObserver | undefined;
  /**
   * The server on SQLite owns its database: jobs it finds active at start were left by a process
   * that died and run again at once. Commands that only enqueue (npm run jobs) pass false.
   */
  ownsDatabase?: boolean;
}

export function createJobQueue({ db, config, log, observer, ownsDatabase = true }: CreateJobQueueOptions): JobQueue {
  if (db.dialect === "sqlite") return new InProcessQueue({ db, log, observer, ownsDatabase });
  if (!config.DATABASE_URL) throw new Error("The PostgreSQL job queue needs DATABASE_URL");
  return new PgBossQueue({ connectionString: config.DATABASE_URL, log, observer, poolSize: Math.min(4, config.DATABASE_POOL_SIZE ?? 4),
    // pg-boss sends a due tick from its cron queue, which its cron worker polls: no slower than the check.
    ...(config.QUEUE_CRON_CHECK_SECONDS ? { cronMonitorIntervalSeconds: config.QUEUE_CRON_CHECK_SECONDS, cronWorkerIntervalSeconds: Math.min(5, config.QUEUE_CRON_CHECK_SECONDS) } : {}),
  });
}
