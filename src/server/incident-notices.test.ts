import { and, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { waitFor } from "../../jobs/testing/queue-test-kit.ts";
import { DELIVER_QUEUE } from "./features/notifications/deps.ts";
import { confirmLinkFor } from "./testing/notifications.ts";
import { FETCH_QUEUE } from "./features/price-engine/fetch-control.ts";
import { INCIDENT_EVENTS_QUEUE } from "./features/price-engine/incident-events.ts";
import { PriceSourceError } from "./integrations/prices/source.ts";
import { JOB_REGISTRATIONS, registerNotifications } from "./jobs.ts";
import { readGeneralSettings } from "./domain/general-settings.ts";
import { authed, registerAdmin, registerUser, type TestUser } from "./testing/auth.ts";
import { useNotifyingWorker } from "./testing/notifying-worker.ts";
import { createTestApp } from "./testing/test-app.ts";
import { testPriceSource, usd } from "./testing/test-price-source.ts";

const ALL_ON = { autoRefreshSeconds: 15, itemsPerPage: 20, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: true };

forEachDialect("incident notifications", (getDb, _dialect, getTestDb) => {
  let failing = false;
  // Porkbun's live source: fails while `failing`, else answers a one-name list.
  const porkbun = testPriceSource("porkbun", async () => {
    if (failing) throw new PriceSourceError("http", "Porkbun answered HTTP 503", 503);
    return { observedAt: new Date(), quotes: [usd("com", 1000)], skipped: [] };
  });
  // The price engine, the notifications and the incident wiring as every process registers them.
  const w = useNotifyingWorker(getDb, getTestDb, porkbun, [JOB_REGISTRATIONS[0]!, registerNotifications]);

  beforeAll(async () => {
    // Only the failing-source rule judges the runs here; other incidents are raised by the tests.
    const { t } = getDb();
    await getDb().orm.update(t.alertRules).set({ isActive: false }).where(ne(t.alertRules.condition, "consecutive_failures"));
    // A source that worked once: its failures from then on are what the rule is for.
    await fetchPorkbun(false);
  });

  /** Runs Porkbun's fetch as a job, then waits until the incident events and deliveries it caused are done. */
  async function fetchPorkbun(fail: boolean) {
    failing = fail;
    const id = await w.queue.send(FETCH_QUEUE, { providerKey: "porkbun", requestType: "provider", source: "auto" }, { retryLimit: 0 });
    await waitFor(() => w.queue.getJob(FETCH_QUEUE, id!), (j) => j?.state === "completed" || j?.state === "failed");
    await settle();
  }
  async function settle() {
    for (const name of [INCIDENT_EVENTS_QUEUE, DELIVER_QUEUE, INCIDENT_EVENTS_QUEUE, DELIVER_QUEUE]) {
      await waitFor(() => w.queue.counts(name), (c) => c.queued === 0 && c.active === 0);
    }
  }
  async function withEmail(user: TestUser) {
    const client = authed(w.app(), user.cookie);
    const email = `inbox-${user.email}`;
    const added = await client("/api/notifications/channels", { method: "POST", body: { email } });
    expect(added.status).toBe(201);
    const link = new URL(await confirmLinkFor(w.smtp, email));
    expect((await w.app().request(`http://localhost${link.pathname}${link.search}`, { method: "POST", headers: { origin: "http://localhost" } })).status).toBe(200);
    return { client, email, user };
  }
  const adminWithEmail = async () => withEmail(await registerAdmin(w.app(), getDb()));
  const userWithEmail = async () => withEmail(await registerUser(w.app()));
  const subscribe = async (client: ReturnType<typeof authed>) => {
    const saved = await client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: {}, enabledKinds: ["expiry", "status_incident"], currency: "USD" },
    });
    expect(saved.status).toBe(200);
  };
  const notificationsOf = async (email: string, kind: string) => {
    const { t } = getDb();
    const [user] = await getDb().orm.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
    return getDb().orm.select({ subjectKey: t.notifications.subjectKey, occurrence: t.notifications.occurrence, title: t.notifications.title })
      .from(t.notifications).where(and(eq(t.notifications.userId, user!.id), eq(t.notifications.kind, kind)));
  };
  const openPorkbunIncident = async () => {
    const { t } = getDb();
    const [row] = await getDb().orm.select({ id: t.incidents.id }).from(t.incidents)
      .where(and(eq(t.incidents.source, "porkbun.com"), eq(t.incidents.status, "open")));
    return row?.id ?? null;
  };
  const saveSettings = async (admin: ReturnType<typeof authed>, settings: typeof ALL_ON) => {
    const res = await admin("/api/admin/settings", { method: "PUT", body: settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** An incident as an administrator raises it by hand, or as a rule of `condition` opened it. */
  async function insertIncident(title: string, condition: string | null) {
    const { t } = getDb();
    let alertRuleId: number | null = null;
    if (condition) {
      const [rule] = await getDb().orm.select({ id: t.alertRules.id }).from(t.alertRules).where(eq(t.alertRules.condition, condition));
      alertRuleId = rule!.id;
    }
    const [row] = await getDb().orm.insert(t.incidents).values({
      title, description: `${title}: operator detail, threshold 72 hours`, severity: "medium", status: "open", source: "namecheap.com", alertRuleId,
    }).returning({ id: t.incidents.id });
    return row!.id;
  }

  beforeEach(async () => {
    const admin = authed(w.app(), (await registerAdmin(w.app(), getDb())).cookie);
    await saveSettings(admin, ALL_ON);
    if (await openPorkbunIncident()) await fetchPorkbun(false);
  });

  it("tells an administrator once when a failing source's incident opens and once when it resolves; a status subscriber gets the public words", async () => {
    const admin = await adminWithEmail();
    const hook = await admin.client<{ channel: { id: number } }>("/api/notifications/webhooks", { method: "POST", body: { url: `${w.receiverUrl}/ops`, format: "generic" } });
    expect(hook.status).toBe(201);
    const subscriber = await userWithEmail();
    await subscribe(subscriber.client);
    const bystander = await userWithEmail();

    await fetchPorkbun(true);
    expect(await openPorkbunIncident()).toBeNull(); // one failure is below the rule's threshold of 2
    await fetchPorkbun(true);
    const incidentId = await openPorkbunIncident();
    expect(incidentId).not.toBeNull();

    const [opened] = await waitFor(() => w.smtp.mailsTo(admin.email).filter((m) => m.subject?.startsWith("Incident opened")), (m) => m.length === 1);
    expect(opened!.subject).toBe("Incident opened for Porkbun (porkbun.com): Provider fetch failing: Porkbun");
    const lines = opened!.text!.split("\n");
    expect(lines[0]).toMatch(/^A high incident opened for Porkbun \(porkbun\.com\) at \d{4}-\d\d-\d\d \d\d:\d\d UTC: Provider fetch failing: Porkbun\.$/);
    expect(opened!.text).toContain("Porkbun failed its last 2 fetches. Last error: Porkbun: Porkbun answered HTTP 503");
    expect(opened!.text).toContain("Incidents and alert rules: https://tldscope.test/admin/alerts");
    const ops = await waitFor(() => w.hooks.filter((h) => h.url === "/ops"), (h) => h.length === 1);
    expect(ops[0]!.body).toMatchObject({ type: "incident.operator", title: opened!.subject, data: { event: "opened", incidentId, source: "porkbun.com", provider: "Porkbun" } });

    const [publicMail] = await waitFor(() => w.smtp.mailsTo(subscriber.email).filter((m) => m.subject?.startsWith("Incident:")), (m) => m.length === 1);
    expect(publicMail!.subject).toBe("Incident: Porkbun prices are not updating");
    expect(publicMail!.text!.split("\n")[0]).toBe("Incident: Porkbun prices are not updating.");
    expect(publicMail!.text).toContain("Fetching Porkbun's prices has failed several times in a row.");
    expect(publicMail!.text).toContain("Status page: https://tldscope.test/status");
    expect(publicMail!.text).not.toMatch(/503|Last error|threshold/);

    // Further failures of the same run, and the same event handled again, plan nothing more.
    await fetchPorkbun(true);
    await w.queue.send(INCIDENT_EVENTS_QUEUE, { incidentId, change: "opened", by: "rule" });
    await settle();

    await fetchPorkbun(false);
    expect(await openPorkbunIncident()).toBeNull();
    const [resolved] = await waitFor(() => w.smtp.mailsTo(admin.email).filter((m) => m.subject?.startsWith("Incident resolved")), (m) => m.length === 1);
    expect(resolved!.subject).toBe("Incident resolved for Porkbun (porkbun.com): Provider fetch failing: Porkbun");
    expect(resolved!.text!.split("\n")[0]).toMatch(/was resolved at .* UTC: its alert rule's condition cleared\.$/);
    const [publicResolved] = await waitFor(() => w.smtp.mailsTo(subscriber.email).filter((m) => m.subject?.startsWith("Resolved:")), (m) => m.length === 1);
    expect(publicResolved!.text).toContain("updates have resumed");

    expect((await notificationsOf(admin.user.email, "operator_incident")).map((n) => n.occurrence).sort()).toEqual(["opened", "resolved"]);
    expect((await notificationsOf(admin.user.email, "operator_incident")).every((n) => n.subjectKey === `incident:${incidentId}`)).toBe(true);
    expect(w.smtp.mailsTo(admin.email).filter((m) => m.subject?.startsWith("Incident "))).toHaveLength(2);
    expect(w.hooks.filter((h) => h.url === "/ops")).toHaveLength(2);
    expect(await notificationsOf(subscriber.user.email, "operator_incident")).toEqual([]);
    expect(await notificationsOf(subscriber.user.email, "status_incident")).toHaveLength(2);
    // status_incident is off until switched on, operator_incident is for administrators only.
    expect(await notificationsOf(bystander.user.email, "status_incident")).toEqual([]);
    expect(await notificationsOf(bystander.user.email, "operator_incident")).toEqual([]);
  });

  it("follows the General Settings: Fetch Failure Notifications, Email Notifications and System Health Alerts", async () => {
    const admin = await adminWithEmail();
    await admin.client("/api/notifications/webhooks", { method: "POST", body: { url: `${w.receiverUrl}/switches`, format: "generic" } });
    const subscriber = await userWithEmail();
    await subscribe(subscriber.client);
    const operatorMails = () => w.smtp.mailsTo(admin.email).filter((m) => m.subject?.startsWith("Incident "));
    const operatorHooks = () => w.hooks.filter((h) => h.url === "/switches");

    // Fetch Failure Notifications off: a failing source tells operators nothing; the public still hears of it.
    await saveSettings(admin.client, { ...ALL_ON, fetchFailureNotifications: false });
    await fetchPorkbun(true);
    await fetchPorkbun(true);
    expect(await openPorkbunIncident()).not.toBeNull();
    await waitFor(() => w.smtp.mailsTo(subscriber.email).filter((m) => m.subject === "Incident: Porkbun prices are not updating"), (m) => m.length === 1);
    await fetchPorkbun(false);
    expect(await notificationsOf(admin.user.email, "operator_incident")).toEqual([]);
    expect(operatorMails()).toEqual([]);
    expect(operatorHooks()).toEqual([]);

    // Email Notifications off: the webhook is told, the address is not.
    await saveSettings(admin.client, { ...ALL_ON, emailNotifications: false });
    await fetchPorkbun(true);
    await fetchPorkbun(true);
    await waitFor(operatorHooks, (h) => h.length === 1);
    await fetchPorkbun(false);
    await waitFor(operatorHooks, (h) => h.length === 2);
    expect(operatorMails()).toEqual([]);

    // System Health Alerts off: an admin-only incident (stale data) resolved by an administrator tells nobody.
    await saveSettings(admin.client, { ...ALL_ON, systemHealthAlerts: false });
    const stale = await insertIncident("Stale price data: Namecheap", "data_age_hours");
    expect((await admin.client(`/api/admin/incidents/${stale}`, { method: "PUT", body: { status: "resolved" } })).status).toBe(200);
    await settle();
    expect(operatorMails()).toEqual([]);
    expect(operatorHooks()).toHaveLength(2);

    // All on: the same kind of incident reaches the administrator's address, never the status subscriber.
    await saveSettings(admin.client, ALL_ON);
    const stale2 = await insertIncident("Stale price data: Namecheap again", "data_age_hours");
    expect((await admin.client(`/api/admin/incidents/${stale2}`, { method: "PUT", body: { status: "resolved" } })).status).toBe(200);
    const [mail] = await waitFor(operatorMails, (m) => m.length === 1);
    expect(mail!.subject).toBe("Incident resolved for Namecheap (namecheap.com): Stale price data: Namecheap again");
    expect(mail!.text!.split("\n")[0]).toMatch(/ by an administrator\.$/);
    expect((await notificationsOf(subscriber.user.email, "status_incident")).map((n) => n.subjectKey)).not.toContain(`incident:${stale2}`);

    // A hand-raised incident is public: the subscriber gets it as written.
    const raised = await insertIncident("Scheduled database maintenance", null);
    expect((await admin.client(`/api/admin/incidents/${raised}`, { method: "PUT", body: { status: "resolved" } })).status).toBe(200);
    const [handRaised] = await waitFor(() => w.smtp.mailsTo(subscriber.email).filter((m) => m.subject === "Resolved: Scheduled database maintenance"), (m) => m.length === 1);
    expect(handRaised!.text).toContain("Scheduled database maintenance: operator detail");
  });

  it("refuses operator_incident to anyone but an administrator, and leaves it out of their settings", async () => {
    const plain = authed(w.app(), (await registerUser(w.app())).cookie);
    const body = { reminderOffsets: [30], deliveryModes: {}, enabledKinds: ["expiry", "operator_incident"], currency: "USD" };
    const refused = await plain<{ message: string }>("/api/notifications/preferences", { method: "PUT", body });
    expect(refused).toMatchObject({ status: 403, body: { message: "Only administrators can receive operator_incident notifications" } });
    const viaTrpc = await plain("/trpc/notifications.savePreferences", { method: "POST", body });
    expect(viaTrpc.status).toBe(403);
    const overview = await plain<{ preferences: { enabledKinds: string[] } }>("/api/notifications");
    expect(overview.body.preferences.enabledKinds).toContain("account_trouble");
    expect(overview.body.preferences.enabledKinds).not.toContain("operator_incident");

    const admin = authed(w.app(), (await registerAdmin(w.app(), getDb())).cookie);
    const adminKinds = (await admin<{ preferences: { enabledKinds: string[] } }>("/api/notifications")).body.preferences.enabledKinds;
    expect(adminKinds).toContain("operator_incident");
    expect(adminKinds).not.toContain("status_incident"); // off until switched on
    expect((await admin("/api/notifications/preferences", { method: "PUT", body })).status).toBe(200);
  });
});

forEachDialect("admin General Settings", (getDb) => {
  const app = () => createTestApp(getDb());
  let admin: ReturnType<typeof authed>;
  beforeAll(async () => {
    admin = authed(app(), (await registerAdmin(app(), getDb())).cookie);
  });

  describe("GET and PUT /api/admin/settings", () => {
    it("answers the spec's defaults until saved, then what was saved, to every process", async () => {
      expect((await admin("/api/admin/settings")).body).toEqual(ALL_ON);
      const next = { autoRefreshSeconds: 60, itemsPerPage: 50, emailNotifications: false, systemHealthAlerts: true, fetchFailureNotifications: false };
      expect(await admin("/api/admin/settings", { method: "PUT", body: next })).toMatchObject({ status: 200, body: next });
      // Another process on the same database: a new app, and the stored value read afresh.
      const other = authed(createTestApp(getDb()), (await registerAdmin(app(), getDb())).cookie);
      expect((await other("/api/admin/settings")).body).toEqual(next);
      expect(await readGeneralSettings(getDb())).toEqual(next);
      const viaTrpc = await other<{ result: { data: unknown } }>("/trpc/priceEngine.generalSettings.get");
      expect(viaTrpc.body.result.data).toEqual(next);
      await admin("/api/admin/settings", { method: "PUT", body: ALL_ON });
    });

    it("refuses values outside the spec's choices with a message per field, and keeps what was stored", async () => {
      const bad = await admin<{ message: string; issues: { field: string; message: string }[] }>("/api/admin/settings", {
        method: "PUT", body: { autoRefreshSeconds: 7, itemsPerPage: "20", emailNotifications: "yes", systemHealthAlerts: true },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.issues).toEqual(expect.arrayContaining([
        { field: "autoRefreshSeconds", message: "The auto-refresh interval is one of 5, 15, 30, 60 seconds" },
        { field: "itemsPerPage", message: "Items per page is one of 10, 20, 50, 100" },
        { field: "emailNotifications", message: "Email Notifications is on (true) or off (false)" },
        { field: "fetchFailureNotifications", message: "Fetch Failure Notifications is on (true) or off (false)" },
      ]));
      const notJson = await admin<{ message: string }>("/api/admin/settings", { method: "PUT", body: "{", headers: { "content-type": "application/json" } });
      expect(notJson.status).toBe(400);
      expect((await admin("/api/admin/settings")).body).toEqual(ALL_ON);
    });

    it("is for administrators only", async () => {
      const plain = authed(app(), (await registerUser(app())).cookie);
      expect((await plain("/api/admin/settings")).status).toBe(403);
      expect((await plain("/api/admin/settings", { method: "PUT", body: ALL_ON })).status).toBe(403);
      expect((await app().request("http://localhost/api/admin/settings")).status).toBe(401);
    });
  });
});
