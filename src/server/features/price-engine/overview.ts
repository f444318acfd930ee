/** The admin overview cards and the price retrieval log. */
import type { Db } from "../../../../db/client.ts";
import { countOverview } from "../../../../db/repositories/admin-overview-repository.ts";
import { listPriceLogs, listRecentLogs, type PriceLogDto } from "../../../../db/repositories/price-log-repository.ts";
import type { PriceLogQueryInput } from "../../../shared/schemas/admin.ts";

const RECENT_LOGS = 10;

function toLog(l: PriceLogDto) {
  return {
    id: l.id, provider: l.provider, providerDomain: l.providerDomain, requestType: l.requestType, status: l.status,
    domain: l.domain, tld: l.tld, resultCount: l.resultCount, responseTime: l.responseTime, skippedCount: l.skippedCount,
    errorMessage: l.errorMessage, source: l.source, startedAt: l.startedAt, completedAt: l.completedAt,
  };
}

export async function getOverview(db: Db) {
  const [counts, recent] = await Promise.all([countOverview(db), listRecentLogs(db, RECENT_LOGS)]);
  return {
    totalTlds: counts.tlds, totalProviders: counts.providers, totalPrices: counts.prices, totalUsers: counts.users,
    recentLogs: recent.map(toLog),
  };
}

export async function getPriceLogs(db: Db, q: PriceLogQueryInput) {
  const { rows, total } = await listPriceLogs(db, { page: q.page, limit: q.limit, search: q.search, status: q.status, providerDomain: q.provider });
  return { logs: rows.map(toLog), page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) };
}
