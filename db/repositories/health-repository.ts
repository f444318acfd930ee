import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, max, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/** The cheapest round trip to the database; throws when it is unreachable. */
export async function pingDatabase(handle: Db): Promise<void> {
  await handle.all(sql`select 1`);
}

export interface ProviderFetchHealthDto {
  providerId: number;
  name: string;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

/** Active providers with their latest successful and latest failed price fetch (null: none logged). */
export async function listProviderFetchHealth({ db, t }: Db): Promise<ProviderFetchHealthDto[]> {
  const sp = t.serviceProviders;
  const logs = t.priceLogs;
  const [providers, successes, failures] = await Promise.all([
    db.select({ id: sp.id, name: sp.name }).from(sp).where(eq(sp.isActive, true)).orderBy(asc(sp.name)),
    db.select({ providerId: logs.serviceProviderId, at: max(logs.completedAt) }).from(logs)
      .where(and(eq(logs.status, "success"), isNotNull(logs.serviceProviderId))).groupBy(logs.serviceProviderId),
    db.select({ providerId: logs.serviceProviderId, at: max(logs.startedAt) }).from(logs)
      .where(and(inArray(logs.status, ["error", "timeout"]), isNotNull(logs.serviceProviderId))).groupBy(logs.serviceProviderId),
  ]);
  const success = new Map(successes.map((r) => [r.providerId, r.at]));
  const failure = new Map(failures.map((r) => [r.providerId, r.at]));
  return providers.map((p) => ({
    providerId: p.id, name: p.name, lastSuccessAt: toDate(success.get(p.id)), lastFailureAt: toDate(failure.get(p.id)),
  }));
}

/** max() over an instant column comes back as the driver's raw value on one dialect or the other. */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const date = new Date(typeof value === "string" && /^\d+$/.test(value) ? Number(value) : (value as string | number));
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface FetchMetricsDto {
  fetches: number;
  successfulFetches: number;
  averageResponseMs: number | null;
}

export async function fetchMetricsSince({ db, t }: Db, since: Date): Promise<FetchMetricsDto> {
  const logs = t.priceLogs;
  const [row] = await db
    .select({
      fetches: count(),
      successfulFetches: sql<number>`sum(case when ${logs.status} = 'success' then 1 else 0 end)`.mapWith(Number),
      averageResponseMs: avg(logs.responseTimeMs),
    })
    .from(logs)
    .where(and(gte(logs.startedAt, since), inArray(logs.status, ["success", "error", "timeout"])));
  const average = row?.averageResponseMs === null || row?.averageResponseMs === undefined ? null : Math.round(Number(row.averageResponseMs));
  return { fetches: row?.fetches ?? 0, successfulFetches: row?.successfulFetches ?? 0, averageResponseMs: average };
}

export async function countIncidentsSince({ db, t }: Db, since: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(t.incidents).where(gte(t.incidents.createdAt, since));
  return row?.total ?? 0;
}

export interface PublicIncidentDto {
  id: number;
  title: string;
  description: string;
  severity: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
}

/** Incidents opened since `since`, plus older ones still open, newest first. */
export async function listRecentIncidents({ db, t }: Db, since: Date, limit: number): Promise<PublicIncidentDto[]> {
  const i = t.incidents;
  return db
    .select({
      id: i.id, title: i.title, description: i.description, severity: i.severity, status: i.status,
      createdAt: i.createdAt, updatedAt: i.updatedAt, resolvedAt: i.resolvedAt,
    })
    .from(i)
    .where(or(gte(i.createdAt, since), inArray(i.status, ["open", "investigating"])))
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(limit);
}
