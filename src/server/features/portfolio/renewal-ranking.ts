/**
 * Which renewal a portfolio entry pays now, the cheapest renewal it could move to, and what the
 * move saves a year. The repository reads every stored quote of the entries' TLDs; these rules
 * decide what they mean. Money is integer minor units of the quote's currency.
 */
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";

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
   * currency (USD when there is none); a stale quote (isStaleAt) counts only when no fresh one
   * exists. Equal prices go to the provider whose name sorts first (code-unit
   * order), then the lower provider id.
   */
  cheapestRenewal: CheapestRenewal | null;
}

/** A quote can be compared when its provider is active and it quotes a renewal above zero. */
const quotesRenewal = (q: RenewalQuote): q is RenewalQuote & { renewalPrice: number } =>
  q.provider.isActive && q.renewalPrice !== null && q.renewalPrice > 0;

const renewalOf = (q: RenewalQuote & { renewalPrice: number }): Renewal =>
  ({ price: q.renewalPrice, currency: q.currency, lastCheckedAt: q.lastCheckedAt, changedAt: q.changedAt });

type Comparable = RenewalQuote & { renewalPrice: number; stale: boolean };

/** Fresh before stale, then the lower price, then the provider's name, then its id. */
function ranksBefore(a: Comparable, b: Comparable): boolean {
  if (a.stale !== b.stale) return b.stale;
  if (a.renewalPrice !== b.renewalPrice) return a.renewalPrice < b.renewalPrice;
  if (a.provider.name !== b.provider.name) return a.provider.name < b.provider.name;
  return a.provider.id < b.provider.id;
}

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
  let best: Comparable | undefined;
  for (const q of comparable) {
    if (q.currency !== currency) continue;
    const candidate = { ...q, stale: isStaleAt(q.lastCheckedAt, now, staleDays) };
    if (!best || ranksBefore(candidate, best)) best = candidate;
  }
  return {
    currentRenewal: own ? renewalOf(own) : null,
    cheapestRenewal: best
      ? { ...renewalOf(best), serviceProvider: { id: best.provider.id, name: best.provider.name, domain: best.provider.domain } }
      : null,
  };
}

/**
 * Yearly saving in minor units of the current quote's currency by moving to the cheapest
 * provider, or null when there is none to make (no quote to compare, another currency, the own
 * provider is the cheapest). A stale cheapest quote (only when no fresh one exists for the TLD)
 * makes no saving claim against a fresh quote of the domain's own provider.
 */
export function yearlySaving(pricing: RenewalPricing, now: Date, staleDays: number): number | null {
  const { currentRenewal: current, cheapestRenewal: cheapest } = pricing;
  if (!current || !cheapest || current.currency !== cheapest.currency) return null;
  if (isStaleAt(cheapest.lastCheckedAt, now, staleDays) && !isStaleAt(current.lastCheckedAt, now, staleDays)) return null;
  const saving = current.price - cheapest.price;
  return saving > 0 ? saving : null;
}
