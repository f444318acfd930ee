/**
 * The orders the price list sorts by, listed once: the query schema, the table's state and
 * the read model's sort keys all take them from here (no zod here: the price table's state
 * ships in the first-load bundle). "popularity" is the TLDs people look for first: the common
 * TLDs (COMMON_TLDS, in their order), then those the most registrars sell, then by name.
 */
export const PRICE_SORT_FIELDS = ["tldName", "registrationPrice", "renewalPrice", "transferPrice", "threeYearPrice", "popularity"] as const;
export type PriceSortField = (typeof PRICE_SORT_FIELDS)[number];
