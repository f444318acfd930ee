/** Limits and defaults the product promises (spec section 9), shared by client and server. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE_BUTTONS = 5;
export const TLD_CATEGORIES = ["generic", "country-code", "sponsored", "other"] as const;
export type TldCategory = (typeof TLD_CATEGORIES)[number];
/** The "Best Prices for Common TLDs" table. */
export const COMMON_TLDS = ["com", "net", "org", "io", "co"] as const;
export const LABEL_MAX = 100;

/** Providers on one page of a TLD's price table: what its page's HTML carries, and each "Show more". */
export const TLD_QUOTES_PAGE_SIZE = 25;
