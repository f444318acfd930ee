/**
 * Normalised shapes produced by the reference-data parsers. Money is always an integer
 * count of hundredths of the currency unit ("minor units"), parsed from the source text
 * without floating-point arithmetic, so 2,060.25 becomes 206025.
 */

/** One TLD from the IANA root zone database. */
export interface TldRecord {
  /** ASCII form without the leading dot: "com", "xn--p1ai". */
  name: string;
  /** Unicode form for IDNs ("рф"), null for ASCII TLDs. */
  unicodeName: string | null;
  /** IANA type as published: generic, country-code, sponsored, test, generic-restricted, infrastructure. */
  ianaType: string;
  /** Product category: generic | country-code | sponsored | other. */
  category: "generic" | "country-code" | "sponsored" | "other";
  /** TLD manager, null when IANA says "Not assigned" (retired or never delegated). */
  registryOperator: string | null;
  /** False when the TLD is not assigned (retired). */
  isActive: boolean;
  /** First RDAP base URL known for this TLD, or null. */
  rdapUrl: string | null;
  dnssec: boolean | null;
}

/** One row of IANA's registrar ID list. */
export interface IanaRegistrarRecord {
  id: number;
  name: string;
  /** Accredited | Terminated | Reserved, as published. */
  status: string;
  rdapUrl: string | null;
}

/** One provider's one-year prices for one name, as found in a price list. */
export interface PriceQuote {
  /** Lowercased, no leading dot; may still be a second-level name or not a TLD at all (the seeder checks). */
  tld: string;
  registration: number | null;
  renewal: number | null;
  transfer: number | null;
  /** ISO 4217 code: USD, EUR. */
  currency: string;
  /** True when the registration price is a first-year promotion below the regular price. */
  isPromo: boolean;
  /** The regular registration price when isPromo is true, else null. */
  regularRegistration: number | null;
  /** True when the transfer price is a sale below the regular transfer price (kept, not replaced). */
  transferIsPromo?: boolean;
}

/** Names a parser dropped itself, with why (the seeder adds its own "not an IANA TLD" skips). */
export interface SkippedName {
  name: string;
  reason: "handshake" | "no-price" | "malformed";
}

/** A provider's whole price list at one date. */
export interface PriceSnapshot {
  /** Key of the service provider in db/seed/providers.ts (porkbun, dynadot, …). */
  providerKey: string;
  /** Date the list was valid, YYYY-MM-DD. */
  snapshotDate: string;
  quotes: PriceQuote[];
  skipped: SkippedName[];
}
