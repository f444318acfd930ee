/**
 * The process's metrics in the Prometheus text format (prom-client; httpMetrics below times the
 * HTTP requests). One registry per process: counters and histograms are kept here and bumped
 * where things happen (the render pool, the page cache, price runs, registry lookups,
 * notification deliveries, the job queue's observer); gauges that describe shared state (jobs
 * waiting in the queue, database connections) are read when scraped, from the sources main.ts
 * registers. Served by lib/metrics-route.ts, never publicly by default (METRICS_PORT,
 * METRICS_TOKEN).
 */
import type { Context, MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { QueueObserver, QueueStat } from "../../../jobs/queue.ts";

export const METRICS_PREFIX = "tldscope_";

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
// prom-client's gauges of active handles, requests and resources come twice: by type, and summed
// under a name ending in _total, which the text format keeps for counters (promtool refuses it).
// The sums are dropped; each by-type gauge adds up to its sum.
for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
  registry.removeSingleMetric(`${METRICS_PREFIX}${name}`);
}

const HTTP_LABELS = ["method", "status", "ok", "route"];
const httpRequests = new Counter({ name: `${METRICS_PREFIX}http_requests_total`, help: "Total number of HTTP requests", labelNames: HTTP_LABELS, registers: [registry] });
// From 1 ms: the health check's target is 25 ms.
const httpSeconds = new Histogram({
  name: `${METRICS_PREFIX}http_request_duration_seconds`, help: "Duration of HTTP requests in seconds", labelNames: HTTP_LABELS, registers: [registry],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Route patterns set by handlers that answer many routes in one (the pages), by request. */
const routeLabels = new WeakMap<Request, string>();

/** Labels this request's HTTP metrics with `pattern` (a page's route, e.g. /tld/:tldId) instead of the handler's path. */
export function labelRoute(c: Context, pattern: string): void {
  routeLabels.set(c.req.raw, pattern);
}

/**
 * HTTP requests by method, route pattern (Hono's matched path, e.g. /api/tlds/:id; a page's own
 * route as the page handler labels it, e.g. /tld/:tldId, and "/*" for a path no route has, so
 * unknown paths cannot add labels) and status: tldscope_http_requests_total and
 * tldscope_http_request_duration_seconds. The server's own warm-up renders (`isInternal`) are
 * not visitors' requests and are left out (they count in warm_up_renders_total).
 */
export function httpMetricsMiddleware(isInternal: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!isInternal(c)) {
        const labels = { method: c.req.method, route: routeLabels.get(c.req.raw) ?? c.req.routePath, status: String(c.res.status), ok: String(c.res.ok) };
        httpRequests.inc(labels);
        httpSeconds.observe(labels, (performance.now() - started) / 1000);
      }
    }
  };
}

const counter = (name: string, help: string, labelNames: string[] = []) =>
  new Counter({ name: `${METRICS_PREFIX}${name}`, help, labelNames, registers: [registry] });
const histogram = (name: string, help: string, labelNames: string[], buckets: number[]) =>
  new Histogram({ name: `${METRICS_PREFIX}${name}`, help, labelNames, buckets, registers: [registry] });

/** Page renders by outcome: page (200 or 404 rendered), shell_busy, shell_timeout, shell_failed. */
export const pageRenders = counter("page_renders_total", "Server renders of public pages by outcome (shell_*: the client shell was answered instead)", ["outcome"]);
/** Renders main.ts makes before the process says it is ready, and replacement threads' warm-up renders, by outcome (as page_renders_total). */
export const warmUpRenders = counter("warm_up_renders_total", "Warm-up renders of public pages (before ready, and on a render thread that replaced one) by outcome", ["outcome"]);
export const pageRenderSeconds = histogram("page_render_duration_seconds", "Time from a page render's start to its HTML (rendered pages only)", [], [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
export const renderThreadRestarts = counter("render_thread_restarts_total", "Render threads replaced after they stopped or failed");
export const pageCacheLookups = counter("page_cache_requests_total", "Signed-out page requests answered from the page cache (hit) or rendered (miss)", ["result"]);
export const priceRuns = counter("price_runs_total", "Price fetch runs by provider and outcome", ["provider", "outcome"]);
export const registryLookups = counter("registry_lookups_total", "Registry lookups of portfolio domains by protocol (rdap, whois) and outcome", ["protocol", "outcome"]);
export const notificationDeliveries = counter("notification_deliveries_total", "Notification delivery attempts by channel kind and outcome", ["channel", "outcome"]);
const jobsFinished = counter("jobs_finished_total", "Job attempts this process ran, by queue and outcome (completed, failed, handed-back)", ["queue", "outcome"]);
const jobSeconds = histogram("job_duration_seconds", "How long job attempts ran in this process, by queue", ["queue"], [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900]);

/** The job queue's observer (jobs/queue.ts): attempts and their duration. */
export const jobMetrics: QueueObserver = {
  jobFinished(name, outcome, seconds) {
    jobsFinished.inc({ queue: name, outcome });
    jobSeconds.observe({ queue: name }, seconds);
  },
};

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What the gauges read when scraped; each source is replaced by the next one registered under its name. */
export interface MetricSources {
  /** Renders in flight and waiting for a thread. */
  renderPool?: () => { inFlight: number; waiting: number };
  /** The page cache's size. */
  pageCache?: () => { bytes: number; entries: number };
  /** Unfinished jobs per queue (jobs/queue.ts queueStats). */
  jobQueues?: () => Promise<QueueStat[]>;
  /** Database connection pools by name (app, queue); SQLite has none. */
  databasePools?: () => Record<string, PoolStats>;
}

const sources: MetricSources = {};

export function setMetricSources(next: MetricSources): void {
  Object.assign(sources, next);
}

const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void | Promise<void>) =>
  new Gauge({
    name: `${METRICS_PREFIX}${name}`, help, labelNames, registers: [registry],
    async collect() {
      this.reset();
      await collect(this);
    },
  });

gauge("page_renders_in_flight", "Page renders started and not yet answered", [], (g) => {
  const pool = sources.renderPool?.();
  if (pool) g.set(pool.inFlight);
});
gauge("page_render_queue_length", "Page renders waiting for room on a render thread", [], (g) => {
  const pool = sources.renderPool?.();
  if (pool) g.set(pool.waiting);
});
gauge("page_cache_bytes", "Bytes of HTML the page cache holds (with room kept for compressed copies)", [], (g) => {
  const cache = sources.pageCache?.();
  if (cache) g.set(cache.bytes);
});
gauge("page_cache_entries", "Pages the page cache holds", [], (g) => {
  const cache = sources.pageCache?.();
  if (cache) g.set(cache.entries);
});
gauge("job_queue_jobs", "Unfinished jobs by queue and state (waiting: queued or waiting to retry; active), as the database has them for every process", ["queue", "state"], async (g) => {
  for (const stat of (await sources.jobQueues?.()) ?? []) {
    g.set({ queue: stat.name, state: "waiting" }, stat.queued);
    g.set({ queue: stat.name, state: "active" }, stat.active);
  }
});
gauge("db_pool_connections", "PostgreSQL connections of this process by pool (app, queue) and state (total, idle, waiting: clients waiting for one)", ["pool", "state"], (g) => {
  for (const [pool, stats] of Object.entries(sources.databasePools?.() ?? {})) {
    g.set({ pool, state: "total" }, stats.total);
    g.set({ pool, state: "idle" }, stats.idle);
    g.set({ pool, state: "waiting" }, stats.waiting);
  }
});

/** The metrics text, and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
