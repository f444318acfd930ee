import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, listSchedules, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { blockingPriceSource, testPriceSource, usd } from "../../testing/test-price-source.ts";
import { ensurePriceEngineDefaults } from "./defaults.ts";
import { registerPriceEngineJobs } from "./jobs.ts";
import type { PriceSources } from "./sources.ts";

const ADMIN = "engine-admin@example.com";
const hoverList = { observedAt: new Date(), quotes: [usd("com", 1299), usd("net", 1499)], skipped: [] };

forEachDialect("price engine admin API", (getDb, _dialect, getTestDb) => {
  // Porkbun's live source holds its answer until released; each test gets a new one (beforeEach).
  const blockingPorkbun = () => blockingPriceSource("porkbun", { observedAt: new Date(), quotes: [usd("com", 999)], skipped: [] });
  let blocking = blockingPorkbun();
  const live = new Map([["porkbun", blocking.source], ["namecheap", testPriceSource("namecheap", async () => hoverList, "NAMECHEAP_API_KEY is not set")]]);
  const sources: PriceSources = {
    live,
    bundled: (key) => (key === "hover" || key === "dynadot" ? testPriceSource(key, async () => hoverList) : null),
  };
  let queue: JobQueue;
  let pricesChanged = 0;
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PRICE_CACHE_SECONDS: "0" }, queue, priceSources: sources, onPricesChanged: () => pricesChanged++ });
  let admin: ReturnType<typeof authed>;
  let plain: ReturnType<typeof authed>;

  beforeAll(async () => {
    await ensurePriceEngineDefaults(getDb());
    // The real queue of the dialect (in-process on SQLite, pg-boss on PostgreSQL), running the handlers here.
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test" });
    await registerPriceEngineJobs(queue, { db: getDb(), config, log: createLogger("silent"), sources, onPricesChanged: () => pricesChanged++ });
    admin = authed(app(), (await registerAdmin(app(), getDb(), { email: ADMIN })).cookie);
    plain = authed(app(), (await registerUser(app())).cookie);
  });
  afterAll(async () => {
    await queue.stop();
  });

  /** Until nothing is queued or running (jobs sent by running jobs included). */
  const idle = () => waitFor(() => queue.counts(), (c) => c.queued === 0 && c.active === 0);

  // Each test starts with no fetch logged and a Porkbun source that has not answered yet.
  beforeEach(async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.priceLogs);
    blocking = blockingPorkbun();
    live.set("porkbun", blocking.source);
  });
  afterEach(async () => {
    blocking.release();
    await idle();
  });
  /** A manual fetch of Hover, which applies its bundled list (Hover has no live source here). */
  const fetchHover = async () => {
    expect((await admin("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "hover.com" } })).status).toBe(200);
    await idle();
  };

  const CALLS: [string, string, unknown?][] = [
    ["GET", "/api/admin/overview"], ["GET", "/api/admin/price-logs"], ["GET", "/api/admin/fetch/status"],
    ["POST", "/api/admin/fetch/manual", { type: "provider", provider: "hover.com" }], ["GET", "/api/admin/alert-rules"],
    ["GET", "/api/admin/incidents"], ["GET", "/api/admin/schedules"], ["GET", "/api/admin/service-providers"],
  ];

  it("answers 401 signed out, 403 to a non-admin and 200 to an admin on every admin call (REST and tRPC)", async () => {
    for (const [method, path, body] of CALLS) {
      const init = { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined };
      expect((await app().request(`${TEST_ORIGIN}${path}`, init)).status, `${method} ${path}`).toBe(401);
      expect((await plain(path, { method, body })).status, `${method} ${path}`).toBe(403);
      expect((await admin(path, { method, body })).status, `${method} ${path}`).toBe(200);
      await idle();
    }
    for (const mutation of ["PUT /api/admin/schedules/1", "DELETE /api/admin/schedules/1", "PUT /api/admin/alert-rules/1", "PATCH /api/admin/incidents/1", "POST /api/admin/fetch/cancel", "PUT /api/admin/service-providers/1"]) {
      const [method, path] = mutation.split(" ") as [string, string];
      expect((await plain(path, { method, body: {} })).status, mutation).toBe(403);
    }
    expect((await plain("/trpc/priceEngine.overview")).status).toBe(403);
    expect((await admin<{ result: { data: { totalTlds: number } } }>("/trpc/priceEngine.overview")).body.result.data.totalTlds).toBeGreaterThan(1000);
  });

  it("overview and price logs: counts, filters and paging", async () => {
    await fetchHover();
    const overview = await admin<{ totalTlds: number; totalProviders: number; totalPrices: number; totalUsers: number; recentLogs: { provider: string; status: string }[] }>("/api/admin/overview");
    // Delegated root-zone TLDs only, the figure the public pages show: neither the second-level
    // suffixes (co.uk) the seed also adds nor the root zone's unassigned names are TLDs here.
    expect(overview.body).toMatchObject({ totalTlds: 1437, totalProviders: expect.any(Number), totalUsers: 2 });
    expect(overview.body.totalTlds).toBe((await getJson<{ tlds: number }>(app(), "/api/stats")).body.tlds);
    expect(overview.body.totalPrices).toBeGreaterThan(1000);
    expect(overview.body.recentLogs[0]).toMatchObject({ provider: "Hover", status: "success" });
    const logs = await admin<{ logs: { provider: string; resultCount: number; responseTime: number }[]; total: number; totalPages: number; limit: number }>(
      "/api/admin/price-logs?provider=hover.com&status=success&search=hov");
    expect(logs.body).toMatchObject({ total: 1, totalPages: 1, limit: 20, logs: [{ provider: "Hover", resultCount: 2 }] });
    expect((await admin("/api/admin/price-logs?status=error&provider=hover.com")).body).toMatchObject({ total: 0, logs: [] });
    const bad = await admin<{ message: string; issues: { field: string }[] }>("/api/admin/price-logs?status=broken&limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i) => i.field).sort()).toEqual(["limit", "status"]);
  });

  it("data-last-updated names no fetch while only a bundled list was applied", async () => {
    await fetchHover();
    const { orm: db, t } = getDb();
    const [log] = await db.select().from(t.priceLogs).where(eq(t.priceLogs.status, "success"));
    expect(log).toMatchObject({ requestType: "provider", source: "bundled" }); // Hover has no live source here
    const status = await getJson(app(), "/api/data-last-updated");
    expect(status.body).toMatchObject({ lastLiveFetch: null, provider: null, isDataUpdate: false });
  });

  it("refuses a second fetch of a provider while one runs, shows it as active, and cancels it", async () => {
    expect((await admin("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "porkbun.com" } })).body)
      .toEqual({ message: "Fetch of Porkbun started" });
    await blocking.running;
    const second = await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "porkbun.com" } });
    expect(second).toMatchObject({ status: 409, body: { message: "A fetch of Porkbun is already in progress" } });
    const status = await admin<{ isActive: boolean; activeJobs: { provider: string; type: string }[] }>("/api/admin/fetch/status");
    expect(status.body).toMatchObject({ isActive: true, activeJobs: [{ provider: "Porkbun", type: "provider" }] });

    const cancelled = await admin("/api/admin/fetch/cancel", { method: "POST", body: { provider: "porkbun.com" } });
    expect(cancelled).toMatchObject({ status: 200, body: { message: "Fetch of Porkbun cancelled" } });
    // A cancelled job leaves the queue at once; its handler sees the abort and then logs the fetch.
    const logs = await waitFor(
      () => admin<{ logs: { status: string; errorMessage: string }[] }>("/api/admin/price-logs?provider=porkbun.com"),
      (r) => r.body.logs[0]?.status === "error",
    );
    expect(logs.body.logs[0]).toMatchObject({ status: "error", errorMessage: "Cancelled by an administrator" });
    const com = await getJson<{ serviceProvider: { name: string }; registrationPrice: string }[]>(app(), "/api/domain-prices/tld/com");
    expect(com.body.find((q) => q.serviceProvider.name === "Porkbun")?.registrationPrice).not.toBe("9.99");
    expect((await admin<{ message: string }>("/api/admin/fetch/cancel", { method: "POST", body: { provider: "porkbun.com" } })))
      .toMatchObject({ status: 409, body: { message: "No fetch of Porkbun is in progress" } });
    expect((await admin<{ isActive: boolean }>("/api/admin/fetch/status")).body.isActive).toBe(false);
  });

  it("manual fetch: unconfigured adapters, unknown and inactive providers get clear errors; all and pricing enqueue per provider", async () => {
    const unconfigured = await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "namecheap.com" } });
    expect(unconfigured).toMatchObject({ status: 400, body: { message: "Namecheap is not configured: NAMECHEAP_API_KEY is not set" } });
    // Not configured is no failed run: nothing is logged for it.
    const logs = await admin<{ total: number }>("/api/admin/price-logs?provider=namecheap.com");
    expect(logs.body.total).toBe(0);
    expect((await admin("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "nowhere.example" } })).status).toBe(404);
    expect((await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: "domains.google" } })).body.message)
      .toBe("Google Domains is inactive; activate it before fetching its prices");
    expect((await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "provider" } })).body.message)
      .toMatch(/^Invalid provider: provider is required/);

    // Porkbun's live source answers at once in this run, with a price of its own.
    live.set("porkbun", testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: [usd("com", 1099)], skipped: [] })));
    const all = await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "all" } });
    expect(all.status).toBe(200);
    expect(all.body.message).toMatch(/^Fetch started for 3 providers \(not fetched, not configured: .*Namecheap is not configured: NAMECHEAP_API_KEY is not set/);
    await idle();
    expect((await admin<{ total: number }>("/api/admin/price-logs?provider=namecheap.com")).body.total).toBe(0);
    expect((await admin<{ total: number }>("/api/admin/price-logs?status=error")).body.total).toBe(0);
    // Porkbun's live source answered in that run: it is what "Data last updated" names.
    const { orm: db, t } = getDb();
    const [porkbunRun] = await db.select().from(t.priceLogs)
      .where(and(eq(t.priceLogs.requestType, "all"), eq(t.priceLogs.status, "success"), eq(t.priceLogs.source, "live")));
    const afterLive = await getJson(app(), "/api/data-last-updated");
    expect(afterLive.body).toMatchObject({ lastLiveFetch: porkbunRun!.completedAt!.toISOString(), lastUpdated: porkbunRun!.completedAt!.toISOString(), isDataUpdate: true, provider: "Porkbun" });

    const pricing = await admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "pricing" } });
    // Hover's and Dynadot's bundled lists here quote com and net.
    expect(pricing.body.message).toBe("Re-applying the bundled price lists of 2 providers: 2 names, no live fetch");
    await idle();
    const done = await admin<{ logs: { requestType: string; status: string }[] }>("/api/admin/price-logs?provider=dynadot.com");
    expect(done.body.logs.map((l) => `${l.requestType}:${l.status}`)).toEqual(["pricing:success", "all:success"]);
    expect(pricesChanged).toBeGreaterThan(0);
    // Re-applying bundled lists is not an update: the line still names Porkbun's live fetch.
    expect((await getJson(app(), "/api/data-last-updated")).body).toEqual(afterLive.body);
  });

  it("schedules: cron validated, nextRun computed, the queue follows create, update and delete, and a tick fetches", async () => {
    const list = await admin<{ id: number; name: string; providerId: number | null; schedule: string; nextRun: string }[]>("/api/admin/schedules");
    expect(list.body[0]).toMatchObject({ name: "Daily price refresh", providerId: null, schedule: "0 3 * * *" });
    const onQueue = async (id: number) => (await listSchedules(getTestDb())).find((e) => e.name === "prices.schedule" && e.key === `schedule-${id}`);
    expect(await onQueue(list.body[0]!.id)).toMatchObject({ cron: "0 3 * * *", data: { scheduleId: list.body[0]!.id } });

    const create = (body: unknown) => admin<{ message: string; issues?: { field: string; message: string }[] }>("/api/admin/schedules", { method: "POST", body });
    expect((await create({ name: "Bad", schedule: "61 * * * *" })).body).toMatchObject({ message: "Invalid cron expression: Invalid value for minute: 61" });
    expect((await create({ name: "Seconds", schedule: "0 0 3 * * *" })).body.message).toBe("Invalid schedule: Cron expression must have five fields: minute, hour, day of month, month, day of week");
    expect((await create({ name: "Never", schedule: "0 0 31 2 *" })).body.message).toBe("Invalid cron expression: it never matches a date");
    const missing = await create({ schedule: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.issues!.map((i) => i.field).sort()).toEqual(["name", "schedule"]);

    const hover = (await admin<{ id: number; domain: string }[]>("/api/admin/service-providers")).body.find((p) => p.domain === "hover.com")!;
    const made = await admin<{ id: number; nextRun: string; isActive: boolean; providerName: string }>("/api/admin/schedules", {
      method: "POST", body: { name: "Hover hourly", schedule: "0 * * * *", providerId: hover.id, isActive: true },
    });
    expect(made.status).toBe(201);
    const next = new Date(made.body.nextRun);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(made.body.providerName).toBe("Hover");
    const entry = await onQueue(made.body.id);
    expect(entry).toMatchObject({ cron: "0 * * * *", data: { scheduleId: made.body.id } });

    // A tick sends the schedule's data to its queue: send the same job rather than wait for the hour.
    expect(await queue.send("prices.schedule", entry!.data)).toEqual(expect.any(String));
    const ran = await waitFor(
      async () => (await admin<{ id: number; lastRun: string | null }[]>("/api/admin/schedules")).body.find((s) => s.id === made.body.id)!,
      (s) => s.lastRun !== null,
    );
    expect(ran.lastRun).not.toBeNull();
    await idle();
    const logs = await admin<{ logs: { requestType: string }[] }>("/api/admin/price-logs?provider=hover.com");
    expect(logs.body.logs[0]!.requestType).toBe("scheduled");

    const off = await admin<{ isActive: boolean; nextRun: string | null }>(`/api/admin/schedules/${made.body.id}`, {
      method: "PUT", body: { name: "Hover hourly", schedule: "30 2 * * 1", providerId: hover.id, isActive: false },
    });
    expect(off.body).toMatchObject({ isActive: false, nextRun: null });
    expect(await onQueue(made.body.id)).toBeUndefined();
    expect((await admin(`/api/admin/schedules/${made.body.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin(`/api/admin/schedules/${made.body.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await admin("/api/admin/schedules", { method: "POST", body: { name: "x", schedule: "0 * * * *", providerId: 99999 } })).status).toBe(400);
  });

  it("alert rules can be created and edited; incidents move open → investigating → resolved → closed only", async () => {
    // An incident a rule opened for a live source that stopped.
    const { orm: db, t } = getDb();
    const [stale] = await db.select().from(t.alertRules).where(eq(t.alertRules.condition, "data_age_hours"));
    await db.insert(t.incidents).values({
      title: "Stale price data: Porkbun", description: "Porkbun's prices were last confirmed 80 hours ago", severity: "medium", status: "open", source: "porkbun.com", alertRuleId: stale!.id,
    });
    const rule = await admin<{ id: number; threshold: number }>("/api/admin/alert-rules", {
      method: "POST", body: { name: "Three failures", condition: "consecutive_failures", threshold: 3, severity: "critical" },
    });
    expect(rule).toMatchObject({ status: 201, body: { threshold: 3 } });
    const bad = await admin<{ issues: { field: string }[] }>("/api/admin/alert-rules", { method: "POST", body: { name: "", condition: "sometimes", threshold: 0, severity: "huge" } });
    expect(bad.body.issues.map((i) => i.field).sort()).toEqual(["condition", "name", "severity", "threshold"]);
    const off = await admin<{ isActive: boolean }>(`/api/admin/alert-rules/${rule.body.id}`, {
      method: "PUT", body: { name: "Three failures", condition: "consecutive_failures", threshold: 3, severity: "critical", isActive: false },
    });
    expect(off.body.isActive).toBe(false);

    const incidents = await admin<{ incidents: { id: number; status: string; source: string }[]; total: number; totalPages: number; page: number }>(
      "/api/admin/incidents?status=open&search=stale");
    expect(incidents.body.total).toBeGreaterThan(0);
    const id = incidents.body.incidents[0]!.id;
    const move = (status: string) => admin<{ message: string; status: string; resolvedAt: string | null }>(`/api/admin/incidents/${id}`, { method: "PATCH", body: { status } });
    expect((await move("closed"))).toMatchObject({ status: 400, body: { message: "An incident that is open cannot become closed (it can become investigating or resolved)" } });
    expect((await move("investigating")).body.status).toBe("investigating");
    const resolved = await admin<{ status: string; resolvedAt: string }>(`/api/admin/incidents/${id}`, { method: "PUT", body: { status: "resolved" } });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    expect((await move("closed")).body.status).toBe("closed");
    expect((await move("open")).body.message).toBe("An incident that is closed cannot become open; closed incidents stay closed");
    expect((await admin("/api/admin/incidents/999999", { method: "PATCH", body: { status: "closed" } })).status).toBe(404);
  });

  it("service provider edits: http(s) URLs only, and switching one off rebuilds the price summaries", async () => {
    const hover = (await admin<{ id: number; name: string; domain: string; website: string; logoUrl: string | null }[]>("/api/admin/service-providers")).body.find((p) => p.domain === "hover.com")!;
    const edit = (body: Record<string, unknown>) => admin<{ message: string; issues?: { field: string }[]; isActive?: boolean }>(
      `/api/admin/service-providers/${hover.id}`, { method: "PUT", body: { name: hover.name, domain: hover.domain, website: hover.website, logoUrl: null, isActive: true, ...body } });
    const bad = await edit({ website: "javascript:alert(1)", logoUrl: "ftp://x" });
    expect(bad.status).toBe(400);
    expect(bad.body.issues!.map((i) => i.field).sort()).toEqual(["logoUrl", "website"]);
    expect(bad.body.message).toMatch(/^Invalid (website|logoUrl): /);
    expect((await edit({ domain: "porkbun.com" })).status).toBe(409);

    const providerCount = async () => {
      const row = await getJson<{ data: { name: string; providerCount: number }[] }>(app(), "/api/domain-prices?search=net&limit=100");
      return row.body.data.find((r) => r.name === "net")!.providerCount;
    };
    const before = await providerCount();
    const changedBefore = pricesChanged;
    expect((await edit({ isActive: false })).body.isActive).toBe(false);
    expect(pricesChanged).toBe(changedBefore + 1);
    expect(await providerCount()).toBe(before - 1);
    await edit({ isActive: true });
    expect(await providerCount()).toBe(before);
  });
});
