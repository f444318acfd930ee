/**
 * The portfolio at a glance: what renewing everything costs per year (USD quotes only, since
 * nothing converts currencies), what moving to the cheapest providers would save, and which
 * domains expire soon. "Today" is the UTC date of `now`, injectable for tests.
 */
import type { Db } from "../../../../db/client.ts";
import { listUserDomains, type PricedUserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { minorToDecimalString as money } from "../../../shared/price-format.ts";
import { savingCents, staleBefore } from "./item.ts";

const DAY_MS = 86_400_000;
/** Recently expired domains are usually still in the registrar's grace period, so still worth showing. */
const EXPIRED_LOOKBACK_DAYS = 30;

const utcDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

function expiringItem(row: PricedUserDomainRow, daysLeft: number) {
  return {
    id: row.id,
    domainName: row.domainName,
    expirationDate: row.expirationDate!,
    daysLeft,
    autoRenew: row.autoRenew,
    warning: row.autoRenew ? null : "Auto-renew is off",
  };
}
export type ExpiringItem = ReturnType<typeof expiringItem>;

export async function getPortfolioSummary(db: Db, userId: number, now = new Date()) {
  const rows = await listUserDomains(db, userId, staleBefore(now), "expiry");
  const today = utcDay(now.toISOString().slice(0, 10));
  let total = 0;
  let withoutPrice = 0;
  let saving = 0;
  // Disjoint buckets by days left: 0–30, 31–60, 61–90; rows arrive soonest first.
  const expiring = { expired: [] as ExpiringItem[], within30: [] as ExpiringItem[], within60: [] as ExpiringItem[], within90: [] as ExpiringItem[] };
  for (const row of rows) {
    if (row.currentRenewal?.currency === "USD") total += row.currentRenewal.price;
    else withoutPrice += 1;
    saving += savingCents(row, now) ?? 0;
    if (!row.expirationDate) continue;
    const daysLeft = Math.round(utcDay(row.expirationDate) - today);
    const bucket = daysLeft < -EXPIRED_LOOKBACK_DAYS ? null
      : daysLeft < 0 ? expiring.expired
      : daysLeft <= 30 ? expiring.within30
      : daysLeft <= 60 ? expiring.within60
      : daysLeft <= 90 ? expiring.within90 : null;
    bucket?.push(expiringItem(row, daysLeft));
  }
  return {
    domainCount: rows.length,
    totalYearlyRenewal: { amount: money(total), currency: "USD" as const, domainsWithoutPrice: withoutPrice },
    totalPossibleSaving: { amount: money(saving), currency: "USD" as const },
    expiring,
  };
}
export type PortfolioSummary = Awaited<ReturnType<typeof getPortfolioSummary>>;
