/**
 * The public registry coverage (GET /api/registry-coverage and registryCoverage.get), through the
 * real app, queue and lookups with loopback RDAP and WHOIS fakes: each TLD's method and server
 * before any lookup, the method every lookup then takes (recorded from what the lookup did) equal
 * to the page's, the supplemented registries' answer shapes (DENIC and SWITCH without an expiry,
 * CentralNic's .co and Identity Digital's .io with one), and the lookups of the last 30 days.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addLookupStats } from "../../../../db/repositories/registry-lookup-stats-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { startFakeRdap, type FakeAnswer, type FakeRdap } from "../../integrations/rdap/testing/fake-rdap.ts";
import { centralNicAnswer, denicAnswer, identityDigitalAnswer, switchAnswer, verisignAnswer } from "../../integrations/rdap/testing/rdap-answers.ts";
import { startFakeWhois, type FakeWhois } from "../../integrations/whois/testing/fake-whois.ts";
import { goDaddyRegistryWhois, ianaTldAnswer } from "../../integrations/whois/testing/whois-answers.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import type { RegistryCoverage, TldCoverage } from "./registry-coverage.ts";
import { registerRegistryJobs } from "./registry-jobs.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
/** What IANA's WHOIS says for each TLD asked: .us has a server, .ae none. */
const IANA_WHOIS: Record<string, string | null> = { us: "whois.nic.us", ae: null };
const dir = mkdtempSync(join(tmpdir(), "registry-coverage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rdapAnswer(name: string): FakeAnswer | undefined {
  if (name.startsWith("broken-")) return { kind: "raw", status: 500, body: "busy" };
  const tld = name.slice(name.lastIndexOf(".") + 1);
  if (tld === "de") return { kind: "json", body: denicAnswer(name, name, "2023-03-15T10:22:41+01:00") };
  if (tld === "li") return { kind: "json", body: switchAnswer(name, DATES.registration) };
  if (tld === "co") return { kind: "json", body: centralNicAnswer(name, DATES) };
  if (tld === "io") return { kind: "json", body: identityDigitalAnswer(name, DATES) };
  return { kind: "json", body: verisignAnswer(name, DATES) };
}

forEachDialect("the registry coverage page's answer", (getDb, _dialect, getTestDb) => {
  let rdap: FakeRdap;
  let whois: FakeWhois;
  let queue: JobQueue;
  let env: Record<string, string>;

  beforeAll(async () => {
    rdap = await startFakeRdap({ answerEvery: rdapAnswer });
    // One fake answers as IANA (a bare TLD) and as each registry's WHOIS server (a name).
    whois = await startFakeWhois({
      answerEvery: (query) => (query in IANA_WHOIS ? ianaTldAnswer(query, IANA_WHOIS[query]!) : goDaddyRegistryWhois(query, DATES)),
    });
    const file = join(dir, "servers.csv");
    writeFileSync(file, "tld,rdap_base_url,whois_server\nes,https://rdap.example.es/,\nat,,whois.example.at\n");
    env = {
      RDAP_SERVERS_FILE: file, RDAP_BASE_URL_OVERRIDE: rdap.baseUrl, RDAP_REQUESTS_PER_SECOND: "100",
      WHOIS_IANA_SERVER: whois.address, WHOIS_SERVER_OVERRIDE: whois.address, WHOIS_REQUESTS_PER_SECOND: "100",
    };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env }), log: createLogger("silent") });
  });
  afterAll(async () => {
    await queue.stop();
    await rdap.server.close();
    await whois.close();
  });

  // A new app reads a new configuration, so no answer kept from an earlier request is reused.
  const app = () => createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, ...env } });
  const coverage = async () => {
    const { status, body } = await getJson<RegistryCoverage>(app(), "/api/registry-coverage");
    expect(status).toBe(200);
    return { ...body, of: (tld: string) => body.tlds.find((row) => row.tld === tld)! };
  };

  it("lists every delegated TLD's method, server and expiry, with totals by method for all TLDs and for country codes", async () => {
    const page = await coverage();
    expect(page.days).toBe(30);
    expect(page.tlds.length).toBeGreaterThan(1300);
    expect(page.of("com")).toMatchObject({ method: "iana_rdap", server: "rdap.verisign.com", countryCode: false });
    expect(page.of("de")).toMatchObject({ method: "supplement", server: "rdap.denic.de", countryCode: true, publishesExpiry: "no" });
    expect(page.of("ch")).toMatchObject({ method: "supplement", server: "rdap.nic.ch", publishesExpiry: "no" });
    expect(page.of("io")).toMatchObject({ method: "supplement", server: "rdap.identitydigital.services" });
    // The operator's own servers are not named on a public page.
    expect(page.of("es")).toMatchObject({ method: "operator", server: null, serverByOperator: true });
    expect(page.of("at")).toMatchObject({ method: "whois", server: null, serverByOperator: true });
    expect(page.of("de").serverByOperator).toBe(false);
    expect(JSON.stringify(page.tlds)).not.toMatch(/example\.(es|at)/);
    expect(page.of("ae").method).toBe("whois");
    expect(page.of("xn--p1ai")).toMatchObject({ unicodeName: "рф", countryCode: true });
    const sum = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0);
    expect(sum(page.totals.all)).toBe(page.tlds.length);
    expect(sum(page.totals.countryCode)).toBe(page.tlds.filter((row) => row.countryCode).length);
    expect(page.totals.countryCode.supplement).toBe(page.tlds.filter((row) => row.countryCode && row.method === "supplement").length);
    expect(page.totals.all.operator).toBe(1);
    // The tRPC query answers the same.
    const trpc = await getJson<{ result: { data: RegistryCoverage } }>(app(), "/trpc/registryCoverage.get");
    expect(trpc.body.result.data.totals).toEqual(page.totals);
  });

  it("gives each TLD the method its lookups take, and counts the lookups of the last 30 days", async () => {
    // A day older than the 90 kept is dropped by the next registry-check run.
    const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString().slice(0, 10);
    await addLookupStats(getDb(), [{ tld: "com", day: longAgo, method: "iana_rdap", ok: 7, failed: 0, found: 7, noExpiry: 0 }]);
    const owner = authed(app(), (await registerUser(app())).cookie);
    const stamp = Date.now();
    const names = ["com", "de", "co", "li", "io", "es", "us", "at", "ae"].map((tld) => `coverage-${stamp}.${tld}`);
    names.push(`broken-${stamp}.com`);
    const items: UserDomainItem[] = [];
    for (const domainName of names) {
      const added = await owner<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName } });
      expect(added.status).toBe(201);
      items.push(added.body);
    }
    for (const item of items) {
      await waitFor(async () => (await owner<UserDomainItem>(`/api/user-domains/${item.id}`)).body, (d) => d.registry.outcome !== "pending", 30_000);
    }
    const page = await coverage();
    // What each lookup did, as the registry checks recorded it, is what the page says for its TLD.
    const { orm: db, t } = getDb();
    // The run drops the old day once its lookups are stored.
    await waitFor(() => db.select().from(t.registryLookupStats).where(eq(t.registryLookupStats.day, longAgo)), (rows) => rows.length === 0, 30_000);
    const recorded = await db.select({ tld: t.registryLookupStats.tld, method: t.registryLookupStats.method }).from(t.registryLookupStats);
    const sample = ["com", "de", "co", "li", "io", "es", "us", "at", "ae"];
    for (const tld of sample) {
      expect(recorded.filter((r) => r.tld === tld).map((r) => r.method), tld).toEqual([page.of(tld).method]);
    }
    expect(sample.map((tld) => page.of(tld).method)).toEqual(["iana_rdap", "supplement", "supplement", "supplement", "supplement", "operator", "whois", "whois", "none"]);
    // The RDAP answers came from the fake for the RDAP methods only; WHOIS was asked for .us, .at and (IANA) .ae.
    expect(rdap.requests).toEqual(expect.arrayContaining(names.filter((n) => /\.(com|de|co|li|io|es)$/.test(n))));
    expect(rdap.requests.filter((n) => /\.(us|at|ae)$/.test(n))).toEqual([]);
    expect(whois.queries).toEqual(expect.arrayContaining([`coverage-${stamp}.us`, `coverage-${stamp}.at`, "us", "ae"]));
    expect(whois.queries.filter((q) => /\.(com|de|co|li|io|es)$/.test(q))).toEqual([]);

    const counts = (row: TldCoverage) => ({ lookups: row.lookups, succeeded: row.succeeded, succeededPercent: row.succeededPercent });
    expect(counts(page.of("com"))).toEqual({ lookups: 2, succeeded: 1, succeededPercent: 50 });
    expect(counts(page.of("de"))).toEqual({ lookups: 1, succeeded: 1, succeededPercent: 100 });
    expect(counts(page.of("ae"))).toEqual({ lookups: 1, succeeded: 0, succeededPercent: 0 });
    expect(page.of("ae").server).toBeNull();
    expect(page.of("us").server).toBe("whois.nic.us");
    // DENIC's and SWITCH's answers carry no expiry; CentralNic's .co and Identity Digital's .io do.
    expect(page.of("de").publishesExpiry).toBe("no");
    expect(page.of("li").publishesExpiry).toBe("no");
    expect(page.of("co").publishesExpiry).toBe("yes");
    expect(page.of("io").publishesExpiry).toBe("yes");
    expect(page.of("com").publishesExpiry).toBe("yes");
    const byName = new Map(items.map((item) => [item.domainName, item.id]));
    const co = (await owner<UserDomainItem>(`/api/user-domains/${byName.get(`coverage-${stamp}.co`)}`)).body;
    expect(co.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry" });
    const li = (await owner<UserDomainItem>(`/api/user-domains/${byName.get(`coverage-${stamp}.li`)}`)).body;
    expect(li.registry).toMatchObject({ outcome: "ok", protocol: "rdap", message: "The .li registry does not publish an expiry date, so enter the expiry date yourself to have it counted" });
    expect(li.dates.registration).toMatchObject({ date: "2015-03-02", source: "registry" });

    // Lookups older than 30 days are not counted; an RDAP registry seen answering without an expiry is one that publishes none.
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    await addLookupStats(getDb(), [
      { tld: "sh", day: daysAgo(30), method: "supplement", ok: 5, failed: 5, found: 5, noExpiry: 0 },
      { tld: "sh", day: daysAgo(29), method: "supplement", ok: 3, failed: 1, found: 2, noExpiry: 2 },
      { tld: "sh", day: daysAgo(29), method: "supplement", ok: 1, failed: 0, found: 1, noExpiry: 1 },
    ]);
    const later = await coverage();
    expect(later.of("sh")).toMatchObject({ lookups: 5, succeeded: 4, succeededPercent: 80, publishesExpiry: "no" });
    // A WHOIS answer without an expiry may only be laid out unreadably: it says nothing either way.
    await addLookupStats(getDb(), [{ tld: "ao", day: daysAgo(0), method: "whois", ok: 2, failed: 0, found: 2, noExpiry: 2 }]);
    expect((await coverage()).of("ao")).toMatchObject({ method: "whois", lookups: 2, publishesExpiry: "unknown" });
    const [row] = await db.select().from(t.registryLookupStats).where(eq(t.registryLookupStats.day, daysAgo(29)));
    expect(row).toMatchObject({ ok: 4, failed: 1, found: 3, noExpiry: 3 });
  }, 60_000);
});
