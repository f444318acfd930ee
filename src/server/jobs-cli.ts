/**
 * npm run jobs -- list | run NAME
 *
 * The scheduled jobs from an operator's shell (domain/scheduled-jobs.ts): `list` prints each
 * schedule with its name, cron (UTC), next tick and last run; `run NAME` queues that schedule's
 * job now, for the server's workers to run, under the same once-at-a-time rule as the schedule
 * (refused while a run is queued or running). Reads the same configuration and opens the same
 * database as the server; it only enqueues, so on SQLite the running server (or the next start)
 * runs the job, and on PostgreSQL any worker.
 */
import { pathToFileURL } from "node:url";
import { openDb, type Db } from "../../db/client.ts";
import { loadEnvFile } from "../../db/env-file.ts";
import { createJobQueue } from "../../jobs/create-queue.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { loadConfig } from "./config.ts";
import { AppError } from "./lib/errors.ts";
import { createLogger } from "./lib/logger.ts";
import { listScheduledJobs, runScheduledJobNow } from "./domain/scheduled-jobs.ts";

const USAGE = "Usage: npm run jobs -- list | run NAME";
// As npm run admin: give up rather than wait without end for the database or a lock.
// (Not imported from admin-cli.ts: bundled, its run-as-a-command check would match this entry.)
const CONNECT_TIMEOUT_MS = 10_000;
const LOCK_TIMEOUT_MS = 30_000;

interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

type Command = { name: "list" } | { name: "run"; job: string };

function parse([name, job, ...rest]: string[]): Command | undefined {
  if (name === "list" && job === undefined) return { name };
  if (name === "run" && job && rest.length === 0) return { name, job };
  return undefined;
}

async function run(queue: JobQueue, command: Command, io: CliIo): Promise<void> {
  if (command.name === "run") {
    const { message } = await runScheduledJobNow(queue, command.job);
    io.out(message);
    return;
  }
  const jobs = await listScheduledJobs(queue);
  if (jobs.length === 0) io.out("No scheduled jobs yet: the server adds them when it starts.");
  for (const job of jobs) {
    const last = job.lastRun ? `last run ${job.lastRun.state}${job.lastRun.finishedAt ? ` at ${job.lastRun.finishedAt}` : ""}` : "never run";
    io.out(`${job.name.padEnd(20)} ${job.cron.padEnd(14)} next ${job.nextRunAt ?? "never"}  ${last}  (${job.title})`);
  }
}

/** Returns the exit code: 0 done, 1 failed, 2 wrong usage, 3 refused (a run already queued or running). */
export async function runJobsCli(args: string[], options: { env?: Record<string, string | undefined>; io?: CliIo } = {}): Promise<number> {
  const io = options.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  const command = parse(args);
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  let db: Db | undefined;
  let queue: JobQueue | undefined;
  try {
    const config = loadConfig(options.env ?? process.env, { serving: false });
    db = openDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH, poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS, lockTimeoutMs: LOCK_TIMEOUT_MS });
    await db.migrate();
    // Enqueues and reads only: never runs a job, nor claims the server's.
    queue = createJobQueue({ db, config: { ...config, DATABASE_POOL_SIZE: 1 }, log: createLogger("warn"), ownsDatabase: false });
    await queue.start({ work: false });
    await run(queue, command, io);
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return error instanceof AppError && error.status === 409 ? 3 : 1;
  } finally {
    await queue?.stop(1000);
    await db?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadEnvFile();
  process.exitCode = await runJobsCli(process.argv.slice(2));
}
