import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Row counts for the admin overview cards. TLDs are counted as the public pages count them
 * (countCatalogue): delegated root-zone TLDs, no retired ones and no second-level suffixes.
 */
export async function countOverview({ orm: db, t }: Db): Promise<{ tlds: number; providers: number; prices: number; users: number }> {
  const [[tlds], [providers], [prices], [users]] = await Promise.all([
    db.select({ n: count() }).from(t.tlds).where(and(eq(t.tlds.isActive, true), isNull(t.tlds.parentTldId))),
    db.select({ n: count() }).from(t.serviceProviders),
    db.select({ n: count() }).from(t.domainPrices),
    db.select({ n: count() }).from(t.users),
  ]);
  return { tlds: tlds?.n ?? 0, providers: providers?.n ?? 0, prices: prices?.n ?? 0, users: users?.n ?? 0 };
}
