/**
 * What an expiry reminder says: the domain, the days left, whether it auto-renews, what renewing
 * costs at its registrar and the cheapest renewal at another one with the yearly saving, each
 * price with the day a source last confirmed it, in the user's display currency when a rate
 * converts it. The comparison is the portfolio's (src/shared/renewal-comparison.ts): prices are
 * compared in the current quote's currency, only active providers quoting a renewal count, a
 * stale quote is named only when no fresh one exists (and then says so), and it claims no
 * saving against a fresh renewal at the domain's own registrar.
 */
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import type { ExpiringDomain } from "../../../../db/repositories/notification-repository.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { currencySymbol } from "../../../shared/price-format.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { cheapestElsewhere, rankRenewals } from "../../../shared/renewal-comparison.ts";
import { autoRenewStateOf, type AutoRenewState } from "../../../shared/schemas/user-domain.ts";

/** An amount as a message shows it. `date`: when a source last confirmed the price. */
export interface ShownPrice {
  amount: string;
  currency: string;
  /** Converted from the quote's own currency at the ECB rate of `rateDate`. */
  converted: boolean;
  rateDate: string | null;
  date?: string;
}

export interface ExpiryFacts {
  domain: string;
  expirationDate: string;
  daysLeft: number;
  /** True only when the owner said it renews automatically (false for off and for unknown: see autoRenewState). */
  autoRenew: boolean;
  /** "on", "off" or "unknown" (nobody has said): what the reminder tells. */
  autoRenewState: AutoRenewState;
  registrar: string | null;
  /** Renewal at its own registrar. */
  renewal: ShownPrice | null;
  /**
   * The cheapest renewal at another active registrar, when it is cheaper (or the domain's own
   * registrar quotes none); `stale` when no source confirmed it within PRICE_STALE_DAYS, which
   * happens only when no fresh quote exists.
   */
  elsewhere: (ShownPrice & { registrar: string; stale: boolean }) | null;
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

/** The figures of one reminder, `daysLeft` before the entry's expiry; staleness as of `now`. */
export function expiryFacts(
  entry: ExpiringDomain, daysLeft: number, quotes: readonly RenewalQuote[], now: Date, staleDays: number, converter?: DisplayConverter,
): ExpiryFacts {
  const pricing = rankRenewals(entry, quotes, now, staleDays);
  const own = pricing.currentRenewal;
  const moved = cheapestElsewhere(pricing, now, staleDays);
  return {
    domain: entry.domainName, expirationDate: entry.expirationDate, daysLeft, autoRenew: entry.autoRenewKnown !== false && entry.autoRenew,
    autoRenewState: autoRenewStateOf(entry.autoRenewKnown === false ? null : entry.autoRenew),
    registrar: entry.providerName,
    renewal: own ? shown(own.price, own.currency, converter, own.lastCheckedAt) : null,
    elsewhere: moved
      ? { ...shown(moved.renewal.price, moved.renewal.currency, converter, moved.renewal.lastCheckedAt), registrar: moved.renewal.serviceProvider.name, stale: moved.stale }
      : null,
    saving: moved && moved.saving !== null && own ? shown(moved.saving, own.currency, converter) : null,
  };
}

/** "€9.43", "CHF 12.00" (a currency without a symbol of its own gets its code). */
export function money(price: ShownPrice): string {
  const symbol = currencySymbol(price.currency);
  return `${symbol === price.currency ? `${symbol} ` : symbol}${price.amount}`;
}

const inDays = (n: number) => (n === 0 ? "today" : n === 1 ? "in 1 day" : `in ${n} days`);
const priced = (p: ShownPrice) => `${money(p)} (price of ${p.date})`;
/** No fresh quote exists: the stale one is named, and says that no source confirmed it lately. */
const stalePriced = (p: ShownPrice) => `${money(p)} (price of ${p.date}, no fresher price known)`;

/** The subject line: domain, days left and auto-renew. */
export const expiryTitle = (f: ExpiryFacts) => `${f.domain} expires ${inDays(f.daysLeft)} (auto-renew ${f.autoRenewState})`;

/** The whole reminder in one sentence: every figure, each price with its date. */
export function expiryText(f: ExpiryFacts): string {
  const renewal = f.renewal
    ? `renews at ${priced(f.renewal)} at ${f.registrar}`
    : f.registrar ? `no renewal price is known at ${f.registrar}` : "no registrar is set for it";
  const elsewhere = f.elsewhere
    ? `cheapest ${f.elsewhere.stale ? "" : "fresh "}renewal elsewhere ${f.elsewhere.stale ? stalePriced(f.elsewhere) : priced(f.elsewhere)} at ${f.elsewhere.registrar}${f.saving ? `, saving ${money(f.saving)} a year` : ""}`
    : "no other registrar renews it for less";
  return `${f.domain} expires ${inDays(f.daysLeft)}, on ${f.expirationDate}, auto-renew ${f.autoRenewState}: ${renewal}; ${elsewhere}.`;
}
