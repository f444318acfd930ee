/**
 * One interface for every price source: a registrar's price API, or the bundled price lists
 * as the offline source. A source answers a provider's whole list or throws a PriceSourceError;
 * it never writes to the database (the price engine applies what it returns).
 */
import type { PriceQuote, SkippedName } from "./types.ts";

export interface PriceList {
  /** Service provider key (db/seed/providers.ts): porkbun, namecheap, … */
  providerKey: string;
  /**
   * When the list was true: now for a live API, the file's date for a bundled list, so an old
   * file never makes an old price look freshly checked.
   */
  observedAt: Date;
  quotes: PriceQuote[];
  skipped: SkippedName[];
}

export type PriceSourceErrorKind = "timeout" | "http" | "auth" | "malformed" | "incomplete" | "not-configured" | "cancelled";

export class PriceSourceError extends Error {
  constructor(readonly kind: PriceSourceErrorKind, message: string, readonly httpStatus?: number) {
    super(message);
    this.name = "PriceSourceError";
  }
}

export interface FetchOptions {
  signal?: AbortSignal;
}

export interface PriceSource {
  providerKey: string;
  /** null when the source can run; otherwise why not, in words for the log ("NAMECHEAP_API_KEY is not set"). */
  missingConfiguration(): string | null;
  fetchPrices(options?: FetchOptions): Promise<PriceList>;
}
