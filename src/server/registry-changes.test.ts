/**
 * Registry changes end to end: a loopback RDAP server whose answer the test changes (registrar,
 * transfer lock, nameservers, statuses, expiry), the real app and queue running the registry and
 * notification jobs, a loopback SMTP server. A re-check records the changes with the record, the
 * history API shows them, each is told once (retries, two workers), the domain's own switch
 * mutes them, and a change made through the owner's connected account is information.
 * (Lives here because it calls the portfolio and notifications features.)
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { recordDomainEvents } from "../../db/repositories/domain-event-repository.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { loadConfig } from "./config.ts";
import { startFakeRdap, type FakeRdap } from "./integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "./integrations/rdap/testing/rdap-answers.ts";
import { DOMAIN_EVENTS_QUEUE } from "./domain/domain-events.ts";
import { REGISTRY_CHECK_QUEUE } from "./domain/registry-checks.ts";
import { createLogger } from "./lib/logger.ts";
import { authed, registerUser } from "./testing/auth.ts";
import { APP_URL, depsFor, envFor, startWorker, userWithConfirmedEmail } from "./testing/notifications.ts";
import { startSmtpFake, type SmtpFake } from "./testing/smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "./testing/test-app.ts";
import { registerNotificationJobs } from "./features/notifications/jobs.ts";
import { planDomainEvents } from "./features/notifications/domain-event-plan.ts";
import type { UserDomainItem } from "./features/portfolio/item.ts";
import type { DomainHistoryPage } from "./features/portfolio/history.ts";
import { registerRegistryJobs } from "./features/portfolio/registry-jobs.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
const LOCKED = ["client transfer prohibited", "client delete prohibited"];

forEachDialect("registry changes and the domain's history", (getDb, dialect, getTestDb) => {
  let rdap: FakeRdap;
  let smtp: SmtpFake;
  let queue: JobQueue;
  let provider: { id: number; ianaId: number; name: string };
  const app = () => createTestApp(getDb(), { queue, env: { ...envFor(smtp), RDAP_BASE_URL_OVERRIDE: rdap.baseUrl } });

  beforeAll(async () => {
    rdap = await startFakeRdap();
    smtp = await startSmtpFake();
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const env = { NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, RDAP_BASE_URL_OVERRIDE: rdap.baseUrl, RDAP_CACHE_SECONDS: "0", RDAP_REQUESTS_PER_SECOND: "100" };
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig(env), log: createLogger("silent") });
    await registerNotificationJobs(queue, depsFor(getDb(), smtp));
    const { orm, t } = getDb();
    const [row] = await orm.select({ id: t.serviceProviders.id, ianaId: t.serviceProviders.ianaId, name: t.serviceProviders.name }).from(t.serviceProviders)
      .where(isNotNull(t.serviceProviders.ianaId)).limit(1);
    provider = { id: row!.id, ianaId: row!.ianaId!, name: row!.name };
  });
  afterAll(async () => {
    await queue.stop(2000);
    await rdap.server.close();
    await smtp.close();
  });

  const answer = (name: string, o: { ianaId?: number; registrar?: string; status?: string[]; ns?: string[]; expiration?: string } = {}) =>
    rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, { ...DATES, expiration: o.expiration ?? DATES.expiration }, {
      ianaId: String(o.ianaId ?? provider.ianaId), registrar: o.registrar ?? provider.name, status: o.status ?? LOCKED, nameservers: o.ns ?? ["NS1.OLD.NET", "NS2.OLD.NET"],
    }) });

  type Client = ReturnType<typeof authed>;
  const history = (call: Client, id: number, query = "") => call<DomainHistoryPage>(`/api/user-domains/${id}/history${query}`);
  const checks = async (call: Client, id: number) => (await history(call, id, "?limit=100")).body.events.filter((e) => e.kind === "registry_check").length;
  /** Adds the domain by name and waits for its first lookup. */
  async function addChecked(call: Client, name: string): Promise<number> {
    const added = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: name } });
    expect(added.status).toBe(201);
    await waitFor(async () => (await call<UserDomainItem>(`/api/user-domains/${added.body.id}`)).body.registry.outcome, (o) => o === "ok");
    return added.body.id;
  }
  /** Asks for a check now and waits for its history line. */
  async function recheck(call: Client, id: number) {
    const before = await checks(call, id);
    expect((await call(`/api/user-domains/${id}/check-registry`, { method: "POST" })).status).toBe(202);
    await waitFor(() => checks(call, id), (n) => n > before);
    // The check's job queues its events after storing its history line: wait for that job, then for theirs.
    for (const name of [REGISTRY_CHECK_QUEUE, DOMAIN_EVENTS_QUEUE]) {
      await waitFor(async () => { const c = await queue.counts(name); return c.queued + c.active; }, (n) => n === 0);
    }
  }
  const notificationsOf = async (userId: number) => {
    const n = getDb().t.notifications;
    return getDb().orm.select({ kind: n.kind, title: n.title, occurrence: n.occurrence }).from(n).where(eq(n.userId, userId));
  };
  const userIdOf = async (email: string) => {
    const u = getDb().t.users;
    return (await getDb().orm.select({ id: u.id }).from(u).where(eq(u.email, email)))[0]!.id;
  };

  it("records a re-check's changes with the record, shows them newest first, and tells each once", async () => {
    const h = await userWithConfirmedEmail(app(), smtp);
    const userId = await userIdOf(h.user.email);
    const name = `moved-${userId}.com`;
    answer(name);
    const id = await addChecked(h.client, name);
    // The first lookup records no change: only its history line.
    const first = await history(h.client, id);
    expect(first.body.events.map((e) => [e.kind, e.severity, e.text])).toEqual([["registry_check", "info", "Checked with the registry (RDAP)."]]);

    answer(name, { ianaId: 9999, registrar: "Another Registrar LLC", status: ["client hold"], ns: ["NS1.NEW.NET"], expiration: "2030-03-02T18:20:11Z" });
    await recheck(h.client, id);
    const page = (await history(h.client, id, "?limit=100")).body;
    const changes = page.events.filter((e) => e.kind !== "registry_check");
    expect(changes.map((e) => e.kind).sort()).toEqual(["expiry_moved_back", "nameservers_changed", "registrar_changed", "status_hold", "transfer_lock_removed"]);
    expect(changes.every((e) => e.severity === "alarm")).toBe(true);
    const byKind = new Map(changes.map((e) => [e.kind, e]));
    expect(byKind.get("registrar_changed")).toMatchObject({
      oldValue: { ianaId: provider.ianaId, name: provider.name }, newValue: { ianaId: 9999, name: "Another Registrar LLC" },
      text: `Registrar changed from ${provider.name} (IANA ${provider.ianaId}) to Another Registrar LLC (IANA 9999).`,
    });
    expect(byKind.get("nameservers_changed")).toMatchObject({ oldValue: ["ns1.old.net", "ns2.old.net"], newValue: ["ns1.new.net"] });
    expect(byKind.get("expiry_moved_back")).toMatchObject({ oldValue: "2031-03-02", newValue: "2030-03-02" });
    // Status changes carry the registry's whole status list before and after.
    const statusesBefore = { statuses: ["clientTransferProhibited", "clientDeleteProhibited"] };
    expect(byKind.get("status_hold")).toMatchObject({ oldValue: statusesBefore, newValue: { statuses: ["clientHold"] } });
    expect(byKind.get("transfer_lock_removed")).toMatchObject({ oldValue: statusesBefore, newValue: { statuses: ["clientHold"] } });

    // Each change told once, by mail, naming the domain, the change and the domain's page.
    const mails = await waitFor(() => smtp.mailsTo(h.email).filter((m) => m.subject?.includes(name)), (m) => m.length >= 5);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Warning: ${name} expiry date moved back`, `Warning: ${name} nameservers changed`, `Warning: ${name} on hold at the registry`,
      `Warning: ${name} registrar changed`, `Warning: ${name} transfer lock removed`,
    ]);
    const registrarMail = mails.find((m) => m.subject?.endsWith("registrar changed"))!;
    expect(registrarMail.text).toContain(`Registrar changed from ${provider.name} (IANA ${provider.ianaId}) to Another Registrar LLC (IANA 9999).`);
    expect(registrarMail.text).toContain(`${APP_URL}/portfolio/${id}`);

    // The job retried (and planned again by hand) plans nothing more.
    const ids = page.events.map((e) => e.id);
    expect((await planDomainEvents(getDb(), queue, ids, new Date(), APP_URL)).planned).toBe(0);
    await queue.send(DOMAIN_EVENTS_QUEUE, { eventIds: ids });
    await new Promise((r) => setTimeout(r, 500));
    await waitFor(async () => { const c = await queue.counts(DOMAIN_EVENTS_QUEUE); return c.queued + c.active; }, (n) => n === 0);
    expect((await notificationsOf(userId)).filter((n) => n.kind === "registry_change")).toHaveLength(5);

    // "Show older": pages by the last event's id.
    const newest = (await history(h.client, id, "?limit=4")).body;
    expect(newest.events).toHaveLength(4);
    expect(newest.nextBefore).toBe(newest.events[3]!.id);
    const older = (await history(h.client, id, `?limit=4&before=${newest.nextBefore}`)).body;
    expect([...newest.events, ...older.events].map((e) => e.id)).toEqual(page.events.map((e) => e.id));
    expect(older.nextBefore).toBeNull();
    expect(older.events.at(-1)!.kind).toBe("registry_check");
  });

  it("keeps quiet about a domain whose own switch is off, and tells again when it inherits", async () => {
    const h = await userWithConfirmedEmail(app(), smtp);
    const userId = await userIdOf(h.user.email);
    const name = `muted-${userId}.com`;
    answer(name);
    const id = await addChecked(h.client, name);
    const off = await h.client<{ kinds: { kind: string; setting: string; on: boolean; ownerOn: boolean }[] }>(
      `/api/user-domains/${id}/notification-settings`, { method: "PUT", body: { switches: { registry_change: "off" } } });
    expect(off.status).toBe(200);
    expect(off.body.kinds.find((k) => k.kind === "registry_change")).toMatchObject({ setting: "off", on: false, ownerOn: true });

    answer(name, { ns: ["NS1.MUTED.NET"] });
    await recheck(h.client, id);
    expect((await history(h.client, id)).body.events.map((e) => e.kind)).toContain("nameservers_changed");
    expect(await notificationsOf(userId)).toEqual([]);

    const back = await h.client<{ kinds: { kind: string; setting: string; on: boolean }[] }>(
      `/api/user-domains/${id}/notification-settings`, { method: "PUT", body: { switches: { registry_change: "inherit" } } });
    expect(back.body.kinds.find((k) => k.kind === "registry_change")).toMatchObject({ setting: "inherit", on: true });
    answer(name, { ns: ["NS1.TOLD.NET"] });
    await recheck(h.client, id);
    await waitFor(() => smtp.mailsTo(h.email).filter((m) => m.subject === `Warning: ${name} nameservers changed`), (m) => m.length === 1);
    expect((await notificationsOf(userId)).map((n) => n.kind)).toEqual(["registry_change"]);
  });

  it("tells a change made through the owner's connected registrar account as information", async () => {
    const h = await userWithConfirmedEmail(app(), smtp);
    const userId = await userIdOf(h.user.email);
    const name = `own-${userId}.com`;
    answer(name);
    const id = await addChecked(h.client, name);
    // The owner's account at the domain's registrar synced after that lookup and reported it unlocked.
    const { orm, t } = getDb();
    const [account] = await orm.insert(t.registrarAccounts).values({
      userId, serviceProviderId: provider.id, label: "Main", authType: "api_key", credentialsEncrypted: "x", lastSyncAt: new Date(Date.now() + 1000),
    }).returning({ id: t.registrarAccounts.id });
    await orm.update(t.userDomains).set({ registrarAccountId: account!.id, isLocked: false }).where(and(eq(t.userDomains.id, id)));

    answer(name, { status: ["client delete prohibited"], ns: ["NS1.MINE.NET"] });
    await recheck(h.client, id);
    const events = (await history(h.client, id)).body.events.filter((e) => e.kind !== "registry_check");
    expect(events.map((e) => [e.kind, e.severity]).sort()).toEqual([["nameservers_changed", "info"], ["transfer_lock_removed", "info"]]);
    const mails = await waitFor(() => smtp.mailsTo(h.email).filter((m) => m.subject?.includes(name)), (m) => m.length >= 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([`For your information: ${name} nameservers changed`, `For your information: ${name} transfer lock removed`]);
  });

  it("refuses another user's domain (404) and unknown switches or paging (400)", async () => {
    const owner = authed(app(), (await registerUser(app())).cookie);
    const stranger = authed(app(), (await registerUser(app())).cookie);
    const name = `private-${Date.now()}.com`;
    answer(name);
    const id = await addChecked(owner, name);
    for (const path of [`/api/user-domains/${id}/history`, `/api/user-domains/${id}/notification-settings`]) {
      const res = await stranger<{ message: string }>(path);
      expect([path, res.status, res.body.message]).toEqual([path, 404, "Domain not found"]);
    }
    const put = await stranger<{ message: string }>(`/api/user-domains/${id}/notification-settings`, { method: "PUT", body: { switches: { registry_change: "off" } } });
    expect(put.status).toBe(404);
    const unknown = await owner<{ message: string }>(`/api/user-domains/${id}/notification-settings`, { method: "PUT", body: { switches: { expiry: "off" } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown switch "expiry": a switch is one of registry_change');
    const badValue = await owner<{ message: string }>(`/api/user-domains/${id}/notification-settings`, { method: "PUT", body: { switches: { registry_change: "maybe" } } });
    expect([badValue.status, badValue.body.message]).toEqual([400, "Invalid switches.registry_change: Each switch is inherit, on or off"]);
    const badLimit = await owner<{ message: string }>(`/api/user-domains/${id}/history?limit=500`);
    expect([badLimit.status, badLimit.body.message]).toEqual([400, "Invalid limit: limit must be at most 100"]);
    const badBefore = await owner<{ message: string }>(`/api/user-domains/${id}/history?before=999999999`);
    expect(badBefore.status).toBe(400);
    // Through tRPC too: the same service.
    const trpc = await stranger(`/trpc/portfolio.history?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    expect(trpc.status).toBe(404);
  });

  it.skipIf(dialect !== "postgres")("two pg-boss workers given the same events twice over: one mail per change", async () => {
    const workers = [await startWorker(getTestDb(), smtp), await startWorker(getTestDb(), smtp)] as const;
    try {
      const h = await userWithConfirmedEmail(app(), smtp);
      const userId = await userIdOf(h.user.email);
      const name = `twice-${userId}.com`;
      answer(name);
      const id = await addChecked(h.client, name);
      const at = new Date();
      const ids = await recordDomainEvents(getDb(), [
        { userDomainId: id, category: "registry", kind: "registrar_changed", oldValue: { ianaId: 1, name: "A" }, newValue: { ianaId: 2, name: "B" }, occurredAt: at },
        { userDomainId: id, category: "registry", kind: "transfer_lock_removed", occurredAt: at },
      ]);
      await Promise.all([
        ...workers.flatMap((w) => [w.send(DOMAIN_EVENTS_QUEUE, { eventIds: ids }), w.send(DOMAIN_EVENTS_QUEUE, { eventIds: ids })]),
        planDomainEvents(getDb(), workers[0], ids, new Date(), APP_URL), planDomainEvents(getDb(), workers[1], ids, new Date(), APP_URL),
      ]);
      await waitFor(() => smtp.mailsTo(h.email).filter((m) => m.subject?.includes(name)), (m) => m.length >= 2);
      await waitFor(async () => { const c = await workers[0].counts(DOMAIN_EVENTS_QUEUE); return c.queued + c.active; }, (n) => n === 0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.mailsTo(h.email).filter((m) => m.subject?.includes(name)).map((m) => m.subject).sort())
        .toEqual([`Warning: ${name} registrar changed`, `Warning: ${name} transfer lock removed`]);
    } finally {
      for (const w of workers) await w.stop(2000);
    }
  });
});
