import type { CurrentQuote, HistoryDisplay } from "./history-series.ts";

interface QuoteLike {
  registrationPrice: string | null;
  renewalPrice: string | null;
  currency: string;
  isPromo: boolean;
  snapshotDate: string;
  display?: HistoryDisplay | null | undefined;
}

/** A current quote as the history chart sees it: in effect since the list that set it, confirmed by that list. */
export function toCurrentQuote(quote: QuoteLike, provider: { id: number; name: string }): CurrentQuote {
  return {
    providerId: provider.id,
    providerName: provider.name,
    registrationPrice: quote.registrationPrice,
    renewalPrice: quote.renewalPrice,
    currency: quote.currency,
    isPromo: quote.isPromo,
    since: quote.snapshotDate,
    checked: quote.snapshotDate,
    display: quote.display,
  };
}
