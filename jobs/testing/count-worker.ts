/**
 * A worker process for the multi-process tests: runs jobs of one queue on pg-boss and records
 * each run (job id, process id) in queue_test_runs; with "hang", each job then runs until the
 * process is killed. Usage: count-worker.ts <database-url> <queue> [hang]
 */
import pg from "pg";
import { PgBossQueue } from "../pg-boss-queue.ts";
import { silentLog } from "./queue-test-kit.ts";

const [url, name, mode] = process.argv.slice(2);
if (!url || !name) throw new Error("usage: count-worker.ts <database-url> <queue>");
const runs = new pg.Pool({ connectionString: url, max: 2 });
const queue = new PgBossQueue({ connectionString: url, log: silentLog, poolSize: 3, pollingIntervalSeconds: 0.5 });
await queue.start({ work: true });
await queue.createQueue(name, { concurrency: 2 });
await queue.work(name, async (job) => {
  await runs.query("INSERT INTO queue_test_runs (job_id, pid) VALUES ($1, $2)", [job.id, process.pid]);
  await new Promise((r) => setTimeout(r, mode === "hang" ? 3_600_000 : 30));
});
process.on("SIGTERM", () => {
  void queue.stop(2000).then(() => runs.end()).then(() => process.exit(0));
});
console.log("ready");
