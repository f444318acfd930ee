/**
 * The portfolio at a glance: what renewing everything costs per year (USD quotes only), split
 * by whether each domain renews automatically (on, off, unknown: the unknown ones' cost is
 * "expected if it renews"), what moving to the cheapest providers would save, and which
 * domains expire soon; with a display currency, also the totals over every quote a stored rate
 * converts, in that currency. It reads only what it needs of each entry (listRenewingEntries).
 * "Today" is the UTC date of `now`, injectable for tests. Every figure covers the whole
 * portfolio; each expiry bucket lists its EXPIRING_LIST_MAX soonest entries (the expired one its
 * most recently lapsed) and counts them all.
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewingEntries } from "../../../../db/repositories/user-domain-repository.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { minorToAmount } from "../../../shared/currency.ts";
import { autoRenewStateOf, type AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import type { DisplayConverter } from "../../domain/display-currency.ts";
import { portfolioConverter } from "./display.ts";
import { priceEntries } from "./item.ts";
import { yearlySaving, type Renewal, type RenewalPricing } from "../../../shared/renewal-comparison.ts";

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
    expirationDate,
    daysLeft,
    /** True only when it is known to renew automatically. */
    autoRenew: row.autoRenew === true,
    autoRenewState: state,
    warning: WARNINGS[state],
  };
}

/** The saving in USD cents when both quotes are USD (what the USD-only totals add up), once per shared quote. */
function usdSavings(now: Date, staleDays: number) {
  const perQuote = new WeakMap<Renewal, number>();
  return (row: SummaryRow): number => {
    const current = row.currentRenewal;
    if (current?.currency !== "USD") return 0;
    let saving = perQuote.get(current);
    if (saving === undefined) perQuote.set(current, saving = yearlySaving(row, now, staleDays) ?? 0);
    return saving;
  };
}
export type ExpiringItem = ReturnType<typeof expiringItem>;

/**
 * Totals in the display currency: each amount is converted (rounded to the currency's minor
 * unit) before adding, so the total is the sum of what each domain's card shows. `rateDate` is
 * the oldest ECB day used, null when nothing was converted.
 */
function displayTotals(rows: SummaryRow[], converter: DisplayConverter, now: Date, staleDays: number) {
  let total = 0;
  let saving = 0;
  let withoutPrice = 0;
  const byState = { on: new StateTotal(), off: new StateTotal(), unknown: new StateTotal() };
  const dates = new Set<string>();
  // Entries of one TLD at one registrar share their quote objects (item.ts): convert each once.
  const perQuote = new WeakMap<Renewal, { amount: number; saving: number } | null>();
  for (const row of rows) {
    const current = row.currentRenewal;
    const state = byState[autoRenewStateOf(row.autoRenew)];
    let figures = current ? perQuote.get(current) : null;
    if (current && figures === undefined) {
      if (converter.canConvert(current.currency)) {
        const rowSaving = yearlySaving(row, now, staleDays);
        figures = { amount: converter.minor(current.price, current.currency), saving: rowSaving === null ? 0 : converter.minor(rowSaving, current.currency) };
        const { rateDate } = converter.conversion(current.currency);
        if (rateDate) dates.add(rateDate);
      } else figures = null;
      perQuote.set(current, figures);
    }
    if (!figures) {
      withoutPrice += 1;
      state.add(null);
      continue;
    }
    total += figures.amount;
    state.add(figures.amount);
    saving += figures.saving;
  }
  return {
    currency: converter.currency,
    totalYearlyRenewal: minorToAmount(total, converter.digits),
    totalPossibleSaving: minorToAmount(saving, converter.digits),
    domainsWithoutPrice: withoutPrice,
    byAutoRenew: { on: byState.on.figures(converter.digits), off: byState.off.figures(converter.digits), unknown: byState.unknown.figures(converter.digits) },
    converted: dates.size > 0, rateDate: [...dates].sort()[0] ?? null,
  };
}

/** Domains of one auto-renew state and what renewing the priced ones costs a year, in minor units. */
class StateTotal {
  domains = 0;
  amount = 0;
  withoutPrice = 0;

  add(minor: number | null) {
    this.domains += 1;
    if (minor === null) this.withoutPrice += 1;
    else this.amount += minor;
  }

  figures(digits: number) {
    return { domains: this.domains, amount: minorToAmount(this.amount, digits), domainsWithoutPrice: this.withoutPrice };
  }
}

/** `staleDays` (PRICE_STALE_DAYS) judges the quotes the savings compare. */
export async function getPortfolioSummary(db: Db, userId: number, staleDays: number, now = new Date(), currency?: string) {
  // Soonest expiry first, by the date reminders use (the registry's unless the owner chose theirs).
  const rows = await priceEntries(db, await listRenewingEntries(db, userId, "expiry"), now, staleDays);
  const converter = await portfolioConverter(db, currency, rows);
  const today = utcDay(now.toISOString().slice(0, 10));
  let total = 0;
  let withoutPrice = 0;
  let saving = 0;
  const byState = { on: new StateTotal(), off: new StateTotal(), unknown: new StateTotal() };
  const usdSaving = usdSavings(now, staleDays);
  // "Expired" holds every entry whose date has passed; each window holds every entry from today to
  // its limit, so the 60-day one includes the 30-day one. Rows arrive soonest first.
  const expiring = { expired: [] as ExpiringItem[], within30: [] as ExpiringItem[], within60: [] as ExpiringItem[], within90: [] as ExpiringItem[] };
  const expiringCounts = { expired: 0, within30: 0, within60: 0, within90: 0 };
  for (const row of rows) {
    const usd = row.currentRenewal?.currency === "USD" ? row.currentRenewal.price : null;
    if (usd !== null) total += usd;
    else withoutPrice += 1;
    byState[autoRenewStateOf(row.autoRenew)].add(usd);
    saving += usdSaving(row);
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
  return {
    domainCount: rows.length,
    totalYearlyRenewal: { amount: minorToDecimalString(total), currency: "USD" as const, domainsWithoutPrice: withoutPrice },
    totalPossibleSaving: { amount: minorToDecimalString(saving), currency: "USD" as const },
    /**
     * The yearly renewal total split by auto-renew (USD quotes only, like the total): what renews
     * automatically, what is "expected if it renews" (nobody has said), and what will not renew by itself.
     */
    byAutoRenew: {
      on: { ...byState.on.figures(2), currency: "USD" as const },
      unknown: { ...byState.unknown.figures(2), currency: "USD" as const },
      off: { ...byState.off.figures(2), currency: "USD" as const },
    },
    /** Each bucket's soonest EXPIRING_LIST_MAX entries; for "expired", the most recently lapsed. */
    expiring,
    /** How many entries each bucket holds in all: `expired` counts every domain whose date has passed. */
    expiringCounts,
    /** Present when a display currency was asked for. */
    ...(converter ? { display: displayTotals(rows, converter, now, staleDays) } : {}),
  };
}
export type PortfolioSummary = Awaited<ReturnType<typeof getPortfolioSummary>>;
