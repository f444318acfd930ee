/**
 * The portfolio at a glance, every figure from each domain's money (money.ts): `totals`, in the
 * display currency (USD when none is asked for), holds a year of every domain and the renewals
 * due in the next twelve months (the forecast's), each naming what it counts, and the sentence
 * that reconciles them; the older USD-only figures add the stored hundredths of USD quotes,
 * split by whether each domain renews automatically (on, off, unknown: the unknown ones' cost is
 * "expected if it renews"); which domains expire soon. With a display currency `display` repeats
 * the year of every domain in it. It reads only what it needs of each entry (listRenewingEntries).
 * "Today" is the UTC date of `now`, injectable for tests. Every figure covers the whole
 * portfolio; each expiry bucket lists its EXPIRING_LIST_MAX soonest entries (the expired one its
 * most recently lapsed) and counts them all.
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewingEntries } from "../../../../db/repositories/user-domain-repository.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { autoRenewStateOf, type AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import type { RenewalPricing } from "../../../shared/renewal-comparison.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import { moneyConverter } from "./display.ts";
import { priceEntries } from "./item.ts";
import { MoneySum, PortfolioMoney, portfolioTotals } from "./money.ts";

const DAY_MS = 86_400_000;
/** The expiry windows, in days left from today (0) to each limit, inclusive. */
const WINDOWS = [["within30", 30], ["within60", 60], ["within90", 90]] as const;
/** Entries listed per expiry bucket (soonest first); `expiringCounts` has how many each holds. */
export const EXPIRING_LIST_MAX = 50;

const utcDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

type SummaryRow = Awaited<ReturnType<typeof listRenewingEntries>>[number] & RenewalPricing;

const WARNINGS: Record<AutoRenewState, string | null> = {
  on: null,
  off: "Auto-renew is off",
  unknown: "Nobody has said whether it renews automatically",
};

function expiringItem(row: SummaryRow, expirationDate: string, daysLeft: number) {
  const state = autoRenewStateOf(row.autoRenew);
  return {
    id: row.id,
    domainName: row.domainName,
    /** The name as people read it when it is an IDN ("müller.de"), else null. */
    unicodeName: unicodeFormOf(row.domainName),
    expirationDate,
    daysLeft,
    /** True only when it is known to renew automatically. */
    autoRenew: row.autoRenew === true,
    autoRenewState: state,
    warning: WARNINGS[state],
  };
}

export type ExpiringItem = ReturnType<typeof expiringItem>;

/** `staleDays` (PRICE_STALE_DAYS) judges the quotes the savings compare. */
export async function getPortfolioSummary(db: Db, userId: number, staleDays: number, now = new Date(), currency?: string) {
  // Soonest expiry first, by the date reminders use (the registry's unless the owner chose theirs).
  const rows = await priceEntries(db, await listRenewingEntries(db, userId, "expiry"), now, staleDays);
  // Every figure comes from each domain's money (money.ts), in the display currency (USD when none is asked for).
  const money = new PortfolioMoney(await moneyConverter(db, currency, rows), now, staleDays);
  const totals = portfolioTotals(rows, money);
  const today = utcDay(now.toISOString().slice(0, 10));
  let usdTotal = 0;
  let usdWithoutPrice = 0;
  let usdSaving = 0;
  const byState = { on: new MoneySum(), off: new MoneySum(), unknown: new MoneySum() };
  // "Expired" holds every entry whose date has passed; each window holds every entry from today to
  // its limit, so the 60-day one includes the 30-day one. Rows arrive soonest first.
  const expiring = { expired: [] as ExpiringItem[], within30: [] as ExpiringItem[], within60: [] as ExpiringItem[], within90: [] as ExpiringItem[] };
  const expiringCounts = { expired: 0, within30: 0, within60: 0, within90: 0 };
  for (const row of rows) {
    // The USD-only figures: the stored hundredths of USD quotes, unconverted.
    const { renewal, move, autoRenew } = money.of(row);
    const usd = renewal?.quote.currency === "USD" ? renewal.quote.price : null;
    if (usd !== null) usdTotal += usd;
    else usdWithoutPrice += 1;
    byState[autoRenew].add(usd);
    if (usd !== null && move) usdSaving += usd - move.quote.price;
    const expirationDate = row.expirationDate;
    if (!expirationDate) continue;
    const daysLeft = Math.round(utcDay(expirationDate) - today);
    if (daysLeft < 0) {
      expiringCounts.expired += 1;
      // Kept in full until the end, when the most recently lapsed are listed first.
      expiring.expired.push(expiringItem(row, expirationDate, daysLeft));
      continue;
    }
    for (const [bucket, limit] of WINDOWS) {
      if (daysLeft > limit) continue;
      expiringCounts[bucket] += 1;
      if (expiring[bucket].length < EXPIRING_LIST_MAX) expiring[bucket].push(expiringItem(row, expirationDate, daysLeft));
    }
  }
  expiring.expired = expiring.expired.reverse().slice(0, EXPIRING_LIST_MAX);
  const usdFigures = (sum: MoneySum) => ({ domains: sum.domains, amount: minorToDecimalString(sum.minor), domainsWithoutPrice: sum.withoutPrice });
  const year = totals.yearOfEveryDomain;
  return {
    domainCount: rows.length,
    totalYearlyRenewal: { amount: minorToDecimalString(usdTotal), currency: "USD" as const, domainsWithoutPrice: usdWithoutPrice },
    totalPossibleSaving: { amount: minorToDecimalString(usdSaving), currency: "USD" as const },
    /**
     * The yearly renewal total split by auto-renew (USD quotes only, like the total): what renews
     * automatically, what is "expected if it renews" (nobody has said), and what will not renew by itself.
     */
    byAutoRenew: {
      on: { ...usdFigures(byState.on), currency: "USD" as const },
      unknown: { ...usdFigures(byState.unknown), currency: "USD" as const },
      off: { ...usdFigures(byState.off), currency: "USD" as const },
    },
    /** Each bucket's soonest EXPIRING_LIST_MAX entries; for "expired", the most recently lapsed. */
    expiring,
    /** How many entries each bucket holds in all: `expired` counts every domain whose date has passed. */
    expiringCounts,
    /**
     * In the display currency (USD when none was asked for), every quote a stored rate converts:
     * a year of every domain and the renewals due in the next twelve months (the forecast's
     * totals), each naming what it counts, with the sentence that reconciles the two.
     */
    totals,
    /** Present when a display currency was asked for: the year of every domain, as `totals` has it. */
    ...(currency ? {
      display: {
        currency: totals.currency,
        totalYearlyRenewal: year.amount,
        totalPossibleSaving: year.possibleSaving,
        domainsWithoutPrice: year.domainsWithoutPrice,
        byAutoRenew: year.byAutoRenew,
        converted: totals.rateDate !== null,
        rateDate: totals.rateDate,
      },
    } : {}),
  };
}
export type PortfolioSummary = Awaited<ReturnType<typeof getPortfolioSummary>>;
