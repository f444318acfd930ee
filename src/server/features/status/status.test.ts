import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { loadConfig } from "../../config.ts";
import { bundledPriceSource, createPriceSources } from "../../integrations/prices/registry.ts";
import { AUTH_TEST_ENV, authed, registerAdmin } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { testPriceSource } from "../../testing/test-price-source.ts";
import type { PriceSources } from "../../trpc/context.ts";
import { overallStatus } from "./service.ts";

interface Component { id: string; name: string; group: string; status: string; description: string; responseTimeMs: number | null; lastSuccessAt: string | null }
interface Status {
  status: string; checkedAt: string; uptimeSeconds: number; components: Component[];
  metrics: {
    days: number; fetches: number; successfulFetches: number; liveSuccesses: number; bundledSuccesses: number; notConfigured: number;
    averageFetchMs: number | null; incidents: number;
  } | null;
  incidents: Array<{ title: string; description: string; status: string; startTime: string; endTime: string | null }>;
}

const HOUR = 3_600_000;

/** Only what /api/status reads from a queue; the rest would fail loudly if it were called. */
function fakeQueue(counts: () => Promise<{ queued: number; active: number }>): JobQueue {
  const unused = () => { throw new Error("not used by the status page"); };
  return {
    kind: "in-process", counts, createQueue: unused, send: unused, sendMany: unused, work: unused, schedule: unused, unschedule: unused,
    cancel: unused, cancelMatching: unused, activeJobs: unused, getJob: unused, start: unused, stop: unused,
    queueStats: unused, schedules: unused, runSchedule: unused, poolStats: unused,
  };
}

it("overall status: operational only when all are, outage when any is, degraded otherwise (unknown values included)", () => {
  expect(overallStatus([{ status: "operational" }, { status: "operational" }])).toBe("operational");
  expect(overallStatus([{ status: "operational" }, { status: "maintenance" }])).toBe("degraded");
  expect(overallStatus([{ status: "degraded" }, { status: "outage" }])).toBe("outage");
  expect(overallStatus([{ status: "operational" }, { status: "not-running" }])).toBe("degraded");
  expect(overallStatus([{ status: "operational" }, { status: "not-fetched" }])).toBe("operational");
  expect(overallStatus([{ status: "not-fetched" }, { status: "degraded" }])).toBe("degraded");
  expect(overallStatus([{ status: "operational" }, { status: "not-configured" }])).toBe("operational");
});

/** A live source for every provider of the database: each can be fetched, so each is rated by its fetches. */
async function everyProviderLive(db: Db): Promise<PriceSources> {
  const slugs = (await db.orm.select({ slug: db.t.serviceProviders.slug }).from(db.t.serviceProviders)).map((p) => p.slug);
  const never = () => Promise.reject(new Error("not fetched by the status page"));
  return { live: new Map(slugs.map((slug) => [slug, testPriceSource(slug, never)])), bundled: () => null };
}

forEachDialect("GET /api/status", (getDb) => {
  const byId = (body: Status, id: string) => body.components.find((c) => c.id === id)!;
  let live: PriceSources;
  const app = (overrides: Parameters<typeof createTestApp>[1] = {}) => createTestApp(getDb(), { priceSources: live, ...overrides });

  // Each test starts from a fresh install's fetch log and incidents, whatever ran before it.
  beforeEach(async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.incidents);
    await db.delete(t.priceLogs);
    live = await everyProviderLive(getDb());
  });

  it("measures the web process, the database and the queue's counts", async () => {
    const idleQueue = fakeQueue(async () => ({ queued: 0, active: 0 }));
    const { status, res, body } = await getJson<Status>(app({ queue: idleQueue }), "/api/status");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(byId(body, "web")).toMatchObject({ status: "operational", description: expect.stringMatching(/^Up for (less than a minute|\d+ (minute|hour|day)s?)$/) });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const database = byId(body, "database");
    expect(database.status).toBe("operational");
    expect(database.responseTimeMs).toEqual(expect.any(Number));
    expect(database.description).toMatch(/^(SQLite|PostgreSQL) answered in \d+ ms$/);
    expect(byId(body, "job-queue")).toMatchObject({ status: "operational", description: "0 queued, 0 running (in-process)" });
    // A fresh install: seeded prices come from bundled files and no source was fetched live yet.
    // That is neutral, not a fault: the banner says all is well.
    const sources = body.components.filter((c) => c.group === "price-source");
    expect(sources.map((c) => c.name)).toContain("Porkbun");
    expect(sources.map((c) => c.name)).not.toContain("Google Domains");
    expect(sources.every((c) => c.status === "not-fetched" && c.description === "Not fetched yet; showing the prices bundled with the site")).toBe(true);
    expect(body.status).toBe("operational");
    expect(body.incidents).toEqual([]);
    expect(body.metrics).toEqual({ days: 30, fetches: 0, successfulFetches: 0, liveSuccesses: 0, bundledSuccesses: 0, notConfigured: 0, averageFetchMs: null, incidents: 0 });
  });

  it("reports a queue's counts, and an outage when it fails", async () => {
    const ok = await getJson<Status>(app({ queue: fakeQueue(async () => ({ queued: 3, active: 1 })) }), "/api/status");
    expect(byId(ok.body, "job-queue")).toMatchObject({ status: "operational", description: "3 queued, 1 running (in-process)" });
    const broken = await getJson<Status>(app({ queue: fakeQueue(async () => { throw new Error("down"); }) }), "/api/status");
    expect(byId(broken.body, "job-queue")).toMatchObject({ status: "outage", description: "The queue did not answer" });
    expect(broken.body.status).toBe("outage");
  });

  it("rates each price source by its last successful fetch and counts 30 days of fetches and incidents", async () => {
    const { orm: db, t } = getDb();
    const providers = await db.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders);
    const id = (name: string) => providers.find((p) => p.name === name)!.id;
    const now = Date.now();
    // A run records the source it chose, live for these, whether its fetch then worked or not.
    const log = (name: string, status: string, hoursAgo: number, ms: number, source: "live" | "bundled" | null = "live") => ({
      serviceProviderId: id(name), requestType: "pricing", status, responseTimeMs: ms, source,
      startedAt: new Date(now - hoursAgo * HOUR - ms), completedAt: new Date(now - hoursAgo * HOUR),
    });
    await db.insert(t.priceLogs).values([
      log("Porkbun", "success", 2, 400),
      log("Dynadot", "success", 60, 600), // stale: degraded
      log("Namecheap", "success", 30, 200), log("Namecheap", "error", 1, 100), // fresh, but the latest failed
      log("Hover", "success", 24 * 10, 300), // older than a week: outage
      log("Openprovider", "timeout", 3, 60_000), // never succeeded
      log("Porkbun", "success", 24 * 40, 999), // outside the 30 days
      log("easyname", "success", 1, 50, "bundled"), // a bundled list re-applied: no live fetch
    ]);
    await db.insert(t.incidents).values([
      { title: "Search is slow", description: "We are looking into slow searches.", severity: "high", status: "investigating", source: "manual", createdAt: new Date(now - 5 * HOUR) },
      { title: "Old issue", description: "fixed", severity: "low", status: "resolved", source: "manual", createdAt: new Date(now - 3 * 24 * HOUR), resolvedAt: new Date(now - 2 * 24 * HOUR) },
    ]);
    const { body } = await getJson<Status>(app(), "/api/status");
    const source = (name: string) => body.components.find((c) => c.name === name)!;
    expect(source("Porkbun")).toMatchObject({ status: "operational", description: "Prices updated 2 hours ago" });
    expect(new Date(source("Porkbun").lastSuccessAt!).getTime()).toBe(now - 2 * HOUR);
    expect(source("Dynadot")).toMatchObject({ status: "degraded", description: "Prices last updated 2 days ago" });
    expect(source("Namecheap")).toMatchObject({ status: "degraded", description: "The latest price update failed; prices are from 1 day ago" });
    expect(source("Hover")).toMatchObject({ status: "outage", description: "Prices not updated for 1 week" });
    expect(source("Openprovider")).toMatchObject({ status: "degraded", description: "Price updates are failing; showing the prices bundled with the site" });
    expect(source("easyname")).toMatchObject({ status: "not-fetched" });
    expect(body.status).toBe("outage");
    // Every run of the 30 days, as the admin log lists them: seven, five successful (one a re-applied
    // bundled list). The average time is live fetches', failed ones included.
    expect(body.metrics).toEqual({
      days: 30, fetches: 7, successfulFetches: 5, liveSuccesses: 4, bundledSuccesses: 1, notConfigured: 0,
      averageFetchMs: Math.round((400 + 600 + 200 + 100 + 300 + 60_000) / 6), incidents: 2,
    });
    expect(body.incidents.map((i) => [i.title, i.status])).toEqual([["Search is slow", "in-progress"], ["Old issue", "resolved"]]);
    expect(body.incidents[1]?.endTime).not.toBeNull();
  });

  it("after failed fetches: stale-data alerts stay with operators; a live source failing repeatedly is a public incident in plain words", async () => {
    const { orm: db, t } = getDb();
    // The price engine's default rules (price-engine/defaults.ts) and what they open after one failed
    // fetch of a fresh install: a stale-data incident per provider whose bundled quotes are years old.
    const [failing, stale] = await db.insert(t.alertRules).values([
      { name: "Provider fetch failing", condition: "consecutive_failures", threshold: 2, severity: "high" },
      { name: "Stale price data", condition: "data_age_hours", threshold: 72, severity: "medium" },
    ]).returning();
    const providers = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.isActive, true));
    const porkbun = providers.find((p) => p.slug === "porkbun")!;
    await db.insert(t.incidents).values(providers.map((p) => ({
      title: `Stale price data: ${p.name}`, severity: "medium", status: "open", source: p.domain, alertRuleId: stale!.id,
      description: `${p.name}'s prices were last confirmed 70434 hours ago, on 2018-11-13 (threshold 72 hours).`,
    })));
    const fail = (minutesAgo: number) => {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      return db.insert(t.priceLogs).values({
        serviceProviderId: porkbun.id, requestType: "pricing", status: "error", errorMessage: "HTTP 503 from api.porkbun.com", startedAt: at, completedAt: at,
      });
    };
    await fail(10);
    const idleQueue = fakeQueue(async () => ({ queued: 0, active: 0 }));
    const afterOne = await getJson<Status>(app({ queue: idleQueue }), "/api/status");
    expect(afterOne.body.incidents).toEqual([]);
    expect(afterOne.body.metrics?.incidents).toBe(0);
    expect(afterOne.body.components.find((c) => c.name === "Porkbun")).toMatchObject({
      status: "degraded", description: "Price updates are failing; showing the prices bundled with the site",
    });
    expect(afterOne.body.components.find((c) => c.name === "Dynadot")?.status).toBe("not-fetched");
    expect(afterOne.body.status).toBe("degraded");

    // The second failure in a row: the failing-source rule opens its incident, worded as alerts.ts words it.
    await fail(5);
    await db.insert(t.incidents).values({
      title: "Provider fetch failing: Porkbun", severity: "high", status: "open", source: porkbun.domain, alertRuleId: failing!.id,
      description: "Porkbun failed its last 2 fetches. Last error: HTTP 503 from api.porkbun.com",
    });
    const afterTwo = await getJson<Status>(app({ queue: idleQueue }), "/api/status");
    expect(afterTwo.body.incidents).toHaveLength(1);
    expect(afterTwo.body.incidents[0]).toMatchObject({
      title: "Porkbun prices are not updating", status: "in-progress",
      description: "Fetching Porkbun's prices has failed several times in a row. Its prices here are from its last successful update and may be out of date.",
    });
    expect(JSON.stringify(afterTwo.body)).not.toMatch(/HTTP 503|70434|threshold/);
    expect(afterTwo.body.metrics?.incidents).toBe(1);
  });

  it("a default install after one offline fetch of every provider: not configured is not failing, and the figures are the admin log's", async () => {
    // The price sources a default install runs with: the live adapters with no key set, and the bundled lists.
    const defaults: PriceSources = { live: createPriceSources(loadConfig({})), bundled: bundledPriceSource };
    const { orm: db, t } = getDb();
    const providers = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.isActive, true));
    const now = Date.now();
    // What "Fetch All" logs offline: a keyless live source fails to connect; a live source without its
    // key, or a provider with no source, fails with no source chosen; a bundled list is applied.
    const runs = providers.map((p, i) => {
      const liveSource = defaults.live.get(p.slug);
      const at = new Date(now - 60_000 + i);
      const base = { serviceProviderId: p.id, requestType: "all", startedAt: at, completedAt: at, responseTimeMs: 20 };
      if (liveSource && !liveSource.missingConfiguration()) return { ...base, status: "error", source: "live" as const, errorMessage: "Could not connect" };
      if (!liveSource && defaults.bundled(p.slug)) return { ...base, status: "success", source: "bundled" as const, resultCount: 10 };
      return { ...base, status: "error", source: null, errorMessage: `No price source is available for ${p.name}` };
    });
    await db.insert(t.priceLogs).values(runs);
    const failedLive = runs.filter((r) => r.source === "live").length;
    const notConfigured = runs.filter((r) => r.source === null).length;
    const bundled = runs.filter((r) => r.source === "bundled").length;
    expect(failedLive * notConfigured * bundled, "the default install has each kind of provider").toBeGreaterThan(0);

    const status = (await getJson<Status>(createTestApp(getDb(), { priceSources: defaults, queue: fakeQueue(async () => ({ queued: 0, active: 0 })) }), "/api/status")).body;
    const sources = status.components.filter((c) => c.group === "price-source");
    for (const provider of providers) {
      const component = sources.find((c) => c.name === provider.name)!;
      const run = runs.find((r) => r.serviceProviderId === provider.id)!;
      if (run.source === "live") {
        expect(component, provider.name).toMatchObject({ status: "degraded", description: "Price updates are failing; showing the prices bundled with the site" });
      } else {
        expect(component.status, provider.name).toBe("not-configured");
        expect(component.description, provider.name).not.toMatch(/fail/i);
      }
    }
    expect(sources.find((c) => c.name === "Dynadot")).toMatchObject({ status: "not-configured", description: expect.stringMatching(/^Live prices need an API key this site has not set up/) });
    // The platform is fine: only the price sources that really failed count against the overall state.
    expect(status.components.filter((c) => c.group === "platform").every((c) => c.status === "operational")).toBe(true);
    expect(status.status).toBe("degraded");

    // The figures are the admin log's: every run, and its successes.
    const admin = authed(createTestApp(getDb(), { env: AUTH_TEST_ENV }), (await registerAdmin(createTestApp(getDb(), { env: AUTH_TEST_ENV }), getDb())).cookie);
    const logTotal = (await admin<{ total: number }>("/api/admin/price-logs")).body.total;
    const logSuccesses = (await admin<{ total: number }>("/api/admin/price-logs?status=success")).body.total;
    expect(status.metrics).toMatchObject({
      fetches: logTotal, successfulFetches: logSuccesses, bundledSuccesses: bundled, liveSuccesses: 0, notConfigured,
    });
    expect(logTotal).toBe(providers.length);
  });

  it("has a tRPC twin with the same answer shape", async () => {
    const { body } = await getJson<{ result: { data: Status } }>(app(), "/trpc/status.get");
    expect(body.result.data.components.map((c) => c.id).slice(0, 3)).toEqual(["web", "database", "job-queue"]);
  });
});
