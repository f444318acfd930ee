/**
 * One TLD's price-list row and the summary the list filters and sorts on, from its active
 * providers' quotes, as a pure function: the database layer reads the quotes and the rates and
 * stores what this returns (db/repositories/price-summary-repository.ts).
 *
 * - Minima (registration, renewal, transfer, three years = registration + two renewals) are
 *   over USD quotes only, and prefer quotes confirmed within `staleDays` of `now`: a stale
 *   quote gives a minimum only when no fresh one has that price, and the minimum then says so.
 * - The row is stale when every quote is; its lastCheckedAt is the newest quote's.
 * - The row and each quote carry their prices in the converter's currency as `display`.
 */
import { withRowDisplay, type DisplayConverter } from "./display-converter.ts";
import { minorToPrice } from "./price-format.ts";
import { isStaleAt, lowestPreferringFresh } from "./price-freshness.ts";
import { serializeQuote, type PriceRow, type StoredQuote } from "./price-quote.ts";

/** A stored quote of the TLD, with the TLD's catalogue names. */
export type SummaryQuote = StoredQuote & { tldId: number; tld: { name: string; unicodeName: string | null; category: string } };

export interface PriceSummaryValues {
  tldId: number;
  name: string;
  category: string;
  searchText: string;
  minRegistration: number | null;
  minRenewal: number | null;
  minTransfer: number | null;
  minThreeYear: number | null;
  providerCount: number;
}

export interface SummaryOptions {
  /** When the row counts as written: staleness is judged as of then. */
  now: Date;
  /** PRICE_STALE_DAYS. */
  staleDays: number;
  /** Converts to the stored rows' display currency (USD). */
  display: DisplayConverter;
}

/** What a search matches: the name and Unicode name, lower-cased. */
export const searchTextOf = (name: string, unicodeName: string | null): string =>
  [name, unicodeName].filter(Boolean).join("\n").toLowerCase();

/** `quotes` are one TLD's, in the order its rows list them (cheapest registration first); at least one. */
export function summarisePriceRow(quotes: readonly SummaryQuote[], { now, staleDays, display }: SummaryOptions): { summary: PriceSummaryValues; row: PriceRow } {
  const first = quotes[0];
  if (!first) throw new RangeError("summarisePriceRow needs at least one quote");
  const usd = quotes.filter((q) => q.currency === "USD");
  const stale = (q: SummaryQuote) => isStaleAt(q.lastCheckedAt, now, staleDays);
  const registration = lowestPreferringFresh(usd, (q) => q.registrationPrice, stale);
  const renewal = lowestPreferringFresh(usd, (q) => q.renewalPrice, stale);
  const transfer = lowestPreferringFresh(usd, (q) => q.transferPrice, stale);
  const threeYear = lowestPreferringFresh(usd, (q) =>
    q.registrationPrice === null || q.renewalPrice === null ? null : q.registrationPrice + 2 * q.renewalPrice, stale);
  const newest = quotes.reduce((max, q) => (q.lastCheckedAt > max ? q.lastCheckedAt : max), first.lastCheckedAt);
  const row: PriceRow = {
    id: first.tldId,
    name: first.tld.name,
    unicodeName: first.tld.unicodeName,
    category: first.tld.category,
    registrationPrice: minorToPrice(registration.value),
    registrationIsStale: registration.isStale,
    renewalPrice: minorToPrice(renewal.value),
    renewalIsStale: renewal.isStale,
    transferPrice: minorToPrice(transfer.value),
    transferIsStale: transfer.isStale,
    threeYearPrice: minorToPrice(threeYear.value),
    threeYearIsStale: threeYear.isStale,
    currency: "USD",
    providerCount: quotes.length,
    lastCheckedAt: newest.toISOString(),
    isStale: quotes.every(stale),
    prices: quotes.map((q) => serializeQuote(q, now, staleDays)),
  };
  return {
    summary: {
      tldId: first.tldId, name: first.tld.name, category: first.tld.category,
      searchText: searchTextOf(first.tld.name, first.tld.unicodeName),
      minRegistration: registration.value, minRenewal: renewal.value, minTransfer: transfer.value,
      minThreeYear: threeYear.value, providerCount: quotes.length,
    },
    row: withRowDisplay(display, row),
  };
}
