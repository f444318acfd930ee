/**
 * How prices leave the server: one quote per provider and TLD, money as decimal strings,
 * instants as ISO strings. Shared so the stored row JSON (built by the database layer when
 * summaries are rewritten) and the answers built per request have one shape.
 */
import { minorToPrice } from "./price-format.ts";

/** What a price table row needs of its provider. */
export interface ProviderSummary {
  id: number;
  name: string;
  domain: string;
  logoUrl: string | null;
}

/** A stored quote as the repositories return it: money in minor units. */
export interface StoredQuote<P = ProviderSummary> {
  id: number;
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: number | null;
  snapshotDate: string;
  /** When a source last confirmed these values. */
  lastCheckedAt: Date;
  /** When the quote took its present values. */
  changedAt: Date;
  serviceProvider: P;
}

export interface PriceQuote<P = ProviderSummary> {
  id: number;
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  currency: string;
  isPromo: boolean;
  regularRegistrationPrice: string | null;
  snapshotDate: string;
  lastCheckedAt: string;
  changedAt: string;
  serviceProvider: P;
}

export function serializeQuote<P>(q: StoredQuote<P>): PriceQuote<P> {
  return {
    id: q.id,
    registrationPrice: minorToPrice(q.registrationPrice),
    renewalPrice: minorToPrice(q.renewalPrice),
    transferPrice: minorToPrice(q.transferPrice),
    currency: q.currency,
    isPromo: q.isPromo,
    regularRegistrationPrice: minorToPrice(q.regularRegistrationPrice),
    snapshotDate: q.snapshotDate,
    lastCheckedAt: q.lastCheckedAt.toISOString(),
    changedAt: q.changedAt.toISOString(),
    serviceProvider: q.serviceProvider,
  };
}

/** One TLD in the price list: the lowest USD prices among active providers, and every quote. */
export interface PriceRow {
  id: number;
  name: string;
  unicodeName: string | null;
  category: string;
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  threeYearPrice: string | null;
  currency: "USD";
  providerCount: number;
  prices: PriceQuote[];
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
