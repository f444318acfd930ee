/**
 * The renewal comparison, one rule for the portfolio and for every notification that compares
 * prices (expiry reminders, renewal price alerts, watched TLDs): which quotes count, which of
 * them is the cheapest, and when moving there saves money. Money is integer minor units of the
 * quote's currency; staleness is isStaleAt's (PRICE_STALE_DAYS).
 *
 * - A quote counts when its provider is active and it quotes the price above zero.
 * - Ranking: fresh before stale (a stale quote is the cheapest only when no fresh one exists),
 *   then the lower price, then the provider whose name sorts first (code-unit order), then the
 *   lower provider id.
 * - Prices are compared in the current quote's currency (USD when the entry has none).
 * - A saving is a move to another provider that is cheaper, in the same currency; a stale
 *   cheapest quote makes no saving claim against a fresh quote of the domain's own provider, and
 *   the own provider never saves against itself.
 */
import { isStaleAt } from "./price-freshness.ts";

/** A stored renewal quote of one TLD at one provider. */
export interface RenewalQuote {
  tldId: number;
  provider: { id: number; name: string; domain: string; isActive: boolean };
  renewalPrice: number | null;
  currency: string;
  lastCheckedAt: Date;
  changedAt: Date;
}

/** A renewal price with when its quote was last checked and when it took this value. */
export interface Renewal {
  price: number;
  currency: string;
  lastCheckedAt: Date;
  changedAt: Date;
}

export interface CheapestRenewal extends Renewal {
  serviceProvider: { id: number; name: string; domain: string };
}

export interface RenewalPricing {
  /** Renewal at the entry's own provider, when that provider is active and quotes a renewal. */
  currentRenewal: Renewal | null;
  /**
   * Lowest renewal at any active provider (the entry's own included), in the current quote's
   * currency (USD when there is none), ranked as this file's comment says.
   */
  cheapestRenewal: CheapestRenewal | null;
}

/** Whether `price` at `provider` can be compared: an active provider quoting it above zero. */
export const offersPrice = (provider: { isActive: boolean }, price: number | null): price is number =>
  provider.isActive && price !== null && price > 0;

/** A quote that can be compared: its provider is active and it quotes a renewal above zero. */
export const quotesRenewal = <Q extends Pick<RenewalQuote, "provider" | "renewalPrice">>(q: Q): q is Q & { renewalPrice: number } =>
  offersPrice(q.provider, q.renewalPrice);

/** A candidate of a ranking: its price, whether its quote is stale, and its provider. */
export interface Ranked {
  price: number;
  stale: boolean;
  provider: { id: number; name: string };
}

/** Fresh before stale, then the lower price, then the provider's name, then its id. */
export function ranksBefore(a: Ranked, b: Ranked): boolean {
  if (a.stale !== b.stale) return b.stale;
  if (a.price !== b.price) return a.price < b.price;
  if (a.provider.name !== b.provider.name) return a.provider.name < b.provider.name;
  return a.provider.id < b.provider.id;
}

const renewalOf = (q: RenewalQuote & { renewalPrice: number }): Renewal =>
  ({ price: q.renewalPrice, currency: q.currency, lastCheckedAt: q.lastCheckedAt, changedAt: q.changedAt });

/**
 * The renewal pricing of an entry of `tldId` held at `serviceProviderId` (null: none given),
 * from the stored quotes (quotes of other TLDs are passed over); staleness as of `now`.
 */
export function rankRenewals(
  entry: { tldId: number; serviceProviderId: number | null }, quotes: readonly RenewalQuote[], now: Date, staleDays: number,
): RenewalPricing {
  const comparable = quotes.filter((q) => q.tldId === entry.tldId).filter(quotesRenewal);
  const own = entry.serviceProviderId === null ? undefined : comparable.find((q) => q.provider.id === entry.serviceProviderId);
  const currency = own?.currency ?? "USD";
  let best: (Ranked & { quote: RenewalQuote & { renewalPrice: number } }) | undefined;
  for (const q of comparable) {
    if (q.currency !== currency) continue;
    const candidate = { price: q.renewalPrice, stale: isStaleAt(q.lastCheckedAt, now, staleDays), provider: q.provider, quote: q };
    if (!best || ranksBefore(candidate, best)) best = candidate;
  }
  return {
    currentRenewal: own ? renewalOf(own) : null,
    cheapestRenewal: best
      ? { ...renewalOf(best.quote), serviceProvider: { id: best.quote.provider.id, name: best.quote.provider.name, domain: best.quote.provider.domain } }
      : null,
  };
}

/**
 * What moving from `current` to `candidate` saves a year, or null when it saves nothing: another
 * currency, not cheaper, or a stale candidate against a fresh current quote.
 */
export function savingAgainst(current: Renewal, candidate: Renewal, now: Date, staleDays: number): number | null {
  if (current.currency !== candidate.currency) return null;
  if (isStaleAt(candidate.lastCheckedAt, now, staleDays) && !isStaleAt(current.lastCheckedAt, now, staleDays)) return null;
  const saving = current.price - candidate.price;
  return saving > 0 ? saving : null;
}

/**
 * Yearly saving in minor units of the current quote's currency by moving to the cheapest
 * provider, or null when there is none to make (no quote to compare, another currency, the own
 * provider is the cheapest, a stale cheapest against a fresh own quote).
 */
export function yearlySaving(pricing: RenewalPricing, now: Date, staleDays: number): number | null {
  const { currentRenewal: current, cheapestRenewal: cheapest } = pricing;
  if (!current || !cheapest) return null;
  return savingAgainst(current, cheapest, now, staleDays);
}

/**
 * The cheapest renewal at another provider worth naming to the domain's owner: the cheapest when
 * moving there saves money, or, when the own provider quotes no renewal, the cheapest at all.
 * Null otherwise (the own provider is the cheapest, or nothing compares).
 */
export function cheapestElsewhere(
  pricing: RenewalPricing, now: Date, staleDays: number,
): { renewal: CheapestRenewal; saving: number | null; stale: boolean } | null {
  const cheapest = pricing.cheapestRenewal;
  if (!cheapest) return null;
  const saving = yearlySaving(pricing, now, staleDays);
  if (pricing.currentRenewal && saving === null) return null;
  return { renewal: cheapest, saving, stale: isStaleAt(cheapest.lastCheckedAt, now, staleDays) };
}
