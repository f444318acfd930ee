import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/** The cheapest round trip to the database; throws when it is unreachable. */
export async function pingDatabase(handle: Db): Promise<void> {
  await handle.all(sql`select 1`);
}

export interface ProviderFetchHealthDto {
  providerId: number;
  /** The key its price sources use (db/seed/providers.ts). */
  slug: string;
  name: string;
  /** The latest successful fetch from a live source; re-applying a bundled list is no fetch. */
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

/** Active providers with their latest successful live fetch and latest failed fetch (null: none logged). */
export async function listProviderFetchHealth({ orm: db, t }: Db): Promise<ProviderFetchHealthDto[]> {
  const sp = t.serviceProviders;
  const logs = t.priceLogs;
  const [providers, successes, failures] = await Promise.all([
    db.select({ id: sp.id, slug: sp.slug, name: sp.name }).from(sp).where(eq(sp.isActive, true)).orderBy(asc(sp.name)),
    db.select({ providerId: logs.serviceProviderId, at: max(logs.completedAt) }).from(logs)
      .where(and(eq(logs.status, "success"), eq(logs.source, "live"), isNotNull(logs.serviceProviderId))).groupBy(logs.serviceProviderId),
    db.select({ providerId: logs.serviceProviderId, at: max(logs.startedAt) }).from(logs)
      .where(and(inArray(logs.status, ["error", "timeout"]), isNotNull(logs.serviceProviderId))).groupBy(logs.serviceProviderId),
  ]);
  const success = new Map(successes.map((r) => [r.providerId, r.at]));
  const failure = new Map(failures.map((r) => [r.providerId, r.at]));
  return providers.map((p) => ({
    providerId: p.id, slug: p.slug, name: p.name, lastSuccessAt: toDate(success.get(p.id)), lastFailureAt: toDate(failure.get(p.id)),
  }));
}

/** max() over an instant column comes back as the driver's raw value on one dialect or the other. */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const date = new Date(typeof value === "string" && /^\d+$/.test(value) ? Number(value) : (value as string | number));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The finished runs of the price log since a day, counted as the admin area's price log lists them. */
export interface FetchMetricsDto {
  /** Every finished run (success, error or timeout), whatever its source. */
  fetches: number;
  successfulFetches: number;
  /** Of the successes: from a live source, and re-applied bundled lists. */
  liveSuccesses: number;
  bundledSuccesses: number;
  /** Failed runs that had no source to fetch from (none configured). */
  notConfigured: number;
  /** The average response time of live fetches (null: none timed). */
  averageLiveFetchMs: number | null;
}

export async function fetchMetricsSince({ orm: db, t }: Db, since: Date): Promise<FetchMetricsDto> {
  const logs = t.priceLogs;
  const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`.mapWith(Number);
  const [row] = await db
    .select({
      fetches: count(),
      successfulFetches: countWhere(sql`${logs.status} = 'success'`),
      liveSuccesses: countWhere(sql`${logs.status} = 'success' and ${logs.source} = 'live'`),
      bundledSuccesses: countWhere(sql`${logs.status} = 'success' and ${logs.source} = 'bundled'`),
      notConfigured: countWhere(sql`${logs.status} <> 'success' and ${logs.source} is null`),
      averageLiveFetchMs: avg(sql`case when ${logs.source} = 'live' then ${logs.responseTimeMs} end`),
    })
    .from(logs)
    .where(and(gte(logs.startedAt, since), inArray(logs.status, ["success", "error", "timeout"])));
  const average = row?.averageLiveFetchMs === null || row?.averageLiveFetchMs === undefined ? null : Math.round(Number(row.averageLiveFetchMs));
  return {
    fetches: row?.fetches ?? 0, successfulFetches: row?.successfulFetches ?? 0, liveSuccesses: row?.liveSuccesses ?? 0,
    bundledSuccesses: row?.bundledSuccesses ?? 0, notConfigured: row?.notConfigured ?? 0, averageLiveFetchMs: average,
  };
}

/**
 * Which incidents the public status page shows (docs/decisions/029): those raised by hand by an
 * administrator, and those a rule opened because a live source failed fetch after fetch. Stale
 * data and large price changes are for operators, in the admin area.
 */
export const PUBLIC_RULE_CONDITIONS: readonly string[] = ["consecutive_failures"];

const publicIncident = ({ t }: Db) =>
  or(isNull(t.incidents.alertRuleId), inArray(t.alertRules.condition, PUBLIC_RULE_CONDITIONS));

export async function countPublicIncidentsSince(handle: Db, since: Date): Promise<number> {
  const { orm: db, t } = handle;
  const [row] = await db.select({ total: count() }).from(t.incidents)
    .leftJoin(t.alertRules, eq(t.alertRules.id, t.incidents.alertRuleId))
    .where(and(gte(t.incidents.createdAt, since), publicIncident(handle)));
  return row?.total ?? 0;
}

export interface PublicIncidentDto {
  id: number;
  title: string;
  description: string;
  status: string;
  /** The opening rule's condition; null for an incident raised by hand. */
  condition: string | null;
  /** The provider an alert is about (its domain is the incident's source); null otherwise. */
  providerName: string | null;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
}

/** Public incidents opened since `since`, plus older ones still open, newest first. */
export async function listPublicIncidents(handle: Db, since: Date, limit: number): Promise<PublicIncidentDto[]> {
  const { orm: db, t } = handle;
  const i = t.incidents;
  const sp = t.serviceProviders;
  return db
    .select({
      id: i.id, title: i.title, description: i.description, status: i.status,
      condition: t.alertRules.condition,
      // A subquery, not a join: two providers may share a domain, and an incident is listed once.
      providerName: sql<string | null>`(select ${sp.name} from ${sp} where ${sp.domain} = ${i.source} order by ${sp.id} limit 1)`,
      createdAt: i.createdAt, updatedAt: i.updatedAt, resolvedAt: i.resolvedAt,
    })
    .from(i)
    .leftJoin(t.alertRules, eq(t.alertRules.id, i.alertRuleId))
    .where(and(or(gte(i.createdAt, since), inArray(i.status, ["open", "investigating"])), publicIncident(handle)))
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(limit);
}
