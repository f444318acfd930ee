/**
 * The sample Grafana dashboard (docs/grafana/tldscope.json) queries only series the server
 * exports: every metric name in its expressions is in the metrics text after known traffic
 * (a histogram's _bucket, _sum and _count included), so renaming a metric breaks this test
 * instead of a panel in production.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { METRICS_PREFIX } from "./lib/metrics.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

const TOKEN = "metrics-token-0123456789";

interface Panel { title: string; targets?: { expr: string }[] }
const dashboard = JSON.parse(readFileSync(new URL("../../docs/grafana/tldscope.json", import.meta.url), "utf8")) as {
  panels: Panel[];
  templating: { list: { query?: string | { query: string } }[] };
};

/** Every tldscope_ metric name an expression reads. */
const metricNames = (expr: string) => [...expr.matchAll(new RegExp(`\\b${METRICS_PREFIX}[a-z0-9_]+`, "g"))].map((m) => m[0]);

/** The series names the text exposes: each # TYPE, and for histograms its three sample names. */
function exported(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
  }
  return names;
}

forEachDialect("the sample Grafana dashboard", (getDb) => {
  it("reads only metric names the server exports, and reads each kind the operations section lists", async () => {
    const app = createTestApp(getDb(), { env: { METRICS_TOKEN: TOKEN } });
    // Known traffic: an API route, a page, a 404.
    for (const path of ["/api/health", "/api/stats", "/tlds", "/api/tlds/999999"]) await app.request(`${TEST_ORIGIN}${path}`);
    const res = await app.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const names = exported(await res.text());
    expect(names.has("tldscope_http_requests_total")).toBe(true);

    const exprs = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
      ...dashboard.templating.list.flatMap((v) => (v.query && typeof v.query === "object" ? [{ where: "templating", expr: v.query.query }] : [])),
    ];
    expect(exprs.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const { where, expr } of exprs) {
      const read = metricNames(expr);
      expect(read.length, `${where}: ${expr} reads no tldscope_ metric`).toBeGreaterThan(0);
      for (const name of read) {
        expect(names.has(name), `${where}: ${name} is not exported`).toBe(true);
        used.add(name.replace(/_(bucket|sum|count)$/, ""));
      }
    }
    // Every product metric the README's operations section names has a panel.
    for (const name of [
      "http_requests_total", "http_request_duration_seconds", "page_renders_total", "page_render_duration_seconds", "page_renders_in_flight",
      "page_render_queue_length", "render_thread_restarts_total", "page_cache_requests_total", "page_cache_bytes", "page_cache_entries",
      "job_queue_jobs", "jobs_finished_total", "job_duration_seconds", "price_runs_total", "registry_lookups_total",
      "notification_deliveries_total", "db_pool_connections",
    ]) expect(used.has(`${METRICS_PREFIX}${name}`), `no panel reads ${METRICS_PREFIX}${name}`).toBe(true);
  });
});
