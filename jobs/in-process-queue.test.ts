/** What only the in-process queue can show quickly: schedule ticks on a controlled clock, and crash recovery. */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimDueQueueJobs } from "../db/repositories/queue-job-repository.ts";
import { createTestDb, type TestDb } from "../db/testing/test-db.ts";
import { InProcessQueue } from "./in-process-queue.ts";
import { retryBackoffMs } from "./queue.ts";
import { silentLog, waitFor } from "./testing/queue-test-kit.ts";

describe("in-process queue [sqlite]", () => {
  let testDb: TestDb;
  const queues: InProcessQueue[] = [];
  let now = Date.parse("2024-01-01T00:00:30Z");
  const clock = { now: () => now };
  const make = async () => {
    const q = new InProcessQueue({ db: testDb.db, log: silentLog, clock, pollIntervalMs: 20 });
    queues.push(q);
    await q.start({ work: true });
    await q.createQueue("fetch-prices");
    return q;
  };
  const settle = () => new Promise((r) => setTimeout(r, 150)); // several polls

  beforeEach(async () => {
    testDb = await createTestDb("sqlite", { seeded: false });
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(200);
    await testDb.drop();
  });

  it("fires each schedule once per UTC cron tick, and missed ticks once after a restart", async () => {
    now = Date.parse("2024-01-01T00:00:30Z");
    const fired: string[] = [];
    const q = await make();
    await q.work<{ provider: string }>("fetch-prices", async (job) => void fired.push(job.data.provider));
    await q.schedule("fetch-prices", "porkbun", "*/5 * * * *", { provider: "porkbun" });
    await q.schedule("fetch-prices", "dynadot", "* * * * *", { provider: "dynadot" });
    await settle();
    expect(fired).toEqual([]); // no tick yet since they were made

    now = Date.parse("2024-01-01T00:01:00Z");
    await waitFor(() => fired.length, (n) => n === 1);
    await settle();
    expect(fired).toEqual(["dynadot"]); // many polls in the same tick, one job

    now = Date.parse("2024-01-01T00:05:10Z"); // dynadot missed 00:02..00:05: fires once
    await waitFor(() => fired.length, (n) => n === 3);
    await settle();
    expect(fired.slice(1).sort()).toEqual(["dynadot", "porkbun"]);

    await q.stop(200);
    now = Date.parse("2024-01-01T01:00:05Z"); // down for an hour
    const restarted = await make();
    await restarted.work<{ provider: string }>("fetch-prices", async (job) => void fired.push(job.data.provider));
    // Features schedule again at every boot; that must not reset the last tick.
    await restarted.schedule("fetch-prices", "porkbun", "*/5 * * * *", { provider: "porkbun" });
    await waitFor(() => fired.length, (n) => n === 5);
    await settle();
    expect(fired.slice(3).sort()).toEqual(["dynadot", "porkbun"]);

    await restarted.unschedule("fetch-prices", "dynadot");
    now = Date.parse("2024-01-01T01:05:00Z");
    await waitFor(() => fired.length, (n) => n === 6);
    await settle();
    expect(fired.slice(5)).toEqual(["porkbun"]);
  });

  it("starts each retry after retryBackoffMs (retryDelaySeconds × 2^attempts made), no sooner", async () => {
    now = Date.parse("2024-01-01T00:00:00Z");
    const q = await make();
    const attempts: number[] = [];
    await q.work("fetch-prices", async (job) => {
      attempts.push(job.retryCount);
      throw new Error("registry down");
    });
    const id = await q.send("fetch-prices", {}, { retryLimit: 2, retryDelaySeconds: 10 });
    for (const retryCount of [0, 1]) {
      await waitFor(() => attempts.length, (n) => n === retryCount + 1);
      await waitFor(() => q.getJob("fetch-prices", id!).then((j) => j?.state), (s) => s === "queued");
      now += retryBackoffMs(10, retryCount) - 1;
      await settle();
      expect(attempts).toHaveLength(retryCount + 1);
      now += 1;
    }
    await waitFor(() => q.getJob("fetch-prices", id!).then((j) => j?.state), (s) => s === "failed");
    expect(attempts).toEqual([0, 1, 2]);
    expect(retryBackoffMs(10, 0)).toBe(10_000);
    expect(retryBackoffMs(10, 1)).toBe(20_000);
  });

  it("retries a job that was active when its process died, once its expiry has passed", async () => {
    now = Date.parse("2024-01-01T00:00:00Z");
    const q = new InProcessQueue({ db: testDb.db, log: silentLog, clock, pollIntervalMs: 20 });
    queues.push(q);
    await q.createQueue("sync-account");
    const id = await q.send("sync-account", { accountId: 3 }, { expireInSeconds: 60, retryDelaySeconds: 1 });
    // A process that died mid-job: claimed, never finished.
    expect(await claimDueQueueJobs(testDb.db, "sync-account", 1, new Date(now))).toHaveLength(1);

    const ran: number[] = [];
    await q.work("sync-account", async (job) => void ran.push(job.retryCount));
    await q.start({ work: true });
    await settle();
    expect(ran).toEqual([]); // still within its expiry: it may yet be finishing elsewhere
    expect(await q.counts("sync-account")).toEqual({ queued: 0, active: 1 });

    now += 61_000; // expired: counted as a failed attempt, retried after its 1 s backoff
    await waitFor(() => q.getJob("sync-account", id!).then((j) => j?.state), (s) => s === "queued");
    now += 1_000;
    await waitFor(() => q.getJob("sync-account", id!).then((j) => j?.state), (s) => s === "completed");
    expect(ran).toEqual([1]);
  });

  it("runs a job left active by a dead process at once when the process owning the database starts, and fails one that keeps dying", async () => {
    now = Date.parse("2024-01-01T00:00:00Z");
    const q = new InProcessQueue({ db: testDb.db, log: silentLog, clock, pollIntervalMs: 20, ownsDatabase: true });
    queues.push(q);
    await q.createQueue("fetch-prices");
    // A price fetch may not be retried after a failure (retryLimit 0), but a crash is not one.
    const once = await q.send("fetch-prices", { provider: "porkbun" }, { retryLimit: 0 });
    const dying = await q.send("fetch-prices", { provider: "dynadot" }, { retryLimit: 0 });
    expect(await claimDueQueueJobs(testDb.db, "fetch-prices", 2, new Date(now))).toHaveLength(2);
    // The second has already been run again ORPHAN_RETRIES (2) times after its process died.
    await testDb.db.orm.update(testDb.db.t.queueJobs).set({ retryCount: 2 }).where(eq(testDb.db.t.queueJobs.id, dying!));

    const ran: { provider: string; retryCount: number }[] = [];
    await q.work<{ provider: string }>("fetch-prices", async (job) => void ran.push({ provider: job.data.provider, retryCount: job.retryCount }));
    await q.start({ work: true }); // no wait for the 15-minute expiry
    await waitFor(() => q.getJob("fetch-prices", once!).then((j) => j?.state), (s) => s === "completed");
    expect(ran).toEqual([{ provider: "porkbun", retryCount: 1 }]);
    expect(await q.getJob("fetch-prices", dying!)).toMatchObject({ state: "failed", retryCount: 2 });
  });

  it("skips a tick while the schedule's previous run, by a tick or by hand, is still queued or active", async () => {
    now = Date.parse("2024-01-01T00:00:30Z");
    const q = await make();
    const hold = { open: () => undefined as void, opened: Promise.resolve() };
    hold.opened = new Promise<void>((resolve) => (hold.open = resolve));
    const runs: number[] = [];
    await q.work("fetch-prices", async () => {
      runs.push(now);
      await hold.opened;
    });
    await q.schedule("fetch-prices", "every-minute", "* * * * *", {});
    const manual = await q.runSchedule("fetch-prices", "every-minute");
    await waitFor(() => runs.length, (n) => n === 1);
    now = Date.parse("2024-01-01T00:01:00Z"); // a tick while the run by hand goes on
    await settle();
    expect(runs).toHaveLength(1);
    expect((await q.schedules())[0]?.lastRun).toMatchObject({ id: manual, state: "active" });
    hold.open();
    await waitFor(() => q.getJob("fetch-prices", manual!).then((j) => j?.state), (s) => s === "completed");
    now = Date.parse("2024-01-01T00:02:00Z"); // the next tick runs
    await waitFor(() => runs.length, (n) => n === 2);
    expect((await q.schedules())[0]?.lastRun?.id).not.toBe(manual);
  });

  it("keeps a job that is not due yet until its start time", async () => {
    now = Date.parse("2024-01-01T00:00:00Z");
    const q = await make();
    const ran: string[] = [];
    await q.work("fetch-prices", async (job) => void ran.push(job.id));
    const id = await q.send("fetch-prices", {}, { startAfterSeconds: 30 });
    await settle();
    expect(ran).toEqual([]);
    now += 30_000;
    await waitFor(() => ran, (r) => r.length === 1);
    expect(ran).toEqual([id]);
  });
});
