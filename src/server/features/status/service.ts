/**
 * Live health for the public status page: every value is measured when asked (a timed
 * database round trip, the queue's own counts, the price log), none is a stored figure.
 */
import type { Db } from "../../../../db/client.ts";
import {
  countIncidentsSince, fetchMetricsSince, listProviderFetchHealth, listRecentIncidents, pingDatabase, type ProviderFetchHealthDto,
} from "../../../../db/repositories/health-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";

/** The spec's four values, plus one the page shows as "Unknown": nothing measured yet. */
export type ComponentStatus = "operational" | "maintenance" | "degraded" | "outage" | "unknown";

export interface StatusComponent {
  id: string;
  name: string;
  group: "platform" | "price-source";
  status: ComponentStatus;
  description: string;
  responseTimeMs: number | null;
  lastSuccessAt: Date | null;
}

/** A database answering slower than this is degraded. */
export const SLOW_DATABASE_MS = 1000;
/** A price source whose last success is older than this is degraded, and past STALE_AFTER_DAYS down. */
export const FRESH_FOR_HOURS = 36;
export const STALE_AFTER_DAYS = 7;
export const METRICS_DAYS = 30;
const HOUR_MS = 3_600_000;

const elapsed = (started: number) => Math.round(performance.now() - started);

async function databaseComponent(db: Db): Promise<StatusComponent> {
  const base = { id: "database", name: "Database", group: "platform" as const, lastSuccessAt: null };
  const started = performance.now();
  try {
    await pingDatabase(db);
    const ms = elapsed(started);
    const slow = ms > SLOW_DATABASE_MS;
    return { ...base, status: slow ? "degraded" : "operational", responseTimeMs: ms,
      description: `${db.dialect === "postgres" ? "PostgreSQL" : "SQLite"} answered in ${ms} ms${slow ? " (slow)" : ""}` };
  } catch {
    return { ...base, status: "outage", responseTimeMs: null, description: "The database did not answer" };
  }
}

/** Every process has a queue (a web process enqueues even where it runs no handler), so its counts answer or it is down. */
async function queueComponent(queue: JobQueue): Promise<StatusComponent> {
  const base = { id: "job-queue", name: "Job queue", group: "platform" as const, lastSuccessAt: null };
  const started = performance.now();
  try {
    const counts = await queue.counts();
    return { ...base, status: "operational", responseTimeMs: elapsed(started),
      description: `${counts.queued} queued, ${counts.active} running (${queue.kind})` };
  } catch {
    return { ...base, status: "outage", responseTimeMs: null, description: "The queue did not answer" };
  }
}

export function priceSourceStatus(health: ProviderFetchHealthDto, now: Date): { status: ComponentStatus; description: string } {
  const { lastSuccessAt, lastFailureAt } = health;
  if (!lastSuccessAt) {
    return lastFailureAt
      ? { status: "outage", description: "Every logged fetch failed" }
      : { status: "unknown", description: "No price fetch logged yet" };
  }
  const ageHours = (now.getTime() - lastSuccessAt.getTime()) / HOUR_MS;
  const age = ageHours < 1 ? "less than an hour" : ageHours < 48 ? `${Math.floor(ageHours)} h` : `${Math.floor(ageHours / 24)} days`;
  if (ageHours > STALE_AFTER_DAYS * 24) return { status: "outage", description: `Last successful fetch ${age} ago` };
  if (lastFailureAt && lastFailureAt > lastSuccessAt) return { status: "degraded", description: `Latest fetch failed; last success ${age} ago` };
  if (ageHours > FRESH_FOR_HOURS) return { status: "degraded", description: `Last successful fetch ${age} ago` };
  return { status: "operational", description: `Last successful fetch ${age} ago` };
}

async function priceSourceComponents(db: Db, now: Date): Promise<StatusComponent[]> {
  try {
    const health = await listProviderFetchHealth(db);
    return health.map((h) => ({
      id: `price-source-${h.providerId}`, name: h.name, group: "price-source", responseTimeMs: null, lastSuccessAt: h.lastSuccessAt,
      ...priceSourceStatus(h, now),
    }));
  } catch {
    return [];
  }
}

function webComponent(): StatusComponent {
  const seconds = Math.floor(process.uptime());
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const up = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
  return { id: "web", name: "Web server", group: "platform", status: "operational", responseTimeMs: null, lastSuccessAt: null, description: `Up for ${up}` };
}

/** Spec section 4: operational only if every component is; outage if any is; degraded otherwise. */
export function overallStatus(components: ReadonlyArray<{ status: string }>): "operational" | "degraded" | "outage" {
  if (components.some((c) => c.status === "outage")) return "outage";
  return components.every((c) => c.status === "operational") ? "operational" : "degraded";
}

/** Admin incidents as the public sees them: open or investigating is in progress. */
const publicIncidentStatus = (status: string) => (status === "open" || status === "investigating" ? "in-progress" : "resolved");

export async function getSystemStatus(db: Db, queue: JobQueue, now = new Date()) {
  const since = new Date(now.getTime() - METRICS_DAYS * 24 * HOUR_MS);
  const database = await databaseComponent(db);
  const reachable = database.status !== "outage";
  const [queueStatus, sources, metrics, incidentCount, incidents] = await Promise.all([
    queueComponent(queue),
    reachable ? priceSourceComponents(db, now) : Promise.resolve([]),
    reachable ? fetchMetricsSince(db, since).catch(() => null) : Promise.resolve(null),
    reachable ? countIncidentsSince(db, since).catch(() => null) : Promise.resolve(null),
    reachable ? listRecentIncidents(db, since, 20).catch(() => []) : Promise.resolve([]),
  ]);
  const components = [webComponent(), database, queueStatus, ...sources];
  return {
    status: overallStatus(components),
    checkedAt: now,
    uptimeSeconds: Math.floor(process.uptime()),
    components,
    /** Null when the database could not be read. */
    metrics: metrics && incidentCount !== null ? {
      days: METRICS_DAYS,
      fetches: metrics.fetches,
      successfulFetches: metrics.successfulFetches,
      averageFetchMs: metrics.averageResponseMs,
      incidents: incidentCount,
    } : null,
    incidents: incidents.map((i) => ({
      id: i.id, title: i.title, description: i.description, severity: i.severity, status: publicIncidentStatus(i.status),
      startTime: i.createdAt, endTime: i.resolvedAt,
    })),
  };
}
