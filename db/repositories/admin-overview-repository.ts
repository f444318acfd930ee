import { count, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";

/** Row counts for the admin overview cards; TLDs are the root zone's (second-level suffixes are not TLDs). */
export async function countOverview({ db, t }: Db): Promise<{ tlds: number; providers: number; prices: number; users: number }> {
  const [[tlds], [providers], [prices], [users]] = await Promise.all([
    db.select({ n: count() }).from(t.tlds).where(isNull(t.tlds.parentTldId)),
    db.select({ n: count() }).from(t.serviceProviders),
    db.select({ n: count() }).from(t.domainPrices),
    db.select({ n: count() }).from(t.users),
  ]);
  return { tlds: tlds?.n ?? 0, providers: providers?.n ?? 0, prices: prices?.n ?? 0, users: users?.n ?? 0 };
}
