import type { CurrentQuote, HistoryDisplay } from "./history-series.ts";

interface QuoteLike {
  registrationPrice: string | null;
  renewalPrice: string | null;
  currency: string;
  isPromo: boolean;
  snapshotDate: string;
  /** When a source last confirmed the quote (ISO instant): the date the comparison tables show. */
  lastCheckedAt?: string | undefined;
  /** When the quote took its present values (ISO instant). */
  changedAt?: string | undefined;
  display?: HistoryDisplay | null | undefined;
}

/**
 * A current quote as the history chart sees it: in effect since it took its present values, and
 * checked when a source last confirmed it, the same day the comparison table beside it says
 * ("checked Apr 8, 2024"): one quote, one date. The list date is the fallback for a quote
 * without those instants.
 */
export function toCurrentQuote(quote: QuoteLike, provider: { id: number; name: string }): CurrentQuote {
  return {
    providerId: provider.id,
    providerName: provider.name,
    registrationPrice: quote.registrationPrice,
    renewalPrice: quote.renewalPrice,
    currency: quote.currency,
    isPromo: quote.isPromo,
    since: (quote.changedAt ?? quote.snapshotDate).slice(0, 10),
    checked: (quote.lastCheckedAt ?? quote.snapshotDate).slice(0, 10),
    display: quote.display,
  };
}
