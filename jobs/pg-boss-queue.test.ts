/**
 * pg-boss across processes: schedules fire once per tick with two queues evaluating cron (and
 * not while the schedule's previous run is unfinished), two worker processes share 50 jobs so
 * that each runs exactly once, and the job of a worker killed with SIGKILL runs again elsewhere
 * within seconds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../db/testing/test-db.ts";
import type { JobQueue } from "./queue.ts";
import { createTestQueue, gate, waitFor } from "./testing/queue-test-kit.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("pg-boss queue [postgres]", () => {
  let testDb: TestDb;
  const queues: JobQueue[] = [];
  const started = async (work: boolean) => {
    const q = createTestQueue(testDb);
    queues.push(q);
    await q.start({ work });
    return q;
  };

  beforeAll(async () => {
    testDb = await createTestDb("postgres", { seeded: false });
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(500).catch(() => undefined);
    await testDb.drop();
  });

  it("fires several schedules of one queue once per tick, with two processes evaluating cron", async () => {
    // pg-boss fires a 5-field schedule for the minute it is in; stay inside one minute.
    const second = new Date().getUTCSeconds();
    if (second >= 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const minute = new Date().getUTCMinutes();
    const [a, b] = [await started(true), await started(true)];
    const fired: string[] = [];
    for (const q of [a, b]) {
      await q.createQueue("tick");
      await q.work<{ provider: string }>("tick", async (job) => void fired.push(job.data.provider));
    }
    await a.schedule("tick", "porkbun", "* * * * *", { provider: "porkbun" });
    await b.schedule("tick", "dynadot", "* * * * *", { provider: "dynadot" });
    await waitFor(() => fired.length, (n) => n >= 2, 12_000);
    await new Promise((r) => setTimeout(r, 3000)); // more cron checks by both, same tick
    expect(new Date().getUTCMinutes()).toBe(minute);
    expect(fired.sort()).toEqual(["dynadot", "porkbun"]);

    await a.unschedule("tick", "porkbun");
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>("SELECT name FROM pgboss.schedule ORDER BY name");
    await client.end();
    expect(rows.map((r) => r.name)).toEqual(["__schedule__tick__dynadot"]);
  }, 40_000);

  it("skips a tick while the schedule's run started by hand is still active, in every process evaluating cron", async () => {
    const [a, b] = [await started(true), await started(true)];
    const hold = gate();
    const runs: string[] = [];
    for (const q of [a, b]) {
      await q.createQueue("held-tick");
      await q.work("held-tick", async (job) => {
        runs.push(job.id);
        await hold.opened;
      });
    }
    await a.schedule("held-tick", "minutely", "* * * * *", {});
    const manual = await a.runSchedule("held-tick", "minutely");
    // The run by hand starts once a worker polls for it (within a second or two on a busy machine).
    await waitFor(() => [...runs], (r) => r.length > 0, 15_000);
    // The tick of this minute is sent within a second or two (cron checked every second here) and
    // forwarded while the run by hand holds the schedule's key.
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      await waitFor(async () => (await client.query("SELECT 1 FROM pgboss.job WHERE name = '__schedule__held-tick__minutely' AND state = 'completed'")).rowCount, (n) => n === 1, 15_000);
    } finally {
      await client.end();
    }
    expect(runs).toEqual([manual]);
    expect(await b.runSchedule("held-tick", "minutely")).toBeNull();
    hold.open();
    await waitFor(() => a.getJob("held-tick", manual!).then((j) => j?.state), (s) => s === "completed");
    expect(runs).toEqual([manual]);
  }, 30_000);

  it("runs the job of a worker killed with SIGKILL again in another process within seconds, though it may not be retried after a failure", async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    await client.query("CREATE TABLE IF NOT EXISTS queue_test_runs (job_id text NOT NULL, pid int NOT NULL)");
    const victim = spawn(process.execPath, ["--import", "tsx", "jobs/testing/count-worker.ts", testDb.url!, "orphan", "hang"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        victim.stdout.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
        victim.once("exit", (code) => reject(new Error(`worker exited early with ${code}`)));
      });
      const sender = await started(false);
      await sender.createQueue("orphan");
      const id = await sender.send("orphan", { provider: "porkbun" }, { retryLimit: 0 });
      const runsOf = async () => (await client.query<{ pid: number }>("SELECT pid FROM queue_test_runs WHERE job_id = $1", [id])).rows.map((r) => r.pid);
      await waitFor(runsOf, (pids) => pids.length === 1, 15_000);
      // Running in the victim, which holds its lease: no sweep in this process takes it away.
      const rescuer = createTestQueue(testDb, { leaseSweepMs: 500 });
      queues.push(rescuer);
      const ran: number[] = [];
      await rescuer.start({ work: true });
      await rescuer.createQueue("orphan");
      await rescuer.work("orphan", async (job) => void ran.push(job.retryCount));
      await new Promise((r) => setTimeout(r, 6_500));
      expect(ran).toEqual([]);
      expect((await rescuer.getJob("orphan", id!))?.state).toBe("active");

      const killedAt = Date.now();
      victim.kill("SIGKILL");
      await waitFor(() => rescuer.getJob("orphan", id!).then((j) => j?.state), (s) => s === "completed", 20_000);
      // Seconds, not the job's 15-minute expiry; counted as its next attempt.
      expect(Date.now() - killedAt).toBeLessThan(15_000);
      expect(ran).toEqual([1]);
      expect(await runsOf()).toEqual([victim.pid]);
    } finally {
      if (victim.exitCode === null) victim.kill("SIGKILL");
      await client.end();
    }
  }, 60_000);

  it("a handler that finishes after stop() gave up on it completes into the closed queue without an unhandled rejection", async () => {
    const q = await started(true);
    await q.createQueue("late.finisher");
    let release!: () => void;
    const finished = new Promise<void>((resolve) => (release = resolve));
    let began = false;
    // Ignores its abort signal: it only ends when released, after the queue has stopped.
    await q.work("late.finisher", async () => { began = true; await finished; });
    await q.send("late.finisher", {});
    await waitFor(() => began, (b) => b);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      await q.stop(100);
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("runs each of 50 jobs exactly once across two worker processes", async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    await client.query("CREATE TABLE IF NOT EXISTS queue_test_runs (job_id text NOT NULL, pid int NOT NULL)");
    await client.query("DELETE FROM queue_test_runs");
    const children: ChildProcess[] = [];
    try {
      const ready = [0, 1].map(() => {
        const child = spawn(process.execPath, ["--import", "tsx", "jobs/testing/count-worker.ts", testDb.url!, "count"], { stdio: ["ignore", "pipe", "inherit"] });
        children.push(child);
        return new Promise<void>((resolve, reject) => {
          child.stdout.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
          child.once("exit", (code) => reject(new Error(`worker exited early with ${code}`)));
        });
      });
      await Promise.all(ready);
      const sender = await started(false);
      await sender.createQueue("count");
      const ids = new Set<string>();
      for (let n = 0; n < 50; n++) ids.add((await sender.send("count", { n }))!);
      await waitFor(() => sender.counts("count"), (c) => c.queued === 0 && c.active === 0, 30_000);
      const { rows } = await client.query<{ job_id: string; pid: number }>("SELECT job_id, pid FROM queue_test_runs");
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((r) => r.job_id))).toEqual(ids);
      expect(new Set(rows.map((r) => r.pid)).size).toBe(2); // both processes took work
      for (const id of ids) expect((await sender.getJob("count", id))?.state).toBe("completed");
    } finally {
      await Promise.all(children.map((child) => new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(null);
        child.once("exit", resolve);
        child.kill("SIGTERM");
      })));
      await client.end();
    }
  }, 60_000);
});
