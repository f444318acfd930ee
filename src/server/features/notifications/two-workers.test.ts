import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { DELIVER_QUEUE } from "./deps.ts";
import { planExpiryReminders } from "./expiry-plan.ts";
import { appFor, dayFromNow, startWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";

forEachDialect("notification delivery across worker processes", (getDb, dialect, getTestDb) => {
  let smtp: SmtpFake;
  let workers: JobQueue[] = [];

  beforeAll(async () => {
    smtp = await startSmtpFake();
    if (dialect === "postgres") workers = [await startWorker(getTestDb(), smtp), await startWorker(getTestDb(), smtp)];
  });
  afterAll(async () => {
    for (const w of workers) await w.stop(2000);
    await smtp.close();
  });

  it.skipIf(dialect !== "postgres")("two pg-boss workers, the plan run twice and each delivery's job sent three times: one mail per reminder", async () => {
    const [a, b] = workers as [JobQueue, JobQueue];
    const h = await userWithConfirmedEmail(appFor(getDb(), a, smtp), smtp);
    for (const [i, days] of [30, 7, 1].entries()) {
      await h.client("/api/user-domains", { method: "POST", body: { domainName: `twice-${i}.com`, expirationDate: dayFromNow(days) } });
    }
    // Both workers plan (as two schedules firing would), each enqueueing the jobs of what it planned.
    const plans = await Promise.all([planExpiryReminders(getDb(), a, new Date(), 90), planExpiryReminders(getDb(), b, new Date(), 90)]);
    expect(plans.map((p) => p.planned).reduce((x, y) => x + y)).toBe(3);
    const d = getDb().t.notificationDeliveries;
    const rows = await getDb().orm.select().from(d).where(eq(d.channelId, h.channelId));
    expect(rows).toHaveLength(3);
    // And every delivery's job again, through both workers' queues at once.
    await Promise.all(rows.flatMap((r) => [a.send(DELIVER_QUEUE, { deliveryId: r.id }), b.send(DELIVER_QUEUE, { deliveryId: r.id })]));
    await waitFor(() => smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("twice-")), (m) => m.length >= 3);
    await waitFor(async () => (await a.counts(DELIVER_QUEUE)).queued + (await a.counts(DELIVER_QUEUE)).active, (n) => n === 0);
    await new Promise((r) => setTimeout(r, 1000));
    const subjects = smtp.mailsTo(h.email).map((m) => m.subject).filter((s) => s?.startsWith("twice-")).sort();
    // Added without an auto-renew answer: the reminders say unknown.
    expect(subjects).toEqual(["twice-0.com expires in 30 days (auto-renew unknown)", "twice-1.com expires in 7 days (auto-renew unknown)", "twice-2.com expires in 1 day (auto-renew unknown)"]);
    const after = await getDb().orm.select().from(d).where(eq(d.channelId, h.channelId));
    expect(after.map((r) => [r.status, r.attempts])).toEqual([["sent", 1], ["sent", 1], ["sent", 1]]);
  });
});
