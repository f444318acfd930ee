import { afterAll, beforeAll, expect, it } from "vitest";
import type { JobQueue } from "../../jobs/queue.ts";
import { createTestQueue } from "../../jobs/testing/queue-test-kit.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "./testing/auth.ts";
import { createTestApp } from "./testing/test-app.ts";

forEachDialect("scheduled jobs run by hand", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  beforeAll(async () => {
    // Started without work: a job sent now stays queued, as while a worker is busy with it.
    queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    await queue.createQueue("notifications.plan-expiry");
    await queue.schedule("notifications.plan-expiry", "daily", "5 6 * * *", {});
    await queue.createQueue("prices.schedule");
    await queue.schedule("prices.schedule", "schedule-7", "0 3 * * *", { scheduleId: 7 });
  });
  afterAll(async () => {
    await queue.stop(1000);
  });

  it("lists every schedule by name, runs one now once at a time, and is for administrators only", async () => {
    const app = createTestApp(getDb(), { queue, env: AUTH_TEST_ENV });
    const admin = authed(app, (await registerAdmin(app, getDb())).cookie);
    const { status, body } = await admin<{ name: string; title: string; cron: string; nextRunAt: string; lastRun: unknown }[]>("/api/admin/scheduled-jobs");
    expect(status).toBe(200);
    expect(body.map((j) => j.name)).toEqual(["price-schedule-7", "reminders"]);
    expect(body[1]).toMatchObject({ title: "Daily expiry reminder scan", cron: "5 6 * * *", lastRun: null });
    expect(new Date(body[1]!.nextRunAt).getUTCHours()).toBe(6);

    const first = await admin<{ jobId: string; message: string }>("/api/admin/scheduled-jobs/run", { method: "POST", body: { name: "reminders" } });
    expect(first.status).toBe(202);
    expect(first.body.message).toMatch(/^Daily expiry reminder scan queued \(job .+\)\.$/);
    expect(await queue.getJob("notifications.plan-expiry", first.body.jobId)).toMatchObject({ state: "queued" });
    // The run is still queued: a second, by hand or by the schedule's tick, is refused.
    const second = await admin<{ message: string }>("/api/admin/scheduled-jobs/run", { method: "POST", body: { name: "reminders" } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Daily expiry reminder scan is already queued or running; it runs once at a time.");
    expect((await queue.counts("notifications.plan-expiry")).queued).toBe(1);
    const listed = await admin<{ name: string; lastRun: { state: string } | null }[]>("/api/admin/scheduled-jobs");
    expect(listed.body.find((j) => j.name === "reminders")?.lastRun?.state).toBe("queued");

    const unknown = await admin<{ message: string }>("/api/admin/scheduled-jobs/run", { method: "POST", body: { name: "nightly-magic" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no scheduled job named "nightly-magic". Scheduled jobs: price-schedule-7, reminders.');
    expect((await admin("/api/admin/scheduled-jobs/run", { method: "POST", body: { name: "" } })).status).toBe(400);

    const user = authed(app, (await registerUser(app)).cookie);
    expect((await user("/api/admin/scheduled-jobs/run", { method: "POST", body: { name: "price-schedule-7" } })).status).toBe(403);
    expect((await queue.counts("prices.schedule")).queued).toBe(0);
  });
});
