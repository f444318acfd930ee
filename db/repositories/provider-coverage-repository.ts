import { and, asc, count, eq, gt, isNotNull, max, min } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface ProviderCoverageDto {
  providerId: number;
  currency: string;
  /** TLDs this provider quotes in this currency. */
  tldCount: number;
  /** Lowest and highest registration price, in minor units; null when none is quoted. */
  minRegistration: number | null;
  maxRegistration: number | null;
}

/** One row per provider and quoted currency. */
export async function listProviderCoverage({ orm: db, t }: Db): Promise<ProviderCoverageDto[]> {
  const dp = t.domainPrices;
  const priced = and(isNotNull(dp.registrationPrice), gt(dp.registrationPrice, 0));
  const [all, registration] = await Promise.all([
    db.select({ providerId: dp.serviceProviderId, currency: dp.currency, tldCount: count() })
      .from(dp).groupBy(dp.serviceProviderId, dp.currency).orderBy(asc(dp.serviceProviderId), asc(dp.currency)),
    db.select({ providerId: dp.serviceProviderId, currency: dp.currency, min: min(dp.registrationPrice), max: max(dp.registrationPrice) })
      .from(dp).where(priced).groupBy(dp.serviceProviderId, dp.currency),
  ]);
  const key = (providerId: number, currency: string) => `${providerId}:${currency}`;
  const ranges = new Map(registration.map((r) => [key(r.providerId, r.currency), r]));
  return all.map((row) => {
    const range = ranges.get(key(row.providerId, row.currency));
    return { ...row, minRegistration: range?.min ?? null, maxRegistration: range?.max ?? null };
  });
}

/**
 * The providers whose prices are compared: active, with at least one stored quote. The one
 * definition behind the landing page's "Who We Search" grid and its count (decision 030).
 */
export async function listProviderIdsWithPrices({ orm: db, t }: Db): Promise<number[]> {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const rows = await db.selectDistinct({ id: dp.serviceProviderId }).from(dp)
    .innerJoin(sp, and(eq(sp.id, dp.serviceProviderId), eq(sp.isActive, true)))
    .orderBy(asc(dp.serviceProviderId));
  return rows.map((r) => r.id);
}
