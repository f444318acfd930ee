/**
 * Portfolio money, worked out in one place and read by every surface that shows it: the list's
 * cards and the domain page (item.ts), the summary, the forecast and its two CSVs, and the
 * calendar feed. Without I/O: priced entries (item.ts priceEntries) and a display converter in.
 *
 * Per domain: the renewal price at the registrar that holds it, in the display currency
 * (converted, rounded to its minor unit), with when a source last confirmed it and whether that
 * is stale; where it would renew cheapest when moving there saves money (renewal-comparison.ts
 * yearlySaving: a stale cheapest quote never claims a saving against a fresh one), else none;
 * the saving as the difference of the two display amounts; and what it counts as by its
 * auto-renew: "renews" (on), "if_renews" (unknown: the amount if it renews, never in a sure
 * total) or "not_renewing" (off).
 *
 * Totals add the per-domain display amounts, so every total is the sum of what each domain shows.
 * Two spans are told apart and reconciled: a year of every domain (one renewal of each priced
 * domain, whenever it falls due) and the renewals due in the twelve calendar months (UTC)
 * starting with today's, the forecast's span.
 */
import { formatTotal, formatUtcDay } from "../../../shared/price-format.ts";
import type { MoneyEntry, PortfolioMoney } from "../../domain/portfolio-money.ts";

// The per-domain computation is shared domain code (the expiry reminders read it too).
export { PortfolioMoney } from "../../domain/portfolio-money.ts";
export type { Counts, DomainMoney, MoneyEntry, PricedQuote } from "../../domain/portfolio-money.ts";

/** Domains, and what the priced ones add up to in minor units. */
export class MoneySum {
  domains = 0;
  minor = 0;
  withoutPrice = 0;

  add(minor: number | null) {
    this.domains += 1;
    if (minor === null) this.withoutPrice += 1;
    else this.minor += minor;
  }

  figures(money: PortfolioMoney) {
    return { domains: this.domains, amount: money.amount(this.minor), domainsWithoutPrice: this.withoutPrice };
  }
}

/** The twelve calendar months (UTC) from today's: today, the last day, and the first day after. */
export function renewalWindow(now: Date): { from: string; until: string; end: string } {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  const end = new Date(Date.UTC(year, month + 12, 1)).toISOString().slice(0, 10);
  const until = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: now.toISOString().slice(0, 10), until, end };
}

/** Where an expiry falls against the window: none, passed, due in it, or after it. */
export type Due = "noExpiryDate" | "expired" | "due" | "later";
export function dueIn(expirationDate: string | null, window: { from: string; end: string }): Due {
  if (expirationDate === null) return "noExpiryDate";
  const day = expirationDate.slice(0, 10);
  return day < window.from ? "expired" : day >= window.end ? "later" : "due";
}

/** What the totals read of an entry beside its money. */
export interface TotalsEntry extends MoneyEntry {
  expirationDate: string | null;
  /** Its registrar account no longer lists it: it will not renew there. */
  departed: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const domains = (n: number) => plural(n, "domain", "domains");

/**
 * The two spans' totals over the whole portfolio, and the sentence that reconciles them: a year
 * of every priced domain = the next twelve months' sure renewals + the "if it renews" ones +
 * what the other priced domains cost (not due in the months, auto-renew off, or gone from their
 * registrar account). Domains without a display amount are in neither.
 */
export function portfolioTotals(entries: readonly TotalsEntry[], money: PortfolioMoney) {
  const window = renewalWindow(money.now);
  const year = { all: new MoneySum(), on: new MoneySum(), unknown: new MoneySum(), off: new MoneySum() };
  let saving = 0;
  const dates = new Set<string>();
  const next = { renews: new MoneySum(), ifRenews: new MoneySum() };
  // Priced domains in the year but not in the months' two sums, by why.
  const rest = { notDue: new MoneySum(), autoRenewOff: new MoneySum(), departed: new MoneySum() };
  for (const entry of entries) {
    const m = money.of(entry);
    const minor = m.renewal?.minor ?? null;
    year.all.add(minor);
    year[m.autoRenew].add(minor);
    if (minor === null) continue;
    saving += m.saving!;
    if (m.renewal!.rateDate) dates.add(m.renewal!.rateDate);
    if (dueIn(entry.expirationDate, window) !== "due") rest.notDue.add(minor);
    else if (entry.departed) rest.departed.add(minor);
    else if (m.counts === "renews") next.renews.add(minor);
    else if (m.counts === "if_renews") next.ifRenews.add(minor);
    else rest.autoRenewOff.add(minor);
  }
  const f = (sum: MoneySum) => sum.figures(money);
  const currency = money.currency;
  const shown = (sum: MoneySum | number) => formatTotal(money.amount(typeof sum === "number" ? sum : sum.minor), currency);
  const span = `${formatUtcDay(window.from)} to ${formatUtcDay(window.until)}`;
  const restDomains = rest.notDue.domains + rest.autoRenewOff.domains + rest.departed.domains;
  const restMinor = rest.notDue.minor + rest.autoRenewOff.minor + rest.departed.minor;
  const restParts = [
    rest.notDue.domains > 0 ? `${rest.notDue.domains} due after ${formatUtcDay(window.until)}, already expired or without an expiry date (${shown(rest.notDue)})` : null,
    rest.autoRenewOff.domains > 0 ? `${rest.autoRenewOff.domains} with auto-renew off (${shown(rest.autoRenewOff)})` : null,
    rest.departed.domains > 0 ? `${rest.departed.domains} no longer in ${rest.departed.domains === 1 ? "its" : "their"} registrar account (${shown(rest.departed)})` : null,
  ].filter(Boolean);
  const priced = year.all.domains - year.all.withoutPrice;
  const sentence = [
    `The yearly cost, ${shown(year.all)}, is one year's renewal of ${priced === 1 ? "the 1 domain" : `each of the ${priced} domains`} with a price, whenever it falls due;`,
    ` the next 12 months (${span}) count only the renewals due in them: ${shown(next.renews)} for the ${domains(next.renews.domains)}`,
    ` that ${next.renews.domains === 1 ? "renews" : "renew"} automatically`,
    next.ifRenews.domains > 0
      ? ` and ${shown(next.ifRenews)} if the ${domains(next.ifRenews.domains)} whose auto-renew is unknown ${next.ifRenews.domains === 1 ? "renews" : "renew"}.`
      : ".",
    restDomains > 0 ? ` The other ${shown(restMinor)} ${restDomains === 1 ? "is 1 domain" : `is ${restDomains} domains`} that will not renew in those months: ${restParts.join(", ")}.` : "",
    year.all.withoutPrice > 0 ? ` ${plural(year.all.withoutPrice, "domain has", "domains have")} no renewal price in ${currency} and ${year.all.withoutPrice === 1 ? "is" : "are"} in neither total.` : "",
  ].join("");
  return {
    currency,
    /** The oldest ECB day an amount was converted at; null when nothing was converted. */
    rateDate: [...dates].sort()[0] ?? null,
    yearOfEveryDomain: {
      counts: "One year's renewal of every domain at its registrar's current price, whenever it falls due and whatever its auto-renew",
      ...f(year.all),
      byAutoRenew: { on: f(year.on), unknown: f(year.unknown), off: f(year.off) },
      possibleSaving: money.amount(saving),
    },
    next12Months: {
      counts: `Renewals due from ${window.from} to ${window.until}: domains that renew automatically, and apart from them the amount if the ones whose auto-renew is unknown renew`,
      from: window.from,
      until: window.until,
      renewsAutomatically: { domains: next.renews.domains, amount: money.amount(next.renews.minor) },
      ifItRenews: { domains: next.ifRenews.domains, amount: money.amount(next.ifRenews.minor) },
    },
    /** The year's priced domains in neither of the months' sums, by why. */
    notRenewingInTheMonths: {
      notDue: { domains: rest.notDue.domains, amount: money.amount(rest.notDue.minor) },
      autoRenewOff: { domains: rest.autoRenewOff.domains, amount: money.amount(rest.autoRenewOff.minor) },
      departed: { domains: rest.departed.domains, amount: money.amount(rest.departed.minor) },
    },
    /** One sentence saying how the year of every domain and the next twelve months' renewals add up. */
    reconciliation: sentence,
  };
}
export type PortfolioTotals = ReturnType<typeof portfolioTotals>;
