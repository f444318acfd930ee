/**
 * Registry lookups of domains that arrive in bulk: a CSV import and a registrar-account sync
 * each queue lookups, through the real app, the real queue and loopback fakes of the registrar
 * and of the RDAP and WHOIS servers. The sync sets auto-renew from the registrar, and a WHOIS
 * date never overrides the one the registrar account gave. (Lives here because it joins two
 * features' jobs.)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { loadConfig } from "./config.ts";
import { addPorkbunAccount, startPorkbun, syncDeps } from "./testing/registrar-accounts.ts";
import { registerAccountJobs } from "./features/accounts/jobs.ts";
import type { UserDomainItem } from "./features/portfolio/item.ts";
import { registerRegistryJobs } from "./features/portfolio/registry-jobs.ts";
import { startFakeRdap, type FakeRdap } from "./integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "./integrations/rdap/testing/rdap-answers.ts";
import { makeDomains } from "./integrations/registrars/testing/fake-state.ts";
import { startFakeWhois, type FakeWhois } from "./integrations/whois/testing/fake-whois.ts";
import { goDaddyRegistryWhois, ianaTldAnswer } from "./integrations/whois/testing/whois-answers.ts";
import { createLogger } from "./lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "./testing/test-app.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };

forEachDialect("registry lookups after an import and a sync", (getDb, _dialect, getTestDb) => {
  let fake: FakeRdap;
  let whois: FakeWhois;
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  let queue: JobQueue;

  beforeAll(async () => {
    fake = await startFakeRdap({ answerEvery: (name) => ({ kind: "json", body: verisignAnswer(name, DATES) }) });
    // .us has no RDAP service in the bundled bootstrap or its supplement: IANA lists whois.nic.us, which answers every name.
    whois = await startFakeWhois({ answerEvery: (q) => (q === "us" ? ianaTldAnswer("us", "whois.nic.us") : goDaddyRegistryWhois(q, DATES)) });
    // synced-0001.com renews automatically at the registrar, synced-0002.us does not.
    porkbun = await startPorkbun(makeDomains(2, ["com", "us"], "synced"));
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({
      NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, RDAP_BASE_URL_OVERRIDE: fake.baseUrl, RDAP_REQUESTS_PER_SECOND: "100",
      WHOIS_IANA_SERVER: whois.address, WHOIS_SERVER_OVERRIDE: whois.address,
    });
    await registerRegistryJobs(queue, { db: getDb(), config, log: createLogger("silent") });
    await registerAccountJobs(queue, syncDeps(getDb(), porkbun.server.url));
  });
  afterAll(async () => {
    await queue.stop();
    await fake.server.close();
    await whois.close();
    await porkbun.server.close();
  });

  it("looks up the domains a CSV import and a registrar-account sync bring in", async () => {
    const app = createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, RDAP_BASE_URL_OVERRIDE: fake.baseUrl, PORKBUN_API_URL: porkbun.server.url } });
    const user = await registerUser(app);
    const call = authed(app, user.cookie);
    const { orm: db, t } = getDb();
    const userId = (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, user.email)))[0]!.id;
    const imported = `imported-${userId}.com`;
    const csv = await call("/api/user-domains/import", { method: "POST", body: `domainName\n${imported}\n`, headers: { "content-type": "text/csv" } });
    expect(csv.status).toBe(200);
    // The import's lookups are done before the sync starts, so only the sync's own request can look up what it brings.
    await waitFor(async () => (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data, (data) => data[0]?.registry.outcome === "ok");
    const accountId = await addPorkbunAccount(getDb(), call, porkbun);
    expect((await call(`/api/registrar-accounts/${accountId}/sync`, { method: "POST" })).status).toBe(202);
    const names = [imported, ...porkbun.account.domains.map((d) => d.name)].sort();
    const page = await waitFor(
      async () => (await call<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data,
      (data) => data.length === names.length && data.every((d) => d.registry.outcome === "ok"),
    );
    expect(page.map((d) => [d.domainName, d.dates.expiration.registry]).sort()).toEqual(names.map((n) => [n, "2031-03-02"]));
    // The synced dates stay beside the registry's, named as the registrar account's.
    const [comDomain, usDomain] = porkbun.account.domains;
    const synced = page.find((d) => d.domainName === comDomain!.name)!;
    expect(synced.dates.expiration).toMatchObject({ typedSource: "registrar_account", typed: comDomain!.expires, disagree: true, source: "registry" });
    // Over WHOIS the registry's date is shown, but the registrar account's stays in force.
    const overWhois = page.find((d) => d.domainName === usDomain!.name)!;
    expect(overWhois.registry).toMatchObject({ outcome: "ok", protocol: "whois" });
    expect(overWhois.dates.expiration).toMatchObject({
      date: usDomain!.expires, source: "registrar_account", registry: "2031-03-02", registryProtocol: "whois", lowerConfidence: false, disagree: true,
      note: `The registry's WHOIS gives the expiration date as 2031-03-02; the registrar account says ${usDomain!.expires}. Reminders use the registrar account's: a WHOIS date never overrides it.`,
    });
    expect(overWhois.effectiveExpirationDate).toBe(usDomain!.expires);
    // The sync set auto-renew from the registrar: on for the first, off for the second; the import's is unknown.
    expect(page.map((d) => [d.domainName, d.autoRenewState]).sort()).toEqual(
      [[imported, "unknown"], [comDomain!.name, "on"], [usDomain!.name, "off"]].sort(),
    );
    // The summary's expiring views and the forecast use the same date in force.
    const summary = await call<{ expiring: { expired: { domainName: string; expirationDate: string }[] } }>("/api/user-domains/summary");
    expect(summary.body.expiring.expired.find((e) => e.domainName === usDomain!.name)?.expirationDate).toBe(usDomain!.expires);
  });
});
