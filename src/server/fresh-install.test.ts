/**
 * A fresh install: the seeded database, no keys, and no network (every outside service at a
 * closed loopback port). Every scheduled job runs once by hand, then the price schedule again:
 * no incident is open for a source that never worked, and no provider without a live source
 * or without its key is shown as failing in the admin area or on the status page.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "./config.ts";
import { providerSourceSetup } from "./domain/price-source-setup.ts";
import type { PriceSources } from "./features/price-engine/sources.ts";
import { bundledPriceSource, createPriceSources } from "./integrations/prices/registry.ts";
import { registerJobs } from "./jobs.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createLogger } from "./lib/logger.ts";
import { createTokenSigner } from "./lib/signed-token.ts";
import { AUTH_TEST_ENV, authed, registerAdmin } from "./testing/auth.ts";
import { createTestApp, getJson, TEST_APP_SECRET } from "./testing/test-app.ts";

/** A loopback port nothing listens on: connecting to it is refused at once, as without network. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Log = { provider: string | null; status: string; source: string | null; errorMessage: string | null };
type SourceRow = { provider: string; setup: string; lastRun: { status: string } | null };
type Component = { name: string; group: string; status: string };

forEachDialect("a fresh install with no keys and no network", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  let sources: PriceSources;
  let admin: ReturnType<typeof authed>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const env = {
      NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET,
      PORKBUN_API_URL: nowhere, OPENPROVIDER_PRICES_URL: `${nowhere}/sheet.csv`, NAMECHEAP_PRICES_URL: `${nowhere}/tlds.ashx`,
      HOVER_PRICES_URL: `${nowhere}/domain-pricing`, ECB_API_URL: nowhere, IANA_RDAP_BOOTSTRAP_URL: `${nowhere}/dns.json`,
    };
    const config = loadConfig(env);
    // The sources main.ts builds, no key set; retries without sleeping.
    sources = { live: createPriceSources(config, { timeoutMs: 3000, sleep: async () => undefined }), bundled: bundledPriceSource };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerJobs(queue, {
      db: getDb(), config, log: createLogger("silent"), cipher: createCredentialCipher(TEST_APP_SECRET),
      signer: createTokenSigner(TEST_APP_SECRET), priceSources: sources, onPricesChanged: () => undefined,
    });
    app = createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...env }, queue, priceSources: sources });
    admin = authed(app, (await registerAdmin(app, getDb(), { email: "first-admin@example.com" })).cookie);
  });
  afterAll(async () => {
    await queue.stop(1000);
  });

  /**
   * Runs a scheduled job by hand and waits for its first attempt (a job that failed for want of
   * network waits for a retry, which is not waited for), then for the price fetches it sent.
   */
  const runNow = async (name: string) => {
    const started = await admin<{ jobId: string; job: { queue: string }; message: string }>("/api/admin/scheduled-jobs/run", { method: "POST", body: { name } });
    if (started.status === 409) {
      // Its schedule fired on its own just now (the rates' daily tick is 16:15 UTC): that run's attempt is waited for.
      const { queue: fired } = (await admin<{ name: string; queue: string }[]>("/api/admin/scheduled-jobs")).body.find((j) => j.name === name)!;
      await waitFor(() => queue.activeJobs(fired), (active) => active.length === 0, 30_000);
    } else {
      expect(started.status, `${name}: ${started.body.message}`).toBe(202);
      await waitFor(() => queue.getJob(started.body.job.queue, started.body.jobId),
        (job) => job !== null && job.state !== "active" && (job.state !== "queued" || job.retryCount > 0), 30_000);
    }
    await waitFor(() => queue.counts("prices.fetch"), (c) => c.queued === 0 && c.active === 0, 30_000);
  };

  it("opens no incident for a source that never worked and shows no unconfigured provider as failing", { timeout: 90_000 }, async () => {
    const jobs = (await admin<{ name: string }[]>("/api/admin/scheduled-jobs")).body.map((j) => j.name);
    expect(jobs).toEqual(expect.arrayContaining(["price-schedule-1", "rates", "reminders", "rdap-bootstrap", "registry-checks"]));
    for (const name of jobs) await runNow(name);
    // A second daily run: two failures in a row of a source that never worked are still no incident.
    await runNow("price-schedule-1");

    const providers = (await admin<{ name: string; slug?: string; domain: string; isActive: boolean }[]>("/api/admin/service-providers")).body;
    const slugOf = new Map((await getDb().orm.select().from(getDb().t.serviceProviders)).map((p) => [p.name, p.slug]));
    const setupOf = (name: string) => providerSourceSetup(sources, slugOf.get(name)!).setup;
    const notLive = providers.filter((p) => p.isActive && setupOf(p.name) !== "live").map((p) => p.name);
    // The default install has each kind: keyless live lists, keyed APIs without their keys, bundled lists only, no source.
    expect(new Set(providers.filter((p) => p.isActive).map((p) => setupOf(p.name)))).toEqual(new Set(["live", "key-missing", "bundled-only", "none"]));

    const incidents = await admin<{ total: number; incidents: { title: string }[] }>("/api/admin/incidents?status=open");
    expect(incidents.body.incidents.map((i) => i.title)).toEqual([]);

    // The price log: only the keyless live sources failed (no network), nothing was logged as failing for the others.
    const logs = (await admin<{ logs: Log[] }>("/api/admin/price-logs?limit=100")).body.logs;
    const failed = logs.filter((l) => l.status === "error" || l.status === "timeout");
    expect(failed.length).toBeGreaterThan(0);
    for (const log of failed) expect(setupOf(log.provider!), `${log.provider}: ${log.errorMessage}`).toBe("live");
    for (const name of notLive) {
      expect(logs.filter((l) => l.provider === name).every((l) => l.status === "success" && l.source === "bundled"), name).toBe(true);
    }
    const overview = await admin<{ recentLogs: Log[] }>("/api/admin/overview");
    for (const log of overview.body.recentLogs) if (log.status !== "success") expect(setupOf(log.provider!), log.provider!).toBe("live");

    // Operations' price sources: not configured or a bundled list, never a failed last run.
    const rows = (await admin<SourceRow[]>("/api/admin/sources")).body;
    for (const name of notLive) {
      const row = rows.find((r) => r.provider === name)!;
      expect(row.setup, name).not.toBe("live");
      expect(row.lastRun?.status ?? "none", name).not.toMatch(/error|timeout/);
    }

    // The public status page agrees: not configured, and no incident.
    const status = (await getJson<{ components: Component[]; incidents: unknown[] }>(app, "/api/status")).body;
    for (const name of notLive) expect(status.components.find((c) => c.name === name)?.status, name).toBe("not-configured");
    expect(status.incidents).toEqual([]);
  });
});
