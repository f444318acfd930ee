import { and, count, desc, eq, inArray, isNotNull, max, ne, or, type SQL } from "drizzle-orm";
import { containsInsensitive, type Db } from "../client.ts";

export type PriceLogStatus = "success" | "error" | "pending" | "timeout";
/** Where a run's list came from: a registrar's live price API or list, or a list shipped with the product. */
export type PriceLogSource = "live" | "bundled";

export interface PriceLogDto {
  id: number;
  providerId: number | null;
  provider: string | null;
  providerDomain: string | null;
  requestType: string;
  status: PriceLogStatus;
  domain: string | null;
  tld: string | null;
  resultCount: number | null;
  responseTime: number | null;
  skippedCount: number | null;
  errorMessage: string | null;
  /** The source the run read; null when it had none to read. */
  source: PriceLogSource | null;
  startedAt: Date;
  completedAt: Date | null;
}

export interface PriceLogQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: PriceLogStatus | undefined;
  providerDomain?: string | undefined;
}

export interface FinishedLog {
  status: Exclude<PriceLogStatus, "pending">;
  resultCount?: number | null;
  responseTimeMs?: number | null;
  skippedCount?: number | null;
  errorMessage?: string | null;
  /** The source the run read; null or left out when it never got to choose one. */
  source?: PriceLogSource | null;
  completedAt: Date;
}

function columns({ t }: Db) {
  const l = t.priceLogs;
  const sp = t.serviceProviders;
  return {
    id: l.id, providerId: l.serviceProviderId, provider: sp.name, providerDomain: sp.domain, requestType: l.requestType,
    status: l.status, domain: l.domain, tld: l.tld, resultCount: l.resultCount, responseTime: l.responseTimeMs,
    skippedCount: l.skippedCount, errorMessage: l.errorMessage, source: l.source, startedAt: l.startedAt, completedAt: l.completedAt,
  };
}

export async function insertPendingLog({ orm: db, t }: Db, log: { serviceProviderId: number; requestType: string; startedAt: Date }): Promise<number> {
  const [row] = await db.insert(t.priceLogs).values({ ...log, status: "pending" }).returning({ id: t.priceLogs.id });
  return row!.id;
}

export async function completeLog({ orm: db, t }: Db, id: number, done: FinishedLog): Promise<void> {
  await db.update(t.priceLogs).set(done).where(eq(t.priceLogs.id, id));
}

/** One finished entry, written at once. */
export async function insertFinishedLog({ orm: db, t }: Db, log: { serviceProviderId: number; requestType: string; startedAt: Date } & FinishedLog) {
  await db.insert(t.priceLogs).values(log);
}

export async function listPriceLogs(handle: Db, q: PriceLogQuery): Promise<{ rows: PriceLogDto[]; total: number }> {
  const { orm: db, t } = handle;
  const l = t.priceLogs;
  const sp = t.serviceProviders;
  const conditions: SQL[] = [];
  const search = q.search?.trim();
  if (search) {
    conditions.push(or(
      containsInsensitive(l.domain, search), containsInsensitive(l.tld, search.replace(/^\./, "")),
      containsInsensitive(sp.name, search), containsInsensitive(sp.domain, search),
    )!);
  }
  if (q.status) conditions.push(eq(l.status, q.status));
  if (q.providerDomain) conditions.push(eq(sp.domain, q.providerDomain));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(columns(handle)).from(l).leftJoin(sp, eq(sp.id, l.serviceProviderId)).where(where)
      .orderBy(desc(l.startedAt), desc(l.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(l).leftJoin(sp, eq(sp.id, l.serviceProviderId)).where(where),
  ]);
  return { rows: rows as PriceLogDto[], total: total?.n ?? 0 };
}

export async function listRecentLogs(handle: Db, limit: number): Promise<PriceLogDto[]> {
  return (await listPriceLogs(handle, { page: 1, limit })).rows;
}

/**
 * Statuses of a provider's finished runs that read a source, newest first. An entry with no
 * source is a provider that had none to read (no key, no list): it ran nothing that could fail.
 */
export async function recentStatuses({ orm: db, t }: Db, providerId: number, limit: number): Promise<{ status: string; errorMessage: string | null }[]> {
  const l = t.priceLogs;
  return db.select({ status: l.status, errorMessage: l.errorMessage }).from(l)
    .where(and(eq(l.serviceProviderId, providerId), ne(l.status, "pending"), isNotNull(l.source)))
    .orderBy(desc(l.startedAt), desc(l.id)).limit(limit);
}

/** The providers (ids) that have had at least one successful run from a live source: the sources that ever worked. */
export async function providersWithLiveSuccess({ orm: db, t }: Db, providerId?: number): Promise<Set<number>> {
  const l = t.priceLogs;
  const rows = await db.selectDistinct({ providerId: l.serviceProviderId }).from(l)
    .where(and(eq(l.status, "success"), eq(l.source, "live"), providerId === undefined ? isNotNull(l.serviceProviderId) : eq(l.serviceProviderId, providerId)));
  return new Set(rows.flatMap((r) => (r.providerId === null ? [] : [r.providerId])));
}

/** When the latest run that is no longer pending ended, or null. */
export async function lastFinishedAt({ orm: db, t }: Db, statuses?: PriceLogStatus[]): Promise<Date | null> {
  const l = t.priceLogs;
  const [row] = await db.select({ at: max(l.completedAt) }).from(l)
    .where(and(isNotNull(l.completedAt), statuses ? inArray(l.status, statuses) : undefined));
  return row?.at ?? null;
}

/**
 * The newest successful run that read a live source: what "Data last updated" names. A run that
 * re-applied a bundled list changed no knowledge of today's prices, so it does not count.
 */
export async function lastLiveSuccess({ orm: db, t }: Db): Promise<{ completedAt: Date; provider: string | null } | null> {
  const l = t.priceLogs;
  const [row] = await db.select({ completedAt: l.completedAt, provider: t.serviceProviders.name }).from(l)
    .leftJoin(t.serviceProviders, eq(t.serviceProviders.id, l.serviceProviderId))
    .where(and(eq(l.status, "success"), eq(l.source, "live"), isNotNull(l.completedAt)))
    .orderBy(desc(l.completedAt), desc(l.id)).limit(1);
  return row?.completedAt ? { completedAt: row.completedAt, provider: row.provider } : null;
}

export interface LastRunDto {
  status: PriceLogStatus;
  requestType: string;
  source: PriceLogSource | null;
  errorMessage: string | null;
  completedAt: Date | null;
}

/**
 * Each provider's newest run that is no longer pending, by provider id. An entry that failed
 * with no source is no run: the provider had nothing to read.
 */
export async function lastRunByProvider({ orm: db, t }: Db): Promise<Map<number, LastRunDto>> {
  const l = t.priceLogs;
  const newest = db.select({ id: max(l.id) }).from(l)
    .where(and(ne(l.status, "pending"), or(isNotNull(l.source), eq(l.status, "success"))))
    .groupBy(l.serviceProviderId);
  const rows = await db.select({
    providerId: l.serviceProviderId, status: l.status, requestType: l.requestType, source: l.source,
    errorMessage: l.errorMessage, completedAt: l.completedAt,
  }).from(l).where(inArray(l.id, newest));
  return new Map(rows.flatMap(({ providerId, ...run }) => (providerId === null ? [] : [[providerId, run as LastRunDto] as const])));
}
