/**
 * One contract for both queues: the in-process queue on SQLite and pg-boss on PostgreSQL
 * (when TEST_DATABASE_URL is set). Each test uses its own queue name on a shared database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, TEST_DIALECTS, type TestDb } from "../db/testing/test-db.ts";
import type { Job, JobQueue } from "./queue.ts";
import { gate, createTestQueue, waitFor } from "./testing/queue-test-kit.ts";

for (const dialect of TEST_DIALECTS) {
  describe(`job queue contract [${dialect}]`, () => {
    let testDb: TestDb;
    let queue: JobQueue;
    const extra: JobQueue[] = [];

    beforeAll(async () => {
      testDb = await createTestDb(dialect, { seeded: false });
      queue = createTestQueue(testDb);
      await queue.start({ work: true });
    });
    afterAll(async () => {
      for (const q of [queue, ...extra]) await q.stop(500).catch(() => undefined);
      await testDb.drop();
    });

    const state = (name: string, id: string) => queue.getJob(name, id).then((j) => j?.state);

    it("runs a sent job once with its data, then reports it completed", async () => {
      await queue.createQueue("plain");
      const seen: Job[] = [];
      await queue.work("plain", async (job) => void seen.push(job));
      const id = await queue.send("plain", { tld: "com", list: [1, 2] });
      const arrayId = await queue.send("plain", ["a", "b"]);
      expect(id).toEqual(expect.any(String));
      await waitFor(() => state("plain", arrayId!), (s) => s === "completed");
      await waitFor(() => state("plain", id!), (s) => s === "completed");
      expect(seen.find((j) => j.id === id)).toMatchObject({ name: "plain", data: { tld: "com", list: [1, 2] }, retryCount: 0 });
      expect(seen.find((j) => j.id === arrayId)?.data).toEqual(["a", "b"]);
      expect(seen).toHaveLength(2);
      expect(await queue.counts("plain")).toEqual({ queued: 0, active: 0 });
    });

    it("runs each job sendMany enqueued once, with its own data and the shared options", async () => {
      await queue.createQueue("many");
      const seen: Job[] = [];
      await queue.work("many", async (job) => void seen.push(job));
      const data = Array.from({ length: 25 }, (_, i) => ({ n: i }));
      expect(await queue.sendMany("many", data, { retryLimit: 0 })).toBe(25);
      await waitFor(() => seen.length, (n) => n === 25);
      await waitFor(() => queue.counts("many"), (c) => c.queued === 0 && c.active === 0);
      expect(seen.map((j) => (j.data as { n: number }).n).sort((a, b) => a - b)).toEqual(data.map((d) => d.n));
      expect(seen.every((j) => j.retryCount === 0)).toBe(true);
      await expect(queue.sendMany("never-created", [{}])).rejects.toThrow(/does not exist/);
    });

    it("refuses to send to a queue that was never created", async () => {
      await expect(queue.send("never-created", {})).rejects.toThrow(/does not exist/);
    });

    it("refuses a singleton key while a job with it is queued or active, and takes it again afterwards", async () => {
      await queue.createQueue("single");
      const first = await queue.send("single", { n: 1 }, { singletonKey: "account-7" });
      expect(first).toEqual(expect.any(String));
      expect(await queue.send("single", { n: 2 }, { singletonKey: "account-7" })).toBeNull();
      expect(await queue.send("single", { n: 3 }, { singletonKey: "account-8" })).toEqual(expect.any(String));
      const hold = gate();
      await queue.work("single", async () => hold.opened);
      await waitFor(() => state("single", first!), (s) => s === "active");
      expect(await queue.send("single", { n: 4 }, { singletonKey: "account-7" })).toBeNull();
      hold.open();
      await waitFor(() => state("single", first!), (s) => s === "completed");
      expect(await queue.send("single", { n: 5 }, { singletonKey: "account-7" })).toEqual(expect.any(String));
    });

    it("retries a failing job with doubling delays, then marks it failed", async () => {
      await queue.createQueue("failing");
      const attempts: { retryCount: number; at: number }[] = [];
      await queue.work("failing", async (job) => {
        attempts.push({ retryCount: job.retryCount, at: Date.now() });
        throw new Error("registrar API down");
      });
      const id = await queue.send("failing", {}, { retryLimit: 2, retryDelaySeconds: 1 });
      await waitFor(() => state("failing", id!), (s) => s === "failed", 20_000);
      expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1900);
      expect(await queue.counts("failing")).toEqual({ queued: 0, active: 0 });
    }, 30_000);

    it("aborts and retries a job whose handler hangs past its expiry", async () => {
      await queue.createQueue("hanging");
      const hang = gate();
      const aborted: string[] = [];
      const done: number[] = [];
      await queue.work("hanging", async (job) => {
        if (job.retryCount === 0) {
          job.signal.addEventListener("abort", () => aborted.push(String((job.signal.reason as Error)?.message)));
          await hang.opened; // ignores its signal, like a stuck socket
          return;
        }
        done.push(job.retryCount);
      });
      const id = await queue.send("hanging", {}, { expireInSeconds: 1, retryDelaySeconds: 1 });
      await waitFor(() => state("hanging", id!), (s) => s === "completed", 15_000);
      expect(done).toEqual([1]);
      expect(aborted).toEqual([expect.stringMatching(/expired/)]);
      hang.open();
    });

    it("cancels a queued job, and an active one by aborting its signal", async () => {
      await queue.createQueue("cancel");
      const later = await queue.send("cancel", { which: "later" }, { startAfterSeconds: 3600 });
      await queue.cancel("cancel", later!);
      expect(await state("cancel", later!)).toBe("cancelled");
      expect(await queue.counts("cancel")).toEqual({ queued: 0, active: 0 });

      let reason = "";
      await queue.work("cancel", (job) => new Promise((_, reject) => {
        job.signal.addEventListener("abort", () => {
          reason = String((job.signal.reason as Error)?.message);
          reject(job.signal.reason);
        });
      }));
      const running = await queue.send("cancel", { which: "running" }, { retryLimit: 3 });
      await waitFor(() => state("cancel", running!), (s) => s === "active");
      await queue.cancel("cancel", running!);
      // pg-boss notices a cancellation when its worker next looks: seconds on a busy machine.
      await waitFor(() => reason, (r) => r !== "", 20_000);
      expect(reason).toMatch(/cancelled/);
      await new Promise((r) => setTimeout(r, 700));
      expect(await state("cancel", running!)).toBe("cancelled"); // the rejection did not turn into a retry
    });

    it("cancels the unfinished jobs whose data names one of the given values, and no other", async () => {
      await queue.createQueue("by-owner");
      const mine = await queue.send("by-owner", { accountId: 7 }, { startAfterSeconds: 3600 });
      const alsoMine = await queue.send("by-owner", { accountId: 9 }, { startAfterSeconds: 3600 });
      const theirs = await queue.send("by-owner", { accountId: 70 }, { startAfterSeconds: 3600 });
      const textual = await queue.send("by-owner", { accountId: "7" }, { startAfterSeconds: 3600 });
      expect(await queue.cancelMatching("by-owner", "accountId", [7, 9])).toBe(2);
      expect(await state("by-owner", mine!)).toBe("cancelled");
      expect(await state("by-owner", alsoMine!)).toBe("cancelled");
      expect(await state("by-owner", theirs!)).toBe("queued");
      // Compared as JSON values: the string "7" is not the number 7.
      expect(await state("by-owner", textual!)).toBe("queued");
      expect(await queue.cancelMatching("by-owner", "accountId", [])).toBe(0);
    });

    it("counts queued and active jobs and lists the active ones, within the queue's concurrency", async () => {
      await queue.createQueue("busy", { concurrency: 2 });
      const hold = gate();
      await queue.work("busy", async () => hold.opened);
      const ids = [];
      for (const n of [1, 2, 3]) ids.push(await queue.send("busy", { n }));
      const counts = await waitFor(() => queue.counts("busy"), (c) => c.active === 2);
      expect(counts).toEqual({ queued: 1, active: 2 });
      const active = await queue.activeJobs("busy");
      expect(active.map((a) => a.data)).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
      expect(active.every((a) => a.name === "busy" && a.startedAt instanceof Date)).toBe(true);
      const all = await queue.counts();
      expect(all.active).toBeGreaterThanOrEqual(2);
      expect((await queue.queueStats()).find((q) => q.name === "busy")).toEqual({ name: "busy", queued: 1, active: 2 });
      expect((await queue.activeJobs()).map((a) => a.id)).toEqual(expect.arrayContaining(active.map((a) => a.id)));
      hold.open();
      await waitFor(() => queue.counts("busy"), (c) => c.active === 0 && c.queued === 0);
      for (const id of ids) expect(await state("busy", id!)).toBe("completed");
    });

    it("checks schedule arguments before storing anything", async () => {
      await queue.createQueue("sched-args");
      await expect(queue.schedule("sched-args", "a", "*/5 * * * * *", {})).rejects.toThrow(/5 fields/);
      await expect(queue.schedule("sched-args", "not a key", "* * * * *", {})).rejects.toThrow(/Schedule key/);
      await expect(queue.schedule("no-such-queue", "a", "* * * * *", {})).rejects.toThrow(/does not exist/);
    });

    it("lists schedules with their next tick and last run, and runs one now at most once while a run of it is unfinished", async () => {
      await queue.createQueue("sched-now");
      await queue.schedule("sched-now", "daily", "5 6 * * *", { scan: "expiry" });
      const listed = () => queue.schedules().then((all) => all.find((s) => s.name === "sched-now" && s.key === "daily"));
      const before = await listed();
      expect(before).toMatchObject({ cron: "5 6 * * *", data: { scan: "expiry" }, lastRun: null });
      const next = before!.nextRunAt!;
      expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([6, 5, 0]);
      expect(next.getTime() - Date.now()).toBeGreaterThan(0);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

      const hold = gate();
      const runs: unknown[] = [];
      const first = await queue.runSchedule("sched-now", "daily");
      expect(first).toEqual(expect.any(String));
      // Queued: a second request (another operator, another process) starts nothing.
      expect(await queue.runSchedule("sched-now", "daily")).toBeNull();
      await queue.work("sched-now", async (job) => {
        runs.push(job.data);
        await hold.opened;
      });
      await waitFor(() => state("sched-now", first!), (s) => s === "active");
      expect(await queue.runSchedule("sched-now", "daily")).toBeNull();
      expect((await listed())?.lastRun).toMatchObject({ id: first, state: "active", finishedAt: null });
      hold.open();
      await waitFor(() => state("sched-now", first!), (s) => s === "completed");
      const last = (await listed())?.lastRun;
      expect(last).toMatchObject({ id: first, state: "completed" });
      expect(last?.finishedAt).toBeInstanceOf(Date);
      expect(runs).toEqual([{ scan: "expiry" }]);
      // Finished: the next request runs it again.
      const second = await queue.runSchedule("sched-now", "daily");
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      await waitFor(() => state("sched-now", second!), (s) => s === "completed");
      await expect(queue.runSchedule("sched-now", "weekly")).rejects.toThrow(/No schedule "weekly"/);
    });

    it("gives a job still running when stop() runs out of time back unfinished, uncounted, and the next queue runs it", async () => {
      const first = createTestQueue(testDb);
      extra.push(first);
      await first.start({ work: true });
      await first.createQueue("restart");
      let firstStarted = false;
      await first.work("restart", async (job) => {
        firstStarted = true;
        await new Promise((resolve) => job.signal.addEventListener("abort", resolve)); // never finishes on its own
        throw new Error("stopped");
      });
      // retryLimit 0: a job that may not be retried after a failure is still not lost to a stop.
      const id = await first.send("restart", { n: 1 }, { retryLimit: 0 });
      await waitFor(() => firstStarted, Boolean);
      await first.stop(300);
      expect(await queue.getJob("restart", id!)).toMatchObject({ state: "queued", retryCount: 0 });

      const second = createTestQueue(testDb);
      extra.push(second);
      await second.start({ work: true });
      await second.createQueue("restart");
      const ran: number[] = [];
      await second.work("restart", async (job) => void ran.push(job.retryCount));
      await waitFor(() => second.getJob("restart", id!).then((j) => j?.state), (s) => s === "completed", 15_000);
      expect(ran).toEqual([0]);
    });
  });
}
