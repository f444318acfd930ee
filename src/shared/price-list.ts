/**
 * The columns the price list sorts by, listed once: the query schema, the table's state and
 * the read model's sort keys all take them from here (no zod here: the price table's state
 * ships in the first-load bundle).
 */
export const PRICE_SORT_FIELDS = ["tldName", "registrationPrice", "renewalPrice", "transferPrice", "threeYearPrice"] as const;
export type PriceSortField = (typeof PRICE_SORT_FIELDS)[number];
