import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { TEST_ORIGIN } from "../../testing/test-app.ts";
import { planExpiryReminders } from "./expiry-plan.ts";
import { appFor, confirmLinkFor, dayFromNow, useMailWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";

forEachDialect("notification channels", (getDb, _dialect, getTestDb) => {
  const setup = useMailWorker(getDb, getTestDb);
  const { app } = setup;

  it("sends an unconfirmed address nothing, not even its reminders, until the link in its confirmation mail is opened", async () => {
    const user = await registerUser(app());
    const client = authed(app(), user.cookie);
    const email = `unconfirmed-${user.email}`;
    const added = await client<{ id: number; confirmed: boolean }>("/api/notifications/channels", { method: "POST", body: { email: ` ${email.toUpperCase()} ` } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ confirmed: false });
    const link = await confirmLinkFor(setup.smtp, email);
    expect(setup.smtp.mailsTo(email)[0]!.subject).toBe("Confirm your address for TLDScope notifications");

    const test = await client<{ message: string }>(`/api/notifications/channels/${added.body.id}/test`, { method: "POST" });
    expect(test.status).toBe(409);
    expect(test.body.message).toMatch(/^Confirm .* first/);
    await client("/api/user-domains", { method: "POST", body: { domainName: "unconfirmed-example.com", expirationDate: dayFromNow(30) } });
    await planExpiryReminders(getDb(), setup.queue, new Date(), 90);
    const d = getDb().t.notificationDeliveries;
    expect(await getDb().orm.select().from(d).where(eq(d.channelId, added.body.id))).toEqual([]);

    const path = `${TEST_ORIGIN}${new URL(link).pathname}${new URL(link).search}`;
    const confirmed = await app().request(path, { method: "POST", headers: { origin: TEST_ORIGIN, accept: "text/html" } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("now receives your TLDScope notifications");
    const reused = await app().request(path, { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(reused.status).toBe(200);
    expect(await reused.json()).toEqual({ confirmed: true, email, alreadyConfirmed: true });

    const sent = await client<{ deliveryId: number }>(`/api/notifications/channels/${added.body.id}/test`, { method: "POST" });
    expect(sent.status).toBe(202);
    const [mail] = await waitFor(() => setup.smtp.mailsTo(email).filter((m) => m.subject === "Test notification from TLDScope"), (m) => m.length === 1);
    expect(mail!.text).toContain("This is a test notification");
    const log = await waitFor(async () => (await client<{ id: number; status: string }[]>("/api/notifications/deliveries")).body,
      (rows) => rows.some((r) => r.id === sent.body.deliveryId && r.status === "sent"));
    expect(log.find((r) => r.id === sent.body.deliveryId)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("records a refused send with the server's reason and when it is tried again", async () => {
    const h = await userWithConfirmedEmail(app(), setup.smtp);
    setup.smtp.refuseNext(1, 451);
    const sent = await h.client<{ deliveryId: number }>(`/api/notifications/channels/${h.channelId}/test`, { method: "POST" });
    const log = await waitFor(async () => (await h.client<{ id: number; status: string; lastError: string | null; nextRetryAt: string | null }[]>("/api/notifications/deliveries")).body,
      (rows) => rows.some((r) => r.id === sent.body.deliveryId && r.status === "failed"));
    const failed = log.find((r) => r.id === sent.body.deliveryId)!;
    // What the mail server said stays in the log: the owner reads that the mail could not be sent.
    expect(failed.lastError).toBe("The mail could not be sent: the mail server did not take it");
    expect(Date.parse(failed.nextRetryAt!)).toBeGreaterThan(Date.now());
  });

  it("refuses bad input with a clear message", async () => {
    const user = await registerUser(app());
    const client = authed(app(), user.cookie);
    const bad = await client<{ message: string }>("/api/notifications/channels", { method: "POST", body: { email: "not an address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid email: Enter a valid e-mail address, like name@example.com");
    const prefs = await client<{ message: string }>("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30, 400], deliveryModes: { expiry: "immediate" }, enabledKinds: ["expiry"], currency: "USD" },
    });
    expect(prefs.status).toBe(400);
    expect(prefs.body.message).toBe("Invalid reminderOffsets.1: A reminder can come at most 365 days before expiry");
    const currency = await client<{ message: string }>("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: { expiry: "immediate" }, enabledKinds: ["expiry"], currency: "XQQ" },
    });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toMatch(/^Unknown currency "XQQ"/);
    const unknownConfirm = await app().request(`${TEST_ORIGIN}/api/notifications/confirm?token=${"a".repeat(32)}`);
    expect(unknownConfirm.status).toBe(404);
    expect(await unknownConfirm.json()).toEqual({ message: "This confirmation link is unknown: open the link of the newest confirmation mail" });
    const cutConfirm = await app().request(`${TEST_ORIGIN}/api/notifications/confirm?token=abc`);
    expect(cutConfirm.status).toBe(400);
    const forged = await app().request(`${TEST_ORIGIN}/api/notifications/unsubscribe?token=channel:1~AAAA`, { method: "POST" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "This unsubscribe link is not valid: open the whole link from the mail" });
    expect((await app().request(`${TEST_ORIGIN}/api/notifications`)).status).toBe(401);
  });

  it("keeps each user's channels to themselves", async () => {
    const alice = await userWithConfirmedEmail(app(), setup.smtp);
    const bob = authed(app(), (await registerUser(app())).cookie);
    expect((await bob(`/api/notifications/channels/${alice.channelId}/test`, { method: "POST" })).status).toBe(404);
    expect((await bob(`/api/notifications/channels/${alice.channelId}`, { method: "DELETE" })).status).toBe(404);
    expect((await bob<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
  });
});

forEachDialect("notification channels without SMTP_URL", (getDb) => {
  it("says e-mail is not set up and stores no address", async () => {
    const app = appFor(getDb(), { send: async () => null, sendMany: async () => 0 } as unknown as JobQueue, null);
    const client = authed(app, (await registerUser(app)).cookie);
    expect((await client<{ emailAvailable: boolean }>("/api/notifications")).body.emailAvailable).toBe(false);
    const added = await client<{ message: string }>("/api/notifications/channels", { method: "POST", body: { email: "someone@example.com" } });
    expect(added.status).toBe(503);
    expect(added.body.message).toMatch(/SMTP_URL is unset/);
    expect((await client<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
  });
});
