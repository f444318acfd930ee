/**
 * One TLD's price-list row and the summary the list filters and sorts on, from its active
 * providers' quotes, as a pure function: the database layer reads the quotes and the rates and
 * stores what this returns (db/repositories/price-summary-repository.ts).
 *
 * - Minima (registration, renewal, transfer, three years = registration + two renewals) are
 *   over USD quotes only, and prefer quotes confirmed within `staleDays` of `now`: a stale
 *   quote gives a minimum only when no fresh one has that price, and the minimum then says so.
 * - Each minimum names the quote it comes from (`sources`): provider, lastCheckedAt, isStale,
 *   and whether the figure is an extreme outlier among the name's quotes (price-outliers.ts).
 *   The row carries no other quote, except the promotion behind the registration minimum.
 * - A figure the price checks found unusual in a quote (its `flags`, src/shared/price-checks.ts)
 *   does not give a minimum while a usual quote has that price: the cheapest usual one does
 *   (docs/decisions/059). Only when every quote's figure is unusual does the cheapest unusual one,
 *   and its source then says so (`unusual`, `unusualReason`).
 * - The row is stale when every quote is; its lastCheckedAt is the newest quote's.
 * - The row and its promotion carry their prices in the converter's currency as `display`.
 */
import { withRowDisplay, type DisplayConverter } from "./display-converter.ts";
import { minorToPrice } from "./price-format.ts";
import { isStaleAt, lowestPreferringFresh } from "./price-freshness.ts";
import { reasonOf, type PriceFlag, type PriceOperation } from "./price-checks.ts";
import { isPriceOutlier, OUTLIER_FACTOR } from "./price-outliers.ts";
import {
  serializeQuote, type PriceRow, type PriceSource, type ProviderSummary, type RowPrice, type RowPriceType, type StoredQuote,
} from "./price-quote.ts";

/** A stored quote of the TLD, with the TLD's catalogue names and what the price checks found unusual in it (none when absent). */
export type SummaryQuote = StoredQuote<ProviderSummary> & {
  tldId: number;
  tld: { name: string; unicodeName: string | null; category: string };
  flags?: readonly PriceFlag[];
};

/** The quote's flags on the operations a figure is made of. */
const flagsOn = (q: SummaryQuote, operations: readonly PriceOperation[]) => q.flags?.filter((f) => operations.includes(f.operation)) ?? [];

/** A `prices[]` entry: the quote behind the row's lowest price of `type`. */
function rowPrice(type: RowPriceType, q: SummaryQuote, isStale: boolean): RowPrice {
  const { id, name, domain, logoUrl } = q.serviceProvider;
  return {
    type, id: q.id,
    registrationPrice: minorToPrice(q.registrationPrice), renewalPrice: minorToPrice(q.renewalPrice), transferPrice: minorToPrice(q.transferPrice),
    currency: q.currency, lastCheckedAt: q.lastCheckedAt.toISOString(), isStale,
    serviceProvider: { id, name, domain, logoUrl },
  };
}

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

/** What a figure's source says of the price checks. */
const unusualOf = (flags: readonly PriceFlag[]) => ({ unusual: flags.length > 0, unusualReason: flags.length ? reasonOf(flags) : null });

/** `quotes` are one TLD's, in the order its rows list them (cheapest registration first); at least one. */
export function summarisePriceRow(quotes: readonly SummaryQuote[], { now, staleDays, display }: SummaryOptions): { summary: PriceSummaryValues; row: PriceRow } {
  const first = quotes[0];
  if (!first) throw new RangeError("summarisePriceRow needs at least one quote");
  const usd = quotes.filter((q) => q.currency === "USD");
  const stale = (q: SummaryQuote) => isStaleAt(q.lastCheckedAt, now, staleDays);
  const figure = (valueOf: (q: SummaryQuote) => number | null, operations: readonly PriceOperation[]) => {
    const usual = usd.filter((q) => flagsOn(q, operations).length === 0);
    let lowest = lowestPreferringFresh(usual, valueOf, stale);
    if (lowest.value === null) lowest = lowestPreferringFresh(usd, valueOf, stale);
    let source: PriceSource | null = null;
    if (lowest.item && lowest.value !== null) {
      const value = lowest.value;
      const all = usd.flatMap((q) => valueOf(q) ?? []);
      // The median is at least the smallest value: a figure within OUTLIER_FACTOR of that needs no median.
      const maybeOutlier = all.some((v) => value > OUTLIER_FACTOR * v);
      source = {
        serviceProvider: { id: lowest.item.serviceProvider.id, name: lowest.item.serviceProvider.name },
        lastCheckedAt: lowest.item.lastCheckedAt.toISOString(),
        isStale: lowest.isStale,
        isOutlier: maybeOutlier && isPriceOutlier(value, all),
        ...unusualOf(flagsOn(lowest.item, operations)),
      };
    }
    return { ...lowest, source };
  };
  const registration = figure((q) => q.registrationPrice, ["registration"]);
  const renewal = figure((q) => q.renewalPrice, ["renewal"]);
  const transfer = figure((q) => q.transferPrice, ["transfer"]);
  const threeYear = figure((q) => q.registrationPrice === null || q.renewalPrice === null ? null : q.registrationPrice + 2 * q.renewalPrice, ["registration", "renewal"]);
  const newest = quotes.reduce((max, q) => (q.lastCheckedAt > max ? q.lastCheckedAt : max), first.lastCheckedAt);
  // The promotion the table shows beside the registration minimum: a promo quote with that price and freshness.
  const promo = registration.value === null ? undefined
    : usd.find((q) => q.isPromo && q.registrationPrice === registration.value && stale(q) === registration.isStale);
  const prices = ([["registration", registration], ["renewal", renewal], ["transfer", transfer]] as const)
    .flatMap(([type, lowest]) => (lowest.item && lowest.value !== null ? [rowPrice(type, lowest.item, lowest.isStale)] : []));
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
    sources: { registration: registration.source, renewal: renewal.source, transfer: transfer.source, threeYear: threeYear.source },
    prices,
    promo: promo ? serializeQuote({ ...promo, serviceProvider: { id: promo.serviceProvider.id, name: promo.serviceProvider.name } }, now, staleDays) : null,
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

/** A quote a list confirmed: same prices, checked again. */
export interface ConfirmedQuote {
  id: number;
  serviceProviderId: number;
  lastCheckedAt: Date;
  snapshotDate: string;
}

/**
 * A stored row after one of its quotes was confirmed, when that quote was fresh before and
 * stays fresh (a confirmation that can move a minimum rewrites the row instead): the minima and
 * their providers stay, the dates move. The row's newest check becomes the confirmation's if
 * later; each minimum the provider gives, and the promotion when it is that quote, carry the
 * new check and are fresh.
 */
export function confirmRowQuote(row: PriceRow, quote: ConfirmedQuote): PriceRow {
  const checked = quote.lastCheckedAt.toISOString();
  const source = (s: PriceSource | null) => (s && s.serviceProvider.id === quote.serviceProviderId ? { ...s, lastCheckedAt: checked, isStale: false } : s);
  const { registration, renewal, transfer, threeYear } = row.sources;
  return {
    ...row,
    lastCheckedAt: Date.parse(row.lastCheckedAt) >= quote.lastCheckedAt.getTime() ? row.lastCheckedAt : checked,
    sources: { registration: source(registration), renewal: source(renewal), transfer: source(transfer), threeYear: source(threeYear) },
    // Rows stored before `prices` existed are rewritten at start (PRICE_ROW_FORMAT), never patched.
    prices: row.prices.map((p) => (p.id === quote.id ? { ...p, lastCheckedAt: checked, isStale: false } : p)),
    promo: row.promo && row.promo.id === quote.id
      ? { ...row.promo, snapshotDate: quote.snapshotDate, lastCheckedAt: checked, isStale: false }
      : row.promo,
  };
}
