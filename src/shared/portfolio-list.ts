/**
 * How the portfolio list pages and orders (no zod here: the /portfolio route's search
 * validator uses these, and route validators ship in the first-load bundle).
 */
export const PORTFOLIO_SORT_FIELDS = ["domainName", "expirationDate"] as const;
export type PortfolioSortField = (typeof PORTFOLIO_SORT_FIELDS)[number];
export type PortfolioSortOrder = "asc" | "desc";
/** Cards per page the page offers; the server takes any size from 1 to PORTFOLIO_MAX_PAGE_SIZE. */
export const PORTFOLIO_PAGE_SIZES = [12, 24, 48] as const;
export const PORTFOLIO_DEFAULT_PAGE_SIZE = 24;
export const PORTFOLIO_MAX_PAGE_SIZE = 100;
export const PORTFOLIO_SEARCH_MAX = 100;
