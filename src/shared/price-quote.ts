/**
 * How prices leave the server: one quote per provider and TLD, money as decimal strings,
 * instants as ISO strings. Shared so the stored row JSON (built by the database layer when
 * summaries are rewritten) and the answers built per request have one shape.
 */
import { minorToPrice } from "./price-format.ts";
import { isStaleAt } from "./price-freshness.ts";

/** What a price table row needs of its provider. */
export interface ProviderSummary {
  id: number;
  name: string;
  domain: string;
  logoUrl: string | null;
}

/** The price columns of a stored quote (domain_prices): money in minor units. */
export interface StoredPrices {
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: number | null;
  /** The transfer price is a sale below the regular transfer price. */
  transferIsPromo: boolean;
}

export const STORED_PRICE_FIELDS = [
  "registrationPrice", "renewalPrice", "transferPrice", "currency", "isPromo", "regularRegistrationPrice", "transferIsPromo",
] as const satisfies readonly (keyof StoredPrices)[];

/** Same prices: a newer list that says this confirms the quote rather than changing it. */
export const sameStoredPrices = (a: StoredPrices, b: StoredPrices) => STORED_PRICE_FIELDS.every((f) => a[f] === b[f]);

/** A stored quote as the repositories return it. */
export interface StoredQuote<P = ProviderSummary> extends StoredPrices {
  id: number;
  snapshotDate: string;
  /** When a source last confirmed these values. */
  lastCheckedAt: Date;
  /** When the quote took its present values. */
  changedAt: Date;
  serviceProvider: P;
  /** Why the price checks find the quote's prices unusual (src/shared/price-checks.ts); null or absent when usual. */
  unusualReason?: string | null;
}

export interface PriceQuote<P = ProviderSummary> {
  id: number;
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: string | null;
  transferIsPromo: boolean;
  snapshotDate: string;
  lastCheckedAt: string;
  /** Not confirmed by a source within the stale window (PRICE_STALE_DAYS) as of when it was served. */
  isStale: boolean;
  changedAt: string;
  serviceProvider: P;
  /** The price checks find a price of the quote unusual (docs/decisions/059); shown marked, with why. */
  unusual: boolean;
  /** Why, in plain words ("Renewal $0.30 is under a quarter of this registrar's registration price $59.96."); null when usual. */
  unusualReason: string | null;
  /**
   * Present when a display currency was asked for: the prices in it (converted at the ECB
   * reference rate when the quote is in another currency). Null when no stored rate converts
   * the quote's currency.
   */
  display?: PriceDisplay | null;
}

/** A quote's prices in the display currency; amounts use that currency's minor unit ("1482" for JPY). */
export interface PriceDisplay {
  currency: string;
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  /** The quote is in another currency and was converted. */
  converted: boolean;
  /** The ECB day whose rates converted it; null when not converted. */
  rateDate: string | null;
}

/** Money to decimal strings, instants to ISO, and whether the quote is stale at `now`. */
export function serializeQuote<P>(q: StoredQuote<P>, now: Date, staleDays: number): PriceQuote<P> {
  return {
    id: q.id,
    registrationPrice: minorToPrice(q.registrationPrice),
    renewalPrice: minorToPrice(q.renewalPrice),
    transferPrice: minorToPrice(q.transferPrice),
    currency: q.currency,
    isPromo: q.isPromo,
    regularRegistrationPrice: minorToPrice(q.regularRegistrationPrice),
    transferIsPromo: q.transferIsPromo,
    snapshotDate: q.snapshotDate,
    lastCheckedAt: q.lastCheckedAt.toISOString(),
    isStale: isStaleAt(q.lastCheckedAt, now, staleDays),
    changedAt: q.changedAt.toISOString(),
    serviceProvider: q.serviceProvider,
    unusual: Boolean(q.unusualReason),
    unusualReason: q.unusualReason ?? null,
  };
}

/** Who a headline figure comes from: enough to name and link the provider. */
export interface SourceProvider {
  id: number;
  name: string;
}

/**
 * The quote a headline figure comes from: its provider, when a source last confirmed it and
 * whether that is longer ago than the stale window.
 */
export interface PriceSource {
  serviceProvider: SourceProvider;
  lastCheckedAt: string;
  isStale: boolean;
  /**
   * The figure is an extreme outlier among the name's quotes (isPriceOutlier,
   * src/shared/price-outliers.ts): shown marked, and sorted after the row's ordinary peers.
   */
  isOutlier: boolean;
  /**
   * The price checks found this figure unusual (src/shared/price-checks.ts): it heads the row
   * only because every quote of it is unusual (docs/decisions/059).
   */
  unusual: boolean;
  /** Why, in plain words; null when usual. */
  unusualReason: string | null;
}

/** The headline figures of a row, by name. */
export const HEADLINE_FIGURES = ["registration", "renewal", "transfer", "threeYear"] as const;
export type HeadlineFigure = (typeof HEADLINE_FIGURES)[number];

/** The price kinds of the specification's `prices[]` entries on a price-list row. */
export const ROW_PRICE_TYPES = ["registration", "renewal", "transfer"] as const;
export type RowPriceType = (typeof ROW_PRICE_TYPES)[number];

/**
 * One entry of a price-list row's `prices[]`, the specification's shape (type, the three prices
 * as decimal strings, serviceProvider {id, name, domain, logoUrl}): the quote the row's lowest
 * price of that type comes from, whole, with its currency and when it was last checked.
 */
export interface RowPrice {
  type: RowPriceType;
  /** The quote's id. */
  id: number;
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  currency: string;
  lastCheckedAt: string;
  isStale: boolean;
  serviceProvider: ProviderSummary;
}

/**
 * One TLD in the price list: the lowest USD prices among active providers and, for each, the
 * quote it comes from (not every provider's quote: one TLD's quotes are its own answer,
 * /api/domain-prices/tld/{id}). A headline figure comes from fresh quotes only, unless none has
 * that price: then it comes from stale ones and its *IsStale flag is true.
 */
export interface PriceRow {
  id: number;
  name: string;
  unicodeName: string | null;
  category: string;
  registrationPrice: string | null;
  registrationIsStale: boolean;
  renewalPrice: string | null;
  renewalIsStale: boolean;
  transferPrice: string | null;
  transferIsStale: boolean;
  threeYearPrice: string | null;
  threeYearIsStale: boolean;
  currency: "USD";
  providerCount: number;
  /** The newest check among the row's quotes. */
  lastCheckedAt: string;
  /** Every quote in the row is stale. */
  isStale: boolean;
  /** For each headline figure, the quote it comes from; null where the figure is. */
  sources: Record<HeadlineFigure, PriceSource | null>;
  /**
   * The specification's `prices[]`: for registration, renewal and transfer in that order, the
   * whole quote the row's lowest price of that type comes from (a type no USD quote prices is
   * left out). Not every provider's quote: at 60 providers that made a 20-row page 576 KB
   * (decision 032); these make it about 15 KB more (decision 045).
   */
  prices: RowPrice[];
  /** The quote behind the headline registration price when that quote is a first-year promotion. */
  promo: PriceQuote<SourceProvider> | null;
  /** The headline (USD) prices in the display currency, when one was asked for; null without a rate. */
  display?: (PriceDisplay & { threeYearPrice: string | null }) | null;
}

export interface PricePage {
  data: PriceRow[];
  total: number;
  /** The page the first row is on (offset / limit + 1, rounded down). */
  page: number;
  limit: number;
  /** Rows skipped before this one. */
  offset: number;
  totalPages: number;
}
