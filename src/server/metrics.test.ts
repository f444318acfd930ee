import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { InProcessQueue } from "../../jobs/in-process-queue.ts";
import { createTestQueue } from "../../jobs/testing/queue-test-kit.ts";
import { freePort } from "../../scripts/lib/server-process.ts";
import { runPriceFetch } from "./features/price-engine/fetch-run.ts";
import { PriceSourceError } from "./integrations/prices/source.ts";
import { createLogger } from "./lib/logger.ts";
import { jobMetrics, setMetricSources } from "./lib/metrics.ts";
import { serveMetrics } from "./lib/metrics-route.ts";
import { Readiness } from "./lib/readiness.ts";
import { WARM_UP_ENV } from "./app.ts";
import { configurePageRenderer } from "./render/server-render.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";
import { testPriceSource, usd } from "./testing/test-price-source.ts";

const TOKEN = "metrics-token-0123456789";
const auth = { headers: { authorization: `Bearer ${TOKEN}` } };

/** One sample's value from Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
    const have = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

forEachDialect("metrics", (getDb, _dialect, getTestDb) => {
  const metricsOf = async (app: ReturnType<typeof createTestApp>) => {
    const res = await app.request(`${TEST_ORIGIN}/metrics`, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("are served nowhere without METRICS_TOKEN, and only with the token when it is set", async () => {
    const closed = createTestApp(getDb());
    expect((await closed.request(`${TEST_ORIGIN}/metrics`)).status).toBe(404);
    const app = createTestApp(getDb(), { env: { METRICS_TOKEN: TOKEN } });
    const anonymous = await app.request(`${TEST_ORIGIN}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toMatch(/Authorization: Bearer/);
    expect((await app.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all!!" } })).status).toBe(401);
    expect((await app.request(`${TEST_ORIGIN}/metrics`, auth)).status).toBe(200);
  });

  it("count requests by route pattern and status, with their latency", async () => {
    const app = createTestApp(getDb(), { env: { METRICS_TOKEN: TOKEN } });
    const before = await metricsOf(app);
    const health = { method: "GET", route: "/api/health", status: "200" };
    const tld = { method: "GET", route: "/api/tlds/:tldId", status: "404" };
    for (let i = 0; i < 3; i++) expect((await app.request(`${TEST_ORIGIN}/api/health`)).status).toBe(200);
    for (const id of [999_001, 999_002]) expect((await app.request(`${TEST_ORIGIN}/api/tlds/${id}`)).status).toBe(404);
    const after = await metricsOf(app);
    const delta = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta("tldscope_http_requests_total", health)).toBe(3);
    // Two different ids, one series: the pattern, not the path.
    expect(delta("tldscope_http_requests_total", tld)).toBe(2);
    expect(after).not.toContain("/api/tlds/999001");
    expect(delta("tldscope_http_request_duration_seconds_count", health)).toBe(3);
    expect(delta("tldscope_http_request_duration_seconds_bucket", { ...health, le: "+Inf" })).toBe(3);
    expect(sample(after, "tldscope_process_cpu_seconds_total")).toBeGreaterThan(0);
  });

  it("show each queue's waiting jobs, the attempts this process ran, and price runs by provider and outcome", async () => {
    const queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    try {
      await queue.createQueue("metrics-probe");
      await queue.send("metrics-probe", { n: 1 });
      await queue.send("metrics-probe", { n: 2 });
      setMetricSources({ jobQueues: () => queue.queueStats() });
      const app = createTestApp(getDb(), { queue, env: { METRICS_TOKEN: TOKEN } });
      const text = await metricsOf(app);
      expect(sample(text, "tldscope_job_queue_jobs", { queue: "metrics-probe", state: "waiting" })).toBe(2);
      expect(sample(text, "tldscope_job_queue_jobs", { queue: "metrics-probe", state: "active" })).toBe(0);

      const run = (answer: () => Promise<{ observedAt: Date; quotes: ReturnType<typeof usd>[]; skipped: [] }>) => runPriceFetch({
        db: getDb(), log: createLogger("silent"), sources: { live: new Map([["porkbun", testPriceSource("porkbun", answer)]]), bundled: () => null },
        onPricesChanged: () => undefined, fetchTimeoutMs: 5000, staleDays: 90,
      }, { providerKey: "porkbun", requestType: "provider", source: "auto" }, new AbortController().signal);
      const count = (t: string, outcome: string) => sample(t, "tldscope_price_runs_total", { provider: "porkbun", outcome }) ?? 0;
      const ok = await run(async () => ({ observedAt: new Date(), quotes: [usd("com", 999)], skipped: [] }));
      const broken = await run(async () => { throw new PriceSourceError("http", "HTTP 500", 500); });
      expect(ok?.status).toBe("success");
      expect(broken?.status).not.toBe("success");
      const later = await metricsOf(app);
      expect(count(later, "success")).toBe(count(text, "success") + 1);
      expect(count(later, broken!.status)).toBe(count(text, broken!.status) + 1);
    } finally {
      setMetricSources({ jobQueues: async () => [] });
      await queue.stop(1000);
    }
  });
});

describe("job attempts", () => {
  it("are counted by queue and outcome with their duration", async () => {
    const { createTestDb } = await import("../../db/testing/test-db.ts");
    const testDb = await createTestDb("sqlite");
    const queue = new InProcessQueue({ db: testDb.db, log: createLogger("silent"), pollIntervalMs: 20, observer: jobMetrics });
    try {
      await queue.start({ work: true });
      await queue.createQueue("metrics-attempts");
      let runs = 0;
      await queue.work("metrics-attempts", async (job) => {
        runs++;
        if ((job.data as { fail: boolean }).fail) throw new Error("planned failure");
      });
      await queue.send("metrics-attempts", { fail: false });
      await queue.send("metrics-attempts", { fail: true }, { retryLimit: 0 });
      for (const deadline = Date.now() + 5000; runs < 2 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      const app = createTestApp(testDb.db, { queue, env: { METRICS_TOKEN: TOKEN } });
      const text = await (await app.request(`${TEST_ORIGIN}/metrics`, auth)).text();
      expect(sample(text, "tldscope_jobs_finished_total", { queue: "metrics-attempts", outcome: "completed" })).toBe(1);
      expect(sample(text, "tldscope_jobs_finished_total", { queue: "metrics-attempts", outcome: "failed" })).toBe(1);
      expect(sample(text, "tldscope_job_duration_seconds_count", { queue: "metrics-attempts" })).toBe(2);
    } finally {
      await queue.stop(1000);
      await testDb.drop();
    }
  });
});

describe("the metrics port", () => {
  it("answers /metrics and nothing else, with the token when one is set", async () => {
    const port = await freePort();
    const server = await serveMetrics({ port, hostname: "127.0.0.1", token: TOKEN });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const res = await fetch(`${base}/metrics`, auth);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("# TYPE tldscope_http_requests_total counter");
      expect((await fetch(`${base}/api/health`, auth)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

/** A built client's index.html with a manifest naming the routes of a few pages. */
function clientDirWithRoutes(): string {
  const dir = mkdtempSync(join(tmpdir(), "metrics-client-"));
  writeFileSync(join(dir, "index.html"), readFileSync(resolve(import.meta.dirname, "../../index.html"), "utf8"));
  mkdirSync(join(dir, ".vite"));
  const manifest = Object.fromEntries(["index", "tlds", "tld.$tldId", "registrar.$providerId", "admin.$", "admin.users"].map((name) => [
    `src/client/routes/${name}.tsx?tsr-split=component`, { file: `assets/${name}.js`, src: `src/client/routes/${name}.tsx?tsr-split=component` },
  ]));
  writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dir;
}

describe("pages in the HTTP metrics", () => {
  afterAll(() => configurePageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 5000 }));

  it("are counted by their route pattern, a path no route has as /*, and the warm-up's renders apart", async () => {
    const { createTestDb } = await import("../../db/testing/test-db.ts");
    const testDb = await createTestDb("sqlite");
    try {
      await configurePageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 30_000, entryUrl: new URL("./testing/render-fixture-entry.ts", import.meta.url) });
      const app = createTestApp(testDb.db, { clientDir: clientDirWithRoutes(), env: { METRICS_TOKEN: TOKEN } });
      const metrics = async () => (await app.request(`${TEST_ORIGIN}/metrics`, auth)).text();
      const before = await metrics();
      for (const path of ["/tld/com", "/tld/net", "/tlds", "/", "/admin/users", "/admin/anything/else", "/no/such/page"]) {
        expect((await app.request(`${TEST_ORIGIN}${path}`)).status).toBe(200);
      }
      const warm = await app.request(`${TEST_ORIGIN}/tld/org`, undefined, WARM_UP_ENV);
      expect(warm.headers.get("x-warm-up")).toBe("page");
      const after = await metrics();
      const delta = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      const requests = (route: string) => delta("tldscope_http_requests_total", { method: "GET", route, status: "200" });
      expect(requests("/tld/:tldId")).toBe(2);
      expect(requests("/tlds")).toBe(1);
      expect(requests("/")).toBe(1);
      expect(requests("/admin/users")).toBe(1);
      expect(requests("/admin/*")).toBe(1);
      expect(requests("/*")).toBe(1);
      expect(after).not.toContain('route="/tld/com"');
      expect(delta("tldscope_http_request_duration_seconds_count", { method: "GET", route: "/tld/:tldId", status: "200" })).toBe(2);
      expect(delta("tldscope_warm_up_renders_total", { outcome: "page" })).toBe(1);
    } finally {
      await testDb.drop();
    }
  }, 60_000);
});

describe("the exposition", () => {
  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  it.skipIf(!promtool)("passes promtool check metrics (Debian's prometheus package)", async () => {
    const { createTestDb } = await import("../../db/testing/test-db.ts");
    const testDb = await createTestDb("sqlite");
    try {
      const app = createTestApp(testDb.db, { env: { METRICS_TOKEN: TOKEN } });
      await app.request(`${TEST_ORIGIN}/api/health`);
      const text = await (await app.request(`${TEST_ORIGIN}/metrics`, auth)).text();
      expect(text).toContain("tldscope_nodejs_active_handles");
      const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.status).toBe(0);
    } finally {
      await testDb.drop();
    }
  });
});

describe("GET /api/ready", () => {
  it("answers 503 until every check is ready or off, and again once shutdown starts", async () => {
    const { createTestDb } = await import("../../db/testing/test-db.ts");
    const testDb = await createTestDb("sqlite");
    try {
      const readiness = new Readiness();
      const app = createTestApp(testDb.db, { readiness });
      const ask = async () => {
        const res = await app.request(`${TEST_ORIGIN}/api/ready`);
        expect(res.headers.get("cache-control")).toBe("no-store");
        return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { state: string }> } };
      };
      expect(await ask()).toMatchObject({ status: 503, body: { status: "starting", checks: { database: { state: "pending" } } } });
      readiness.mark("database", "ready");
      readiness.mark("queue", "ready");
      expect((await ask()).status).toBe(503);
      // Liveness answers all along.
      expect((await app.request(`${TEST_ORIGIN}/api/health`)).status).toBe(200);
      readiness.mark("renderers", "off");
      expect(await ask()).toMatchObject({ status: 200, body: { status: "ready" } });
      readiness.stop();
      expect(await ask()).toMatchObject({ status: 503, body: { status: "stopping" } });
    } finally {
      await testDb.drop();
    }
  });
});
