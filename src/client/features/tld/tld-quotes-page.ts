import { TLD_QUOTES_PAGE_SIZE } from "../../../shared/constants.ts";

/**
 * The query of one page of the TLD's provider table; the first is the route loader's too. Kept
 * out of tld-page.tsx: the route's loader is in every page's first load, the page is not.
 */
export const tldQuotesPageInput = (tldId: string, currency: string, page: number) =>
  ({ tldId, currency, offset: page * TLD_QUOTES_PAGE_SIZE, limit: TLD_QUOTES_PAGE_SIZE });
