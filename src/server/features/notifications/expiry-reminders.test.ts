import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { deliverOne } from "./deliveries.ts";
import { planExpiryReminders } from "./expiry-plan.ts";
import { dayFromNow, depsFor, setRenewals, startWorker, useMailWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";

const STALE_DAYS = 90;
/** A header as sent, unfolded (mailparser turns List-* headers into structures of its own). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, " ");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

forEachDialect("expiry reminders by e-mail", (getDb, _dialect, getTestDb) => {
  const setup = useMailWorker(getDb, getTestDb);
  const { app } = setup;

  /** A user with a confirmed address and `domain` expiring in `days`, held at the dearest of three .com renewals. */
  async function holder(domain: string, days: number, autoRenew: boolean) {
    const providers = await setRenewals(getDb(), "com", [
      { cents: 1599, checked: daysAgo(5) },
      { cents: 1049, checked: daysAgo(2) },
      // Cheaper still, but stale: not a fresh renewal elsewhere.
      { cents: 499, checked: daysAgo(STALE_DAYS + 10) },
    ]);
    const who = await userWithConfirmedEmail(app(), setup.smtp);
    const added = await who.client<{ id: number }>("/api/user-domains", {
      method: "POST", body: { domainName: domain, expirationDate: dayFromNow(days), autoRenew, serviceProviderId: providers[0]!.id },
    });
    expect(added.status).toBe(201);
    return { ...who, providers };
  }

  it("mails the reminder due today with every figure, each price dated, and a one-click unsubscribe that works without a session", async () => {
    const h = await holder("reminded-example.com", 30, true);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const outcome = await planExpiryReminders(getDb(), setup.queue, new Date(), STALE_DAYS);
    expect(outcome).toMatchObject({ planned: 1, deliveries: 1 });
    const [mail] = await waitFor(() => setup.smtp.mailsTo(h.email).filter((m) => m.subject?.includes("reminded-example.com")), (m) => m.length === 1);
    expect(mail!.subject).toBe("reminded-example.com expires in 30 days (auto-renew on)");
    const firstLine = mail!.text!.split("\n")[0]!;
    expect(firstLine).toContain(`reminded-example.com expires in 30 days, on ${dayFromNow(30)}, auto-renew on`);
    expect(firstLine).toContain(`renews at $15.99 (price of ${day(daysAgo(5))}) at ${h.providers[0]!.name}`);
    expect(firstLine).toContain(`cheapest fresh renewal elsewhere $10.49 (price of ${day(daysAgo(2))}) at ${h.providers[1]!.name}, saving $5.50 a year.`);
    expect(mail!.html).toContain("reminded-example.com expires in 30 days");

    const listUnsubscribe = rawHeader(mail!, "list-unsubscribe") ?? "";
    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = /<(https:\/\/tldscope\.test\/api\/notifications\/unsubscribe\?token=[^>]+)>/.exec(listUnsubscribe)?.[1];
    expect(url).toBeDefined();
    // The mail provider posts from its own servers: no cookie, a foreign origin.
    const posted = await app().request(`http://localhost${new URL(url!).pathname}${new URL(url!).search}`, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" }, body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ unsubscribed: true, email: h.email });
    const overview = await h.client<{ channels: { id: number; enabled: boolean }[] }>("/api/notifications");
    expect(overview.body.channels).toEqual([expect.objectContaining({ id: h.channelId, enabled: false })]);
    // Off means off: the next reminder for this address is not sent.
    const test = await h.client("/api/notifications/channels/" + h.channelId + "/test", { method: "POST" });
    expect(test.status).toBe(409);
  });

  it("names, to the cent, the renewal the forecast names for the domain, in the display currency with its date and source, and unknown auto-renew as the amount if it renews", async () => {
    const h = await holder("forecast-on.com", 30, true);
    const unknown = await h.client("/api/user-domains", {
      method: "POST", body: { domainName: "forecast-unknown.com", expirationDate: dayFromNow(30), autoRenewState: "unknown", serviceProviderId: h.providers[1]!.id },
    });
    expect(unknown.status).toBe(201);
    const saved = await h.client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: {}, enabledKinds: ["expiry"], currency: "EUR" },
    });
    expect(saved.status, saved.text).toBe(200);
    await planExpiryReminders(getDb(), setup.queue, new Date(), STALE_DAYS);
    const mails = await waitFor(() => setup.smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("forecast-")), (m) => m.length === 2);
    // The forecast's per-domain records: domain in the second column, the amount at its registrar in the seventh.
    const csv = await h.client("/api/user-domains/forecast-domains.csv?currency=EUR");
    expect(csv.status).toBe(200);
    const atRegistrar = new Map(csv.text.trim().split(/\r?\n/).slice(1).map((line) => line.split(",")).map((r) => [r[1]!, r[6]!]));
    const lineOf = (domain: string) => mails.find((m) => m.subject!.startsWith(domain))!.text!.split("\n")[0]!;
    const day = (d: Date) => d.toISOString().slice(0, 10);

    const on = lineOf("forecast-on.com");
    expect(atRegistrar.get("forecast-on.com")).toMatch(/^\d+\.\d{2}$/);
    expect(on).toMatch(new RegExp(`auto-renew on: renews at €${atRegistrar.get("forecast-on.com")!.replace(".", "\\.")} \\(price of ${day(daysAgo(5))}, converted from \\$15\\.99 at the ECB rate of \\d{4}-\\d{2}-\\d{2}\\) at ${h.providers[0]!.name};`));
    const unsure = lineOf("forecast-unknown.com");
    expect(mails.find((m) => m.subject!.startsWith("forecast-unknown.com"))!.subject).toBe("forecast-unknown.com expires in 30 days (auto-renew unknown)");
    expect(unsure).toContain(`auto-renew unknown: nobody has said whether it renews automatically; if it renews, it renews at €${atRegistrar.get("forecast-unknown.com")} (price of ${day(daysAgo(2))}, converted from $10.49 at the ECB rate of `);
    expect(unsure).not.toMatch(/auto-renew off/);
  });

  it("plans each reminder once and sends it once, however often the scan and the delivery job run", async () => {
    const h = await holder("once-example.com", 7, false);
    const first = await planExpiryReminders(getDb(), setup.queue, new Date(), STALE_DAYS);
    const again = await planExpiryReminders(getDb(), setup.queue, new Date(), STALE_DAYS);
    expect(first.planned).toBeGreaterThanOrEqual(1);
    expect(again).toMatchObject({ planned: 0, deliveries: 0 });
    const mails = await waitFor(() => setup.smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("once-example.com")), (m) => m.length === 1);
    const d = getDb().t.notificationDeliveries;
    const [row] = await getDb().orm.select().from(d).where(eq(d.channelId, h.channelId));
    await waitFor(async () => (await getDb().orm.select().from(d).where(eq(d.id, row!.id)))[0]!.status, (s) => s === "sent");
    // The job again, twice at once, as a retry or a second worker would: nothing more leaves.
    const deps = depsFor(getDb(), setup.smtp);
    expect(await Promise.all([deliverOne(deps, row!.id), deliverOne(deps, row!.id)])).toEqual(["nothing-to-send", "nothing-to-send"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(setup.smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("once-example.com"))).toHaveLength(1);
    expect(mails[0]!.subject).toBe("once-example.com expires in 7 days (auto-renew off)");
  });

  it("sends a queued delivery once when two senders race for it", async () => {
    const h = await holder("race-example.com", 1, true);
    const deps = depsFor(getDb(), setup.smtp);
    await setup.queue.stop(2000); // no worker: the test plays both senders
    try {
      await planExpiryReminders(getDb(), { send: async () => null, sendMany: async () => 0 } as unknown as JobQueue, new Date(), STALE_DAYS);
      const d = getDb().t.notificationDeliveries;
      const [row] = await getDb().orm.select().from(d).where(eq(d.channelId, h.channelId));
      const outcomes = await Promise.all([deliverOne(deps, row!.id), deliverOne(deps, row!.id), deliverOne(deps, row!.id)]);
      expect(outcomes.sort()).toEqual(["nothing-to-send", "nothing-to-send", "sent"]);
      expect(setup.smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("race-example.com"))).toHaveLength(1);
    } finally {
      setup.queue = await startWorker(getTestDb(), setup.smtp);
    }
  });

  it("puts the day's reminders of a digest user in one mail", async () => {
    const h = await holder("digest-one.com", 30, true);
    await h.client("/api/user-domains", { method: "POST", body: { domainName: "digest-two.com", expirationDate: dayFromNow(90), autoRenew: false } });
    const saved = await h.client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [90, 30], deliveryModes: { expiry: "digest" }, enabledKinds: ["expiry"], currency: "USD" },
    });
    expect(saved.status).toBe(200);
    await planExpiryReminders(getDb(), setup.queue, new Date(), STALE_DAYS);
    const [digest] = await waitFor(() => setup.smtp.mailsTo(h.email).filter((m) => m.subject?.startsWith("Your notifications of")), (m) => m.length === 1);
    expect(digest!.subject).toBe(`Your notifications of ${dayFromNow(0)}: 2 notifications`);
    expect(digest!.text).toContain("digest-one.com expires in 30 days");
    expect(digest!.text).toContain("digest-two.com expires in 90 days");
    await new Promise((r) => setTimeout(r, 300));
    expect(setup.smtp.mailsTo(h.email).filter((m) => m.subject?.includes("digest-"))).toHaveLength(0);
  });
});
