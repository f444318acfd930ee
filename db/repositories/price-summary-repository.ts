/**
 * Maintains tld_price_summaries: per TLD, the lowest USD registration, renewal, transfer and
 * three-year (registration + two renewals) price among active providers, and how many
 * active providers quote it. Call after any change to domain_prices or to a provider's
 * isActive flag; the price list sorts and pages on these columns.
 */
import { and, eq, inArray, sql, type Column } from "drizzle-orm";
import type { Executor, Tables } from "../client.ts";

export async function refreshTldPriceSummaries(db: Executor, t: Tables, tldIds?: number[]): Promise<void> {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const scope = tldIds ? inArray(dp.tldId, tldIds) : sql`1 = 1`;
  if (tldIds) await db.delete(t.tldPriceSummaries).where(inArray(t.tldPriceSummaries.tldId, tldIds));
  else await db.delete(t.tldPriceSummaries);
  const usd = (column: Column) => sql`min(case when ${dp.currency} = 'USD' then ${column} end)`;
  await db.insert(t.tldPriceSummaries).select(
    db
      .select({
        tldId: dp.tldId,
        minRegistration: sql<number | null>`${usd(dp.registrationPrice)}`.as("min_registration"),
        minRenewal: sql<number | null>`${usd(dp.renewalPrice)}`.as("min_renewal"),
        minTransfer: sql<number | null>`${usd(dp.transferPrice)}`.as("min_transfer"),
        minThreeYear: sql<number | null>`min(case when ${dp.currency} = 'USD' then ${dp.registrationPrice} + 2 * ${dp.renewalPrice} end)`.as("min_three_year"),
        providerCount: sql<number>`count(*)`.as("provider_count"),
        rowJson: sql<string | null>`null`.as("row_json"),
      })
      .from(dp)
      .innerJoin(sp, sql`${sp.id} = ${dp.serviceProviderId}`)
      .where(and(eq(sp.isActive, true), scope))
      .groupBy(dp.tldId),
  );
}
