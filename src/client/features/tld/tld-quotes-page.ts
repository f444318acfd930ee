import { TLD_QUOTES_PAGE_SIZE } from "../../../shared/constants.ts";
import type { TldQuoteSortField } from "../../../shared/schemas/price-list.ts";

/** The comparison's order: by a price, cheapest (asc) or dearest (desc) first. */
export interface QuoteSort {
  by: TldQuoteSortField;
  order: "asc" | "desc";
}

export const DEFAULT_QUOTE_SORT: QuoteSort = { by: "registrationPrice", order: "asc" };

/**
 * The query of one page of the TLD's provider table; the first in the default order is the route
 * loader's too (the same input, so the page hydrates from it). Kept out of tld-page.tsx: the
 * route's loader is in every page's first load, the page is not.
 */
export const tldQuotesPageInput = (tldId: string, currency: string, page: number, sort: QuoteSort = DEFAULT_QUOTE_SORT) => ({
  tldId, currency, offset: page * TLD_QUOTES_PAGE_SIZE, limit: TLD_QUOTES_PAGE_SIZE,
  ...(sort.by === DEFAULT_QUOTE_SORT.by && sort.order === DEFAULT_QUOTE_SORT.order ? {} : { sortBy: sort.by, sortOrder: sort.order }),
});
