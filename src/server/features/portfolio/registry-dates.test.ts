/**
 * Registry dates over RDAP through the real app and the real queue: a domain added by name
 * alone gets its dates from a loopback RDAP server, the typed and registry dates are compared,
 * action statuses are flagged, and lookups stay polite to each server.
 */
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { loadConfig } from "../../config.ts";
import { startFakeRdap, type FakeRdap } from "../../integrations/rdap/testing/fake-rdap.ts";
import { nominetAnswer, verisignAnswer } from "../../integrations/rdap/testing/rdap-answers.ts";
import { startFakeWhois, type FakeWhois } from "../../integrations/whois/testing/fake-whois.ts";
import { ianaTldAnswer } from "../../integrations/whois/testing/whois-answers.ts";
import { createLogger } from "../../lib/logger.ts";
import { REGISTRY_CHECK_QUEUE, requestRegistryChecks } from "../../domain/registry-checks.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import { registerRegistryJobs } from "./registry-jobs.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

forEachDialect("registry dates over RDAP", (getDb, _dialect, getTestDb) => {
  let fake: FakeRdap;
  let whois: FakeWhois;
  let queue: JobQueue;
  let call: ReturnType<typeof authed>;
  let userId: number;
  let ianaProvider: { id: number; ianaId: number };

  beforeAll(async () => {
    fake = await startFakeRdap();
    // IANA lists no WHOIS server for .es: with no RDAP either, its registry cannot be asked.
    whois = await startFakeWhois({ answerEvery: (q) => (q === "es" ? ianaTldAnswer("es", null) : undefined) });
    const env = {
      NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, RDAP_BASE_URL_OVERRIDE: fake.baseUrl, RDAP_CACHE_SECONDS: "0", RDAP_REQUESTS_PER_SECOND: "100",
      WHOIS_IANA_SERVER: whois.address, WHOIS_SERVER_OVERRIDE: whois.address,
    };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig(env), log: createLogger("silent") });
    const { orm: db, t } = getDb();
    const [provider] = await db.select({ id: t.serviceProviders.id, ianaId: t.serviceProviders.ianaId }).from(t.serviceProviders)
      .where(isNotNull(t.serviceProviders.ianaId)).limit(1);
    ianaProvider = { id: provider!.id, ianaId: provider!.ianaId! };
  });
  beforeEach(async () => {
    const app = createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, RDAP_BASE_URL_OVERRIDE: fake.baseUrl } });
    const user = await registerUser(app);
    call = authed(app, user.cookie);
    const { orm: db, t } = getDb();
    userId = (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, user.email)))[0]!.id;
  });
  afterEach(() => {
    fake.answers.clear();
    fake.tooManyRequests = undefined;
    fake.delayMs = 0;
  });
  afterAll(async () => {
    await queue.stop();
    await fake.server.close();
    await whois.close();
  });

  const add = (body: Record<string, unknown>) => call<UserDomainItem>("/api/user-domains", { method: "POST", body });
  const get = (id: number) => call<UserDomainItem>(`/api/user-domains/${id}`);
  const checked = (id: number) => waitFor(async () => (await get(id)).body, (d) => d.registry.outcome !== "pending");

  it("fills in the dates of a domain added by its name alone, saying where each came from", async () => {
    const name = `name-only-${userId}.com`;
    fake.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES, { ianaId: String(ianaProvider.ianaId), registrar: "Some Registrar" }) });
    const added = await add({ domainName: name });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ expirationDate: null, registry: { outcome: "pending", message: "Not checked with the registry yet" } });
    const item = await checked(added.body.id);
    expect(item.effectiveExpirationDate).toBe("2031-03-02");
    expect(item.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry", typed: null, registry: "2031-03-02", disagree: false });
    expect(item.dates.registration).toMatchObject({ date: "2015-03-02", source: "registry" });
    expect(item.dates.lastChanged).toEqual({ date: "2025-02-14", source: "registry" });
    expect(item.registry).toMatchObject({
      outcome: "ok", message: null, checkedAt: expect.any(String), nextCheckAt: expect.any(String),
      statuses: expect.arrayContaining(["clientTransferProhibited", "serverDeleteProhibited"]),
      nameservers: ["ns1.google.com", "ns2.google.com", "ns3.google.com", "ns4.google.com"],
      registrar: { ianaId: ianaProvider.ianaId, name: "Some Registrar", serviceProviderId: ianaProvider.id },
      transferLock: { locked: true },
    });
    // The owner's typed fields stay as they were typed.
    expect(item.expirationDate).toBeNull();
  });

  it("says when the typed and the registry's expiry disagree; the registry's counts until the owner chooses theirs", async () => {
    const name = `differs-${userId}.com`;
    const registryExpiry = day(20);
    fake.answers.set(name, { kind: "json", body: verisignAnswer(name, { ...DATES, expiration: `${registryExpiry}T10:00:00Z` }) });
    const added = await add({ domainName: name, expirationDate: day(200) });
    const item = await checked(added.body.id);
    expect(item.dates.expiration).toMatchObject({ date: registryExpiry, source: "registry", typed: day(200), registry: registryExpiry, disagree: true });
    expect(item.dates.expiration.note).toBe(`The registry's expiration date is ${registryExpiry}; you entered ${day(200)}. Reminders use the registry's.`);
    const summary = await call<{ expiring: { within30: { domainName: string; expirationDate: string }[] } }>("/api/user-domains/summary");
    expect(summary.body.expiring.within30).toEqual([expect.objectContaining({ domainName: name, expirationDate: registryExpiry })]);

    const own = await call<UserDomainItem>(`/api/user-domains/${added.body.id}`, { method: "PUT", body: { useOwnDates: true } });
    expect(own.status).toBe(200);
    expect(own.body.dates).toMatchObject({ useOwnDates: true, expiration: { date: day(200), source: "typed", disagree: true } });
    expect(own.body.dates.expiration.note).toContain("Reminders use yours, as you chose.");
    expect((await call<{ expiring: { within30: unknown[] } }>("/api/user-domains/summary")).body.expiring.within30).toEqual([]);
    const bad = await call<{ error: string }>(`/api/user-domains/${added.body.id}`, { method: "PUT", body: { useOwnDates: "yes" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Use my dates must be true or false");
  });

  it("flags the statuses that need action and an expired date, and reads a ccTLD answer", async () => {
    const name = `lapsed-${userId}.co.uk`;
    fake.answers.set(name, {
      kind: "json",
      body: nominetAnswer(name, { ...DATES, expiration: `${day(-10)}T00:00:00Z` }, { status: ["redemption period", "client hold"] }),
    });
    const item = await checked((await add({ domainName: name })).body.id);
    expect(item.registry.flags.map((f) => f.code)).toEqual(["expired", "redemptionPeriod", "clientHold"]);
    expect(item.registry.flags[0]!.message).toBe(`Expired on ${day(-10)}`);
    expect(item.registry.transferLock.locked).toBe(false);
  });

  it("tells apart a name the registry does not hold, a TLD without RDAP, and an unreadable answer", async () => {
    fake.answers.set(`broken-${userId}.com`, { kind: "raw", status: 200, body: "{\"objectClassName\":\"domain\",\"events\":{}}" });
    const free = await checked((await add({ domainName: `free-${userId}.com` })).body.id);
    const noRdap = await checked((await add({ domainName: `no-rdap-${userId}.es`, expirationDate: "2030-01-01" })).body.id);
    const broken = await checked((await add({ domainName: `broken-${userId}.com` })).body.id);
    expect(free.registry).toMatchObject({ outcome: "not_found", message: "The registry does not hold this name: it is not registered, or it was deleted" });
    expect(noRdap.registry).toMatchObject({
      outcome: "no_service", message: expect.stringContaining("The .es registry offers no RDAP service and IANA lists no WHOIS server for it"),
    });
    expect(noRdap.dates.expiration).toMatchObject({ date: "2030-01-01", source: "typed" });
    expect(broken.registry).toMatchObject({ outcome: "error", message: expect.stringContaining("the .com registry's RDAP server sent an answer that could not be read") });
  });

  it("keeps what the registry last said through a failed lookup, and says the check failed", async () => {
    const name = `flaky-${userId}.com`;
    fake.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES) });
    const added = await add({ domainName: name });
    expect((await checked(added.body.id)).registry.outcome).toBe("ok");
    fake.answers.set(name, { kind: "raw", status: 503, body: "busy" });
    const { orm: db, t } = getDb();
    await db.update(t.domainRegistryRecords).set({ nextCheckAt: new Date(Date.now() - 1000) }).where(eq(t.domainRegistryRecords.userDomainId, added.body.id));
    await requestRegistryChecks(queue);
    const item = await waitFor(async () => (await get(added.body.id)).body, (d) => d.registry.outcome === "error");
    expect(item.registry.message).toMatch(/^The last registry check failed: the \.com registry's RDAP server answered with an error\. Next try: /);
    expect(item.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry" });
    expect(item.registry.transferLock.locked).toBe(true);
  });

  it("after a 429 puts the lookups off until its Retry-After and queues a later run instead of waiting", async () => {
    fake.tooManyRequests = 300;
    const before = fake.requests.length;
    const added = await add({ domainName: `busy-${userId}.com` });
    const { orm: db, t } = getDb();
    const rr = t.domainRegistryRecords;
    // The run holds the entry while it looks it up, then puts it off until the Retry-After.
    const [row] = await waitFor(
      () => db.select({ next: rr.nextCheckAt, outcome: rr.outcome }).from(rr).where(eq(rr.userDomainId, added.body.id)),
      (rows) => rows.length > 0 && rows[0]!.next.getTime() > Date.now() + 60_000,
    );
    expect(row!.outcome).toBe("pending");
    expect(row!.next.getTime()).toBeGreaterThan(Date.now() + 250_000);
    expect(fake.requests.length - before).toBe(1);
    const later = await waitFor(() => queue.counts(REGISTRY_CHECK_QUEUE), (c) => c.queued >= 1);
    expect(later.queued).toBeGreaterThanOrEqual(1);
  });
});
