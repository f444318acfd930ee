/**
 * A portfolio that is right from a domain's name alone, through the real app, the real queue
 * and loopback RDAP and WHOIS fakes: the registrar the registry names prices the domain unless
 * the owner chose one, a registrar we do not list is named, TLDs IANA's bootstrap leaves out are
 * read over RDAP where its supplement names a server (DENIC's answer has no expiry and says so)
 * and over WHOIS where it does not, a 429 with many lookups queued hands them
 * all back and each is made after the wait, "check now" is limited per user, renaming and
 * editing a failed entry check it again, and two owners share a registry server fairly.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { REGISTRY_CHECK_QUEUE } from "../../domain/registry-checks.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { loadConfig } from "../../config.ts";
import { startFakeRdap, type FakeRdap } from "../../integrations/rdap/testing/fake-rdap.ts";
import { denicAnswer, identityDigitalAnswer, switchAnswer, verisignAnswer } from "../../integrations/rdap/testing/rdap-answers.ts";
import { startFakeWhois, type FakeWhois } from "../../integrations/whois/testing/fake-whois.ts";
import {
  goDaddyRegistryNotFound, goDaddyRegistryWhois, ianaTldAnswer,
} from "../../integrations/whois/testing/whois-answers.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import { registerRegistryJobs } from "./registry-jobs.ts";
import type { PortfolioSummary } from "./summary.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
const WHOIS_SERVERS: Record<string, string | null> = { us: "whois.nic.us", es: null };
/** Starts per second toward one RDAP server: slow enough that 150 names take seconds, fast enough for the rest. */
const RDAP_PER_SECOND = 20;
const CHECK_NOW_PER_HOUR = 3;

type Call = ReturnType<typeof authed>;

forEachDialect("a portfolio filled in by its registries", (getDb, _dialect, getTestDb) => {
  let rdap: FakeRdap;
  let whois: FakeWhois;
  const whoisAnswers = new Map<string, string>();
  let queue: JobQueue;
  let env: Record<string, string>;

  beforeAll(async () => {
    rdap = await startFakeRdap();
    // One fake answers as IANA (a bare TLD) and as each registry's server (a name).
    whois = await startFakeWhois({
      answerEvery: (query) => {
        if (query in WHOIS_SERVERS) return ianaTldAnswer(query, WHOIS_SERVERS[query]!);
        return whoisAnswers.get(query) ?? (query.endsWith(".us") ? goDaddyRegistryNotFound() : undefined);
      },
    });
    env = {
      RDAP_BASE_URL_OVERRIDE: rdap.baseUrl, RDAP_CACHE_SECONDS: "3600", RDAP_REQUESTS_PER_SECOND: String(RDAP_PER_SECOND),
      WHOIS_IANA_SERVER: whois.address, WHOIS_SERVER_OVERRIDE: whois.address, WHOIS_REQUESTS_PER_SECOND: "50",
      REGISTRY_CHECK_NOW_PER_HOUR: String(CHECK_NOW_PER_HOUR),
    };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env }), log: createLogger("silent") });
  });
  afterEach(() => {
    rdap.answers.clear();
    rdap.tooManyRequests = undefined;
    rdap.delayMs = 0;
  });
  afterAll(async () => {
    await queue.stop();
    await rdap.server.close();
    await whois.close();
  });

  const app = () => createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, ...env } });
  let call: Call;
  let userId: number;
  beforeEach(async () => {
    const user = await registerUser(app());
    call = authed(app(), user.cookie);
    const { orm: db, t } = getDb();
    userId = (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, user.email)))[0]!.id;
  });

  const add = (c: Call, body: Record<string, unknown>) => c<UserDomainItem>("/api/user-domains", { method: "POST", body });
  const get = (c: Call, id: number) => c<UserDomainItem>(`/api/user-domains/${id}`);
  // Lookups run in the job queue behind the earlier tests' checks: up to 30 s on a loaded machine.
  const settled = (c: Call, id: number, until: (d: UserDomainItem) => boolean = (d) => d.registry.outcome !== "pending", timeoutMs = 30_000) =>
    waitFor(async () => (await get(c, id)).body, until, timeoutMs);
  const providerNamed = async (name: string) => (await call<{ id: number; name: string }[]>("/api/service-providers")).body.find((p) => p.name === name)!;

  it("prices a domain added by its name at the registrar the registry names, until the owner chooses another", async () => {
    const name = `named-${userId}.com`;
    rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES, { ianaId: "1068", registrar: "NameCheap, Inc." }) });
    const added = await add(call, { domainName: name });
    expect(added.body).toMatchObject({ serviceProviderId: null, registrar: { serviceProvider: null, source: null }, autoRenewState: "unknown" });
    const item = await settled(call, added.body.id);
    expect(item.registrar).toMatchObject({ serviceProvider: { name: "Namecheap" }, source: "registry", ianaId: 1068, name: "Namecheap", compared: true, message: null });
    // The owner's own field stays empty: the registry's registrar is in force, not stored as theirs.
    expect(item.serviceProviderId).toBeNull();
    expect(item.pricing.currentRenewal).not.toBeNull();
    const summary = (await call<PortfolioSummary>("/api/user-domains/summary")).body;
    expect(summary.totalYearlyRenewal).toEqual({ amount: item.pricing.currentRenewal!.price, currency: "USD", domainsWithoutPrice: 0 });
    expect(summary.byAutoRenew.unknown).toMatchObject({ domains: 1, amount: item.pricing.currentRenewal!.price });

    const porkbun = await providerNamed("Porkbun");
    const chosen = await call<UserDomainItem>(`/api/user-domains/${item.id}`, { method: "PUT", body: { serviceProviderId: porkbun.id } });
    expect(chosen.body.registrar).toMatchObject({ serviceProvider: { id: porkbun.id }, source: "owner", ianaId: 1068, compared: true });
    expect(chosen.body.pricing.currentRenewal?.price).not.toBe(item.pricing.currentRenewal!.price);
    const cleared = await call<UserDomainItem>(`/api/user-domains/${item.id}`, { method: "PUT", body: { serviceProviderId: null } });
    expect(cleared.body.registrar).toMatchObject({ serviceProvider: { name: "Namecheap" }, source: "registry" });
  });

  it("names an IANA registrar we have no prices from, and says it is not compared", async () => {
    const name = `markmonitor-${userId}.com`;
    rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES, { ianaId: "292", registrar: "MarkMonitor Inc." }) });
    const item = await settled(call, (await add(call, { domainName: name })).body.id);
    expect(item.registrar).toEqual({
      serviceProvider: null, source: null, ianaId: 292, name: "MarkMonitor Inc.", compared: false,
      message: "not compared: we have no prices from MarkMonitor Inc.",
    });
    expect(item.pricing.currentRenewal).toBeNull();
  });

  it("reads .us over WHOIS at the server IANA lists, marking the dates as lower confidence", async () => {
    const named = `whois-${userId}.us`;
    const godaddy = `godaddy-${userId}.us`;
    whoisAnswers.set(named, goDaddyRegistryWhois(named, DATES, { name: "NameCheap, Inc.", ianaId: 1068 }));
    whoisAnswers.set(godaddy, goDaddyRegistryWhois(godaddy, DATES));
    const namedItem = await settled(call, (await add(call, { domainName: named })).body.id);
    const godaddyItem = await settled(call, (await add(call, { domainName: godaddy })).body.id);
    expect(namedItem.registry).toMatchObject({ outcome: "ok", protocol: "whois", message: null });
    expect(namedItem.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry", registryProtocol: "whois", lowerConfidence: true });
    expect(namedItem.registrar).toMatchObject({ serviceProvider: { name: "Namecheap" }, source: "registry" });
    expect(godaddyItem.registrar).toMatchObject({ serviceProvider: { name: "GoDaddy" }, source: "registry", ianaId: 146 });
    expect(whois.queries).toEqual(expect.arrayContaining(["us", named, godaddy]));
    const free = await settled(call, (await add(call, { domainName: `free-${userId}.us` })).body.id);
    expect(free.registry).toMatchObject({ outcome: "not_found", protocol: "whois" });
  });

  it("reads .io and .ch over RDAP at the servers the supplement to IANA's bootstrap names, never over WHOIS", async () => {
    const io = `rdap-${userId}.io`;
    const ch = `rdap-${userId}.ch`;
    rdap.answers.set(io, { kind: "json", body: identityDigitalAnswer(io, DATES) });
    rdap.answers.set(ch, { kind: "json", body: switchAnswer(ch, DATES.registration) });
    const ioItem = await settled(call, (await add(call, { domainName: io })).body.id);
    expect(ioItem.registry).toMatchObject({ outcome: "ok", protocol: "rdap", message: null, statuses: ["clientTransferProhibited"] });
    expect(ioItem.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry", registryProtocol: "rdap", lowerConfidence: false });
    expect(ioItem.registrar).toMatchObject({ serviceProvider: { name: "Namecheap" }, source: "registry", ianaId: 1068 });
    const chItem = await settled(call, (await add(call, { domainName: ch })).body.id);
    expect(chItem.registry).toMatchObject({ outcome: "ok", protocol: "rdap" });
    expect(chItem.dates.registration).toMatchObject({ date: "2015-03-02", source: "registry" });
    expect(rdap.requests).toEqual(expect.arrayContaining([io, ch]));
    expect(whois.queries.filter((q) => q === "io" || q === "ch" || q === io || q === ch)).toEqual([]);
  });

  it("says the registry does not publish an expiry date when DENIC's RDAP answer has none, and reminds on the owner's date", async () => {
    const ace = new URL(`http://müller-${userId}.de`).hostname;
    rdap.answers.set(ace, { kind: "json", body: denicAnswer(`müller-${userId}.de`, ace, "2023-03-15T10:22:41+01:00") });
    const added = await add(call, { domainName: ` Müller-${userId}.DE. ` });
    expect(added.body).toMatchObject({ domainName: ace, unicodeName: `müller-${userId}.de` });
    const item = await settled(call, added.body.id);
    expect(item.registry).toMatchObject({
      outcome: "ok", protocol: "rdap",
      message: "The .de registry does not publish an expiry date, so enter the expiry date yourself to have it counted",
    });
    expect(item.dates.expiration).toMatchObject({ date: null, source: null, registry: null });
    expect(item.dates.lastChanged).toEqual({ date: "2023-03-15", source: "registry" });
    const typed = await call<UserDomainItem>(`/api/user-domains/${item.id}`, { method: "PUT", body: { expirationDate: "2030-05-01" } });
    expect(typed.body.registry).toMatchObject({ outcome: "ok", message: "The .de registry does not publish an expiry date, so the expiry shown is the one entered" });
    expect(typed.body.dates.expiration).toMatchObject({ date: "2030-05-01", source: "typed" });
    expect(typed.body.effectiveExpirationDate).toBe("2030-05-01");
    expect(whois.queries.filter((q) => q.endsWith(ace) || q === "de")).toEqual([]);
  });

  it("hands back every lookup queued toward a server that answered 429, and makes each one after its Retry-After", async () => {
    rdap.tooManyRequests = 2;
    const names = Array.from({ length: 6 }, (_, i) => `queued${i}-${userId}.com`);
    for (const n of names) rdap.answers.set(n, { kind: "json", body: verisignAnswer(n, DATES) });
    const csv = ["domainName", ...names].join("\n");
    expect((await call("/api/user-domains/import", { method: "POST", body: csv, headers: { "content-type": "text/csv" } })).status).toBe(200);
    const refused = await waitFor(() => rdap.log.filter((r) => r.status === 429), (l) => l.length > 0);
    // Lookups already on their way when the first 429 went out are refused too (they were not asked
    // again); only then does the server accept, still well inside its Retry-After.
    await new Promise((r) => setTimeout(r, 500));
    rdap.tooManyRequests = undefined;
    const page = await waitFor(
      async () => (await call<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data,
      (data) => data.length === 6 && data.every((d) => d.registry.outcome === "ok"),
    );
    expect(page.map((d) => d.domainName).sort()).toEqual([...names].sort());
    const after = rdap.log.filter((r) => names.includes(r.name) && r.status === 200);
    expect(after.map((r) => r.name).sort()).toEqual([...names].sort());
    // Retry-After: 2 — no name was asked again before the server said it could be.
    for (const r of after) expect(r.at).toBeGreaterThanOrEqual(refused[0]!.at + 1900);
  });

  it("checks an entry now when asked, without the cached answer, limited per user with a 429 and Retry-After", async () => {
    const name = `now-${userId}.com`;
    rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES) });
    const item = await settled(call, (await add(call, { domainName: name })).body.id);
    expect(item.dates.expiration.registry).toBe("2031-03-02");
    rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, { ...DATES, expiration: "2032-03-02T18:20:11Z" }) });
    const asked = await call<UserDomainItem>(`/api/user-domains/${item.id}/check-registry`, { method: "POST" });
    expect(asked.status).toBe(202);
    expect(asked.body.registry.checkRequestedAt).not.toBeNull();
    // RDAP_CACHE_SECONDS is an hour here: only a fresh lookup can bring the new date.
    const again = await settled(call, item.id, (d) => d.dates.expiration.registry === "2032-03-02");
    expect(again.registry.checkRequestedAt).toBeNull();

    // Another user cannot have this entry checked: it is not theirs.
    const stranger = authed(app(), (await registerUser(app())).cookie);
    expect((await stranger(`/api/user-domains/${item.id}/check-registry`, { method: "POST" })).status).toBe(404);

    for (let i = 1; i < CHECK_NOW_PER_HOUR; i++) expect((await call(`/api/user-domains/${item.id}/check-registry`, { method: "POST" })).status).toBe(202);
    const refused = await call<{ message: string }>(`/api/user-domains/${item.id}/check-registry`, { method: "POST" });
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^You can ask for 3 registry checks an hour; the next one is possible in \d+ minutes?$/);
    // The stranger's refused attempt did not use up their own allowance.
    const theirs = await add(stranger, { domainName: `stranger-${userId}.com` });
    expect((await stranger(`/api/user-domains/${theirs.body.id}/check-registry`, { method: "POST" })).status).toBe(202);
    const trpc = await call<{ error: { message: string; data: { code: string } } }>("/trpc/portfolio.checkNow", { method: "POST", body: { id: item.id } });
    expect(trpc.body.error.data.code).toBe("TOO_MANY_REQUESTS");
  });

  it("checks a renamed entry again at once, and an entry whose check failed when it is edited", async () => {
    const first = `first-${userId}.com`;
    const second = `second-${userId}.com`;
    rdap.answers.set(first, { kind: "json", body: verisignAnswer(first, DATES) });
    rdap.answers.set(second, { kind: "json", body: verisignAnswer(second, { ...DATES, expiration: "2033-01-01T00:00:00Z" }) });
    const item = await settled(call, (await add(call, { domainName: first })).body.id);
    const renamed = await call<UserDomainItem>(`/api/user-domains/${item.id}`, { method: "PUT", body: { domainName: second } });
    expect(renamed.body.registry).toMatchObject({ outcome: "pending", message: "A registry check is on its way" });
    expect((await settled(call, item.id, (d) => d.registry.outcome === "ok")).dates.expiration.registry).toBe("2033-01-01");

    const flaky = `flaky-${userId}.com`;
    rdap.answers.set(flaky, { kind: "raw", status: 503, body: "maintenance" });
    const failed = await settled(call, (await add(call, { domainName: flaky })).body.id);
    expect(failed.registry).toMatchObject({ outcome: "error", failures: 1 });
    expect(failed.registry.message).toMatch(/^The last registry check failed: the \.\w+ registry's RDAP server answered with an error\. Next try: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // The next try is 5 minutes after the failure.
    expect(Date.parse(failed.registry.nextCheckAt!) - Date.parse(failed.registry.checkedAt!)).toBe(5 * 60_000);
    rdap.answers.set(flaky, { kind: "json", body: verisignAnswer(flaky, DATES) });
    await call(`/api/user-domains/${failed.id}`, { method: "PUT", body: { notes: "registry back?" } });
    expect((await settled(call, failed.id, (d) => d.registry.outcome === "ok")).registry).toMatchObject({ failures: 0, message: null });
  });

  it("looks a failed entry up again on a save only within Check now's allowance: past it, eight saves ask the registry nothing", async () => {
    const flaky = `unsaved-${userId}.com`;
    const healthy = `healthy-${userId}.com`;
    rdap.answers.set(flaky, { kind: "raw", status: 503, body: "maintenance" });
    rdap.answers.set(healthy, { kind: "json", body: verisignAnswer(healthy, DATES) });
    const failed = await settled(call, (await add(call, { domainName: flaky })).body.id);
    expect(failed.registry).toMatchObject({ outcome: "error", failures: 1 });
    const asked = () => rdap.requests.filter((r) => r === flaky).length;
    expect(asked()).toBe(1);
    // The hour's Check now requests are used up on another entry.
    const other = await settled(call, (await add(call, { domainName: healthy })).body.id);
    for (let i = 0; i < CHECK_NOW_PER_HOUR; i++) expect((await call(`/api/user-domains/${other.id}/check-registry`, { method: "POST" })).status).toBe(202);
    expect((await call(`/api/user-domains/${other.id}/check-registry`, { method: "POST" })).status).toBe(429);

    for (let i = 0; i < 8; i++) {
      const saved = await call<UserDomainItem>(`/api/user-domains/${failed.id}`, { method: "PUT", body: { notes: `save ${i}` } });
      expect(saved.status).toBe(200);
      // The entry keeps its retry schedule: it is not made due.
      expect(saved.body.registry).toMatchObject({ outcome: "error", failures: 1, nextCheckAt: failed.registry.nextCheckAt });
    }
    await waitFor(async () => { const c = await queue.counts(REGISTRY_CHECK_QUEUE); return c.active; }, (n) => n === 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(asked()).toBe(1);
  });

  it("stores nothing a lookup of the old name brings back after a rename: the new name's answer stands", async () => {
    const before = `before-${userId}.com`;
    const after = `after-${userId}.com`;
    let answerOld!: () => void;
    rdap.answers.set(before, {
      kind: "json", body: verisignAnswer(before, { ...DATES, expiration: "2029-01-01T00:00:00Z" }), after: new Promise<void>((r) => (answerOld = r)),
    });
    rdap.answers.set(after, { kind: "json", body: verisignAnswer(after, { ...DATES, expiration: "2034-01-01T00:00:00Z" }) });
    const id = (await add(call, { domainName: before })).body.id;
    // Renamed while the registry has not yet answered for the old name: the new name is looked up at once.
    await waitFor(() => rdap.requests.includes(before), (asked) => asked);
    expect((await call(`/api/user-domains/${id}`, { method: "PUT", body: { domainName: after } })).status).toBe(200);
    expect((await settled(call, id, (d) => d.registry.outcome === "ok")).dates.expiration.registry).toBe("2034-01-01");
    // Then the old name's answer comes, and its lookup ends.
    answerOld();
    await waitFor(() => rdap.inFlight, (n) => n === 0);
    await waitFor(async () => { const c = await queue.counts(REGISTRY_CHECK_QUEUE); return c.queued + c.active; }, (n) => n === 0);
    const item = (await get(call, id)).body;
    expect([item.domainName, item.dates.expiration.registry]).toEqual([after, "2034-01-01"]);
  });

  it("checks another owner's first domain within seconds while one owner's import is being looked up, and shows the import's progress", async () => {
    rdap.delayMs = 20;
    const bulk = Array.from({ length: 150 }, (_, i) => `bulk${i}-${userId}.com`);
    for (const n of bulk) rdap.answers.set(n, { kind: "json", body: verisignAnswer(n, DATES) });
    const imported = await call("/api/user-domains/import", { method: "POST", body: ["domainName", ...bulk].join("\n"), headers: { "content-type": "text/csv" } });
    expect(imported.status).toBe(200);
    // At RDAP_PER_SECOND starts a second, the 150 take about 7.5 s.
    const started = await waitFor(async () => (await call<{ progress: { checked: number; total: number } | null }>("/api/user-domains/registry-progress")).body.progress,
      (p) => p !== null && p.checked >= 10);
    expect(started).toMatchObject({ total: 150 });

    const other = authed(app(), (await registerUser(app())).cookie);
    const mine = `first-of-other-${userId}.com`;
    rdap.answers.set(mine, { kind: "json", body: verisignAnswer(mine, DATES) });
    const addedAt = Date.now();
    const added = await add(other, { domainName: mine });
    await settled(other, added.body.id, (d) => d.registry.outcome === "ok", 10_000);
    const waited = Date.now() - addedAt;
    const progress = (await call<{ progress: { checked: number; total: number } | null }>("/api/user-domains/registry-progress")).body.progress;
    // The other owner's name went out while most of the import still waited.
    expect(waited).toBeLessThan(3000);
    expect(progress).not.toBeNull();
    expect(progress!.checked).toBeLessThan(140);
    const done = await waitFor(async () => (await call<{ progress: unknown }>("/api/user-domains/registry-progress")).body.progress, (p) => p === null, 30_000);
    expect(done).toBeNull();
  }, 60_000);
});
