/**
 * The per-domain renewal money of a portfolio entry (what features/portfolio/money.ts says, and
 * what the expiry reminders name): the renewal at the registrar that holds it, in the display
 * currency, with its date, staleness and conversion; the move that saves money and the saving;
 * and what it counts as by its auto-renew. Without I/O. Shared domain code, so the portfolio's
 * surfaces and the notifications read one computation.
 */
import { minorToAmount } from "../../shared/currency.ts";
import type { DisplayConverter } from "../../shared/display-converter.ts";
import { isStaleAt } from "../../shared/price-freshness.ts";
import { yearlySaving, type Renewal, type RenewalPricing } from "../../shared/renewal-comparison.ts";
import { autoRenewStateOf, type AutoRenewState } from "../../shared/schemas/user-domain.ts";

/** How a domain's renewal counts: on, unknown (the amount if it renews) or off. */
export type Counts = "renews" | "if_renews" | "not_renewing";
const COUNTS: Record<AutoRenewState, Counts> = { on: "renews", unknown: "if_renews", off: "not_renewing" };

/** What the money reads of a priced entry. */
export interface MoneyEntry extends RenewalPricing {
  autoRenew: boolean | null;
}

/** A renewal quote and its amount in the display currency. */
export interface PricedQuote {
  quote: Renewal;
  /** Minor units of the display currency; null when no stored rate converts the quote's currency. */
  minor: number | null;
  isStale: boolean;
  /** The ECB day the amount was converted at; null when the quote is in the display currency (or not converted). */
  rateDate: string | null;
}

export interface DomainMoney {
  autoRenew: AutoRenewState;
  counts: Counts;
  /** The renewal at the registrar that holds it; null when that registrar quotes none (or none is known). */
  renewal: PricedQuote | null;
  /** The cheapest renewal a saving is claimed for, at another registrar; null when moving saves nothing. */
  move: (PricedQuote & { serviceProvider: { id: number; name: string } }) | null;
  /** renewal − move in the display currency's minor units; 0 without a move, null without a display amount. */
  saving: number | null;
}

/** Per-domain money with one converter, `now` and stale window; entries sharing a quote are worked out once. */
export class PortfolioMoney {
  private readonly perQuote = new WeakMap<Renewal, Omit<DomainMoney, "autoRenew" | "counts">>();

  constructor(readonly converter: DisplayConverter, readonly now: Date, readonly staleDays: number) {}

  get currency(): string {
    return this.converter.currency;
  }

  get digits(): number {
    return this.converter.digits;
  }

  /** Any renewal quote in the display currency, judged as the domains' own are (the reminders name a cheapest one this way). */
  quote(quote: Renewal): PricedQuote {
    return this.priced(quote);
  }

  private priced(quote: Renewal): PricedQuote {
    const convertible = this.converter.canConvert(quote.currency);
    return {
      quote,
      minor: convertible ? this.converter.minor(quote.price, quote.currency) : null,
      isStale: isStaleAt(quote.lastCheckedAt, this.now, this.staleDays),
      rateDate: convertible ? this.converter.conversion(quote.currency).rateDate : null,
    };
  }

  of(entry: MoneyEntry): DomainMoney {
    const autoRenew = autoRenewStateOf(entry.autoRenew);
    const own = entry.currentRenewal;
    if (!own) return { autoRenew, counts: COUNTS[autoRenew], renewal: null, move: null, saving: null };
    let figures = this.perQuote.get(own);
    if (!figures) {
      const renewal = this.priced(own);
      // With a saving the cheapest quote is in the registrar quote's currency, so converts alike.
      const cheapest = yearlySaving(entry, this.now, this.staleDays) === null ? null : entry.cheapestRenewal!;
      const move = cheapest && { ...this.priced(cheapest), serviceProvider: { id: cheapest.serviceProvider.id, name: cheapest.serviceProvider.name } };
      const saving = renewal.minor === null ? null : move ? renewal.minor - move.minor! : 0;
      figures = { renewal, move, saving };
      this.perQuote.set(own, figures);
    }
    return { autoRenew, counts: COUNTS[autoRenew], ...figures };
  }

  /** A minor amount as a decimal string of the display currency ("24.00", JPY "2400"). */
  amount(minor: number): string {
    return minorToAmount(minor, this.digits);
  }
}
