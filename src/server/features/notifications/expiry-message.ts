/**
 * What an expiry reminder says: the domain, the days left, whether it auto-renews, what renewing
 * costs at the registrar that holds it and the cheapest renewal at another one with the yearly
 * saving, each price with the day a source last confirmed it. The amounts are the portfolio's
 * (PortfolioMoney, portfolio/money.ts): the renewal at the registrar in force in the user's
 * display currency, converted at the stored ECB rate, so a reminder names to the cent what the
 * cards, the summary and the forecast name for the domain. The comparison is the portfolio's
 * (src/shared/renewal-comparison.ts): prices are compared in the current quote's currency, only
 * active providers quoting a renewal count, a stale quote is named only when no fresh one exists
 * (and then says so), and it claims no saving against a fresh renewal at the domain's own
 * registrar. Auto-renew unknown is said as unknown, with the amount "if it renews", never as off.
 */
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import type { ExpiringDomain } from "../../../../db/repositories/notification-repository.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { currencySymbol } from "../../../shared/price-format.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { cheapestElsewhere, rankRenewals } from "../../../shared/renewal-comparison.ts";
import { autoRenewStateOf, type AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import type { Counts, PortfolioMoney, PricedQuote } from "../../domain/portfolio-money.ts";

/** An amount as a message shows it. `date`: when a source last confirmed the price. */
export interface ShownPrice {
  amount: string;
  currency: string;
  /** Converted from the quote's own currency at the ECB rate of `rateDate`. */
  converted: boolean;
  rateDate: string | null;
  date?: string;
}

/** A quote as the reminder names it: in the display currency, else (no stored rate converts it) in its own. */
export interface QuotedPrice extends ShownPrice {
  /** The quote itself, in its own currency ("15.99", "USD"). */
  quote: { amount: string; currency: string };
  /** Whose price list the quote is from. */
  source: string;
}

export interface ExpiryFacts {
  domain: string;
  expirationDate: string;
  daysLeft: number;
  /** True only when the owner said it renews automatically (false for off and for unknown: see autoRenewState). */
  autoRenew: boolean;
  /** "on", "off" or "unknown" (nobody has said): what the reminder tells. */
  autoRenewState: AutoRenewState;
  /** What the renewal counts as (portfolio money): "renews", "if_renews" (auto-renew unknown: the amount if it renews) or "not_renewing". */
  counts: Counts;
  /** The registrar in force: the entry's own, else the registry's when it is listed. */
  registrar: string | null;
  /** Renewal at the registrar that holds it, the amount the portfolio's cards and forecast name. */
  renewal: QuotedPrice | null;
  /**
   * The cheapest renewal at another active registrar, when it is cheaper (or the domain's own
   * registrar quotes none); `stale` when no source confirmed it within PRICE_STALE_DAYS, which
   * happens only when no fresh quote exists.
   */
  elsewhere: (QuotedPrice & { registrar: string; stale: boolean }) | null;
  /** What moving there saves a year. */
  saving: ShownPrice | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function shown(cents: number, currency: string, converter: DisplayConverter | undefined, date?: Date): ShownPrice {
  const at = date ? { date: isoDay(date) } : {};
  if (converter?.canConvert(currency)) {
    return { amount: converter.amount(cents, currency)!, currency: converter.currency, ...converter.conversion(currency), ...at };
  }
  return { amount: minorToDecimalString(cents), currency, converted: false, rateDate: null, ...at };
}

/** A priced quote of the money as the reminder names it, `source` the registrar whose price it is. */
function quoted(money: PortfolioMoney, q: PricedQuote, source: string): QuotedPrice {
  const own = { amount: minorToDecimalString(q.quote.price), currency: q.quote.currency };
  const date = isoDay(q.quote.lastCheckedAt);
  return q.minor === null
    ? { ...own, converted: false, rateDate: null, date, quote: own, source }
    : { amount: money.amount(q.minor), currency: money.currency, converted: q.rateDate !== null, rateDate: q.rateDate, date, quote: own, source };
}

/**
 * The figures of one reminder, `daysLeft` before the entry's expiry: the entry priced at its
 * registrar in force from `quotes`, its money worked out by `money` (the user's display currency,
 * `now` and PRICE_STALE_DAYS), as the portfolio works it out.
 */
export function expiryFacts(entry: ExpiringDomain, daysLeft: number, quotes: readonly RenewalQuote[], money: PortfolioMoney): ExpiryFacts {
  const { now, staleDays } = money;
  const pricing = rankRenewals(entry, quotes, now, staleDays);
  const autoRenew = entry.autoRenewKnown === false ? null : entry.autoRenew;
  const m = money.of({ ...pricing, autoRenew });
  const moved = cheapestElsewhere(pricing, now, staleDays);
  const registrar = entry.providerName;
  // The saving is the money's (the difference of the two amounts shown); without a display amount, in the quotes' own currency.
  const saving = !moved || moved.saving === null || !pricing.currentRenewal ? null
    : m.saving !== null ? { amount: money.amount(m.saving), currency: money.currency, converted: m.renewal!.rateDate !== null, rateDate: m.renewal!.rateDate }
      : shown(moved.saving, pricing.currentRenewal.currency, undefined);
  return {
    domain: entry.domainName, expirationDate: entry.expirationDate, daysLeft, autoRenew: autoRenew === true,
    autoRenewState: autoRenewStateOf(autoRenew), counts: m.counts, registrar,
    renewal: m.renewal ? quoted(money, m.renewal, registrar ?? "its registrar") : null,
    elsewhere: moved
      ? { ...quoted(money, money.quote(moved.renewal), moved.renewal.serviceProvider.name), registrar: moved.renewal.serviceProvider.name, stale: moved.stale }
      : null,
    saving,
  };
}

/** "€9.43", "CHF 12.00" (a currency without a symbol of its own gets its code). */
export function money(price: ShownPrice): string {
  const symbol = currencySymbol(price.currency);
  return `${symbol === price.currency ? `${symbol} ` : symbol}${price.amount}`;
}

const inDays = (n: number) => (n === 0 ? "today" : n === 1 ? "in 1 day" : `in ${n} days`);
/** The amount with the day its source last confirmed it, and the quote it was converted from. */
function priced(p: QuotedPrice, staleNote = ""): string {
  const converted = p.converted && p.rateDate ? `, converted from ${money({ ...p.quote, converted: false, rateDate: null })} at the ECB rate of ${p.rateDate}` : "";
  return `${money(p)} (price of ${p.date}${staleNote}${converted})`;
}
/** No fresh quote exists: the stale one is named, and says that no source confirmed it lately. */
const stalePriced = (p: QuotedPrice) => priced(p, ", no fresher price known");

/** The subject line: domain, days left and auto-renew. */
export const expiryTitle = (f: ExpiryFacts) => `${f.domain} expires ${inDays(f.daysLeft)} (auto-renew ${f.autoRenewState})`;

/** What renewing costs at its registrar, said as its auto-renew has it: unknown is the amount "if it renews", never off. */
function renewalWords(f: ExpiryFacts): string {
  if (!f.renewal) return f.registrar ? `no renewal price is known at ${f.registrar}` : "no registrar is set for it";
  const at = `${priced(f.renewal)} at ${f.renewal.source}`;
  if (f.counts === "if_renews") return `nobody has said whether it renews automatically; if it renews, it renews at ${at}`;
  if (f.counts === "not_renewing") return `it will not renew by itself; renewing costs ${at}`;
  return `renews at ${at}`;
}

/** The whole reminder in one sentence: every figure, each price with its date and source. */
export function expiryText(f: ExpiryFacts): string {
  const elsewhere = f.elsewhere
    ? `cheapest ${f.elsewhere.stale ? "" : "fresh "}renewal elsewhere ${f.elsewhere.stale ? stalePriced(f.elsewhere) : priced(f.elsewhere)} at ${f.elsewhere.registrar}${f.saving ? `, saving ${money(f.saving)} a year` : ""}`
    : "no other registrar renews it for less";
  return `${f.domain} expires ${inDays(f.daysLeft)}, on ${f.expirationDate}, auto-renew ${f.autoRenewState}: ${renewalWords(f)}; ${elsewhere}.`;
}
