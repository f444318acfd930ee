/**
 * Live health for the public status page: every value is measured when asked (a timed
 * database round trip, the queue's own counts, the price log), none is a stored figure.
 */
import type { Db } from "../../../../db/client.ts";
import {
  countPublicIncidentsSince, fetchMetricsSince, listProviderFetchHealth, listPublicIncidents, pingDatabase,
  type ProviderFetchHealthDto, type PublicIncidentDto,
} from "../../../../db/repositories/health-repository.ts";
import { countUnusualPrices } from "../../../../db/repositories/price-check-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { PriceSources } from "../../trpc/context.ts";
import { providerSourceSetup, type SourceSetup } from "../../domain/price-source-setup.ts";
import { publicIncidentWords } from "../../../shared/status-incident-words.ts";
import { agoInWords, durationInWords } from "../../../shared/time-in-words.ts";

/**
 * The spec's four values, plus two neutral ones that leave the overall status alone: "not-fetched",
 * a live price source never fetched yet (how a fresh install starts, docs/decisions/029), and
 * "not-configured", a provider this site has no live source for, or whose live source lacks its
 * key: its prices are the bundled list's (or none), and no fetch of it can fail (decision 046).
 */
export type ComponentStatus = "operational" | "maintenance" | "degraded" | "outage" | "not-fetched" | "not-configured";

const NOT_CONFIGURED: Record<Exclude<SourceSetup, "live">, (bundled: boolean) => string> = {
  "key-missing": (bundled) => `Live prices need an API key this site has not set up; ${bundled ? "showing the prices bundled with the site" : "no prices from it yet"}`,
  "bundled-only": () => "No live price source; showing the prices bundled with the site",
  none: () => "No price source is set up for it",
};

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
/** The most incidents the page and the feed list. */
const INCIDENTS_LISTED = 20;
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

/** A price source in words a visitor reads: how old its prices are, never counters or error codes. */
export function priceSourceStatus(health: ProviderFetchHealthDto, now: Date): { status: ComponentStatus; description: string } {
  const { lastSuccessAt, lastFailureAt } = health;
  if (!lastSuccessAt) {
    return lastFailureAt
      ? { status: "degraded", description: "Price updates are failing; showing the prices bundled with the site" }
      : { status: "not-fetched", description: "Not fetched yet; showing the prices bundled with the site" };
  }
  const ageHours = (now.getTime() - lastSuccessAt.getTime()) / HOUR_MS;
  const ago = agoInWords(lastSuccessAt, now);
  if (ageHours > STALE_AFTER_DAYS * 24) return { status: "outage", description: `Prices not updated for ${durationInWords(now.getTime() - lastSuccessAt.getTime())}` };
  if (lastFailureAt && lastFailureAt > lastSuccessAt) return { status: "degraded", description: `The latest price update failed; prices are from ${ago}` };
  if (ageHours > FRESH_FOR_HOURS) return { status: "degraded", description: `Prices last updated ${ago}` };
  return { status: "operational", description: `Prices updated ${ago}` };
}

async function priceSourceComponents(db: Db, sources: PriceSources, now: Date): Promise<StatusComponent[]> {
  try {
    const health = await listProviderFetchHealth(db);
    return health.map((h) => {
      const { setup, hasBundledList } = providerSourceSetup(sources, h.slug);
      const judged = setup === "live"
        ? priceSourceStatus(h, now)
        : { status: "not-configured" as const, description: NOT_CONFIGURED[setup](hasBundledList) };
      return { id: `price-source-${h.providerId}`, name: h.name, group: "price-source" as const, responseTimeMs: null, lastSuccessAt: h.lastSuccessAt, ...judged };
    });
  } catch {
    return [];
  }
}

function webComponent(): StatusComponent {
  const up = durationInWords(process.uptime() * 1000);
  return { id: "web", name: "Web server", group: "platform", status: "operational", responseTimeMs: null, lastSuccessAt: null, description: `Up for ${up}` };
}

/**
 * Spec section 4: operational only if every component is; outage if any is; degraded otherwise.
 * A source not fetched yet, or not configured, counts for neither.
 */
export function overallStatus(components: ReadonlyArray<{ status: string }>): "operational" | "degraded" | "outage" {
  const judged = components.filter((c) => c.status !== "not-fetched" && c.status !== "not-configured");
  if (judged.some((c) => c.status === "outage")) return "outage";
  return judged.every((c) => c.status === "operational") ? "operational" : "degraded";
}

/** Admin incidents as the public sees them: open or investigating is in progress. */
const publicIncidentStatus = (status: string) => (status === "open" || status === "investigating" ? "in-progress" : "resolved");

export interface StatusIncident {
  id: number;
  title: string;
  description: string;
  status: "in-progress" | "resolved";
  startTime: Date;
  endTime: Date | null;
  updatedAt: Date;
}

function toStatusIncident(i: PublicIncidentDto): StatusIncident {
  const status = publicIncidentStatus(i.status);
  return {
    id: i.id, status, startTime: i.createdAt, endTime: i.resolvedAt, updatedAt: i.updatedAt,
    ...publicIncidentWords({ ...i, resolved: status === "resolved" }),
  };
}

/** Public incidents opened in the last METRICS_DAYS days, and older ones still open, newest first. */
export async function getStatusIncidents(db: Db, now: Date): Promise<StatusIncident[]> {
  const since = new Date(now.getTime() - METRICS_DAYS * 24 * HOUR_MS);
  return (await listPublicIncidents(db, since, INCIDENTS_LISTED)).map(toStatusIncident);
}

/** `priceSources`: what the price engine fetches with, which says which providers can be fetched live. */
export async function getSystemStatus(db: Db, queue: JobQueue, priceSources: PriceSources, now = new Date()) {
  const since = new Date(now.getTime() - METRICS_DAYS * 24 * HOUR_MS);
  const database = await databaseComponent(db);
  const reachable = database.status !== "outage";
  const [queueStatus, sources, metrics, incidentCount, incidents, priceChecks] = await Promise.all([
    queueComponent(queue),
    reachable ? priceSourceComponents(db, priceSources, now) : Promise.resolve([]),
    reachable ? fetchMetricsSince(db, since).catch(() => null) : Promise.resolve(null),
    reachable ? countPublicIncidentsSince(db, since).catch(() => null) : Promise.resolve(null),
    reachable ? getStatusIncidents(db, now).catch(() => []) : Promise.resolve([]),
    reachable ? countUnusualPrices(db).catch(() => null) : Promise.resolve(null),
  ]);
  const components = [webComponent(), database, queueStatus, ...sources];
  return {
    status: overallStatus(components),
    checkedAt: now,
    uptimeSeconds: Math.floor(process.uptime()),
    components,
    /**
     * The last METRICS_DAYS days of the price log, counted as the admin area's log lists it:
     * every finished run and its successes (live, or re-applied bundled lists), the runs that had
     * no source configured, and live fetches' average time. Null when the database could not be read.
     */
    metrics: metrics && incidentCount !== null ? {
      days: METRICS_DAYS,
      fetches: metrics.fetches,
      successfulFetches: metrics.successfulFetches,
      liveSuccesses: metrics.liveSuccesses,
      bundledSuccesses: metrics.bundledSuccesses,
      notConfigured: metrics.notConfigured,
      averageFetchMs: metrics.averageLiveFetchMs,
      incidents: incidentCount,
    } : null,
    incidents: incidents.map(({ updatedAt: _updatedAt, ...incident }) => incident),
    /**
     * The price checks (decision 059): quotes shown marked unusual, and quotes an administrator
     * hid. Null when the database could not be read.
     */
    priceChecks,
  };
}
