/**
 * Which page of the portfolio is shown, in what order, narrowed by what: kept in the /portfolio
 * URL like the price table's state (features/prices/tld-search.ts), so a view can be reloaded,
 * shared and reached again with Back. The server pages, sorts and searches; the page only asks.
 */
import {
  PORTFOLIO_DEFAULT_PAGE_SIZE, PORTFOLIO_PAGE_SIZES, PORTFOLIO_SEARCH_MAX, PORTFOLIO_SORT_FIELDS,
  type PortfolioSortField, type PortfolioSortOrder,
} from "../../../shared/portfolio-list.ts";
import { oneOf, pageParam, textParam, urlStateCodec } from "../../lib/url-state.ts";

export interface PortfolioListState {
  page: number;
  limit: number;
  sortBy: PortfolioSortField;
  sortOrder: PortfolioSortOrder;
  search: string;
}

export const DEFAULT_LIST_STATE: PortfolioListState = {
  page: 1, limit: PORTFOLIO_DEFAULT_PAGE_SIZE, sortBy: "domainName", sortOrder: "asc", search: "",
};

/** The /portfolio search params: every key optional. */
export type PortfolioSearch = Partial<PortfolioListState>;

/** validateSearch for /portfolio (lib/url-state.ts): a bad value is dropped, never an error page. */
export function validatePortfolioSearch(raw: Record<string, unknown>): PortfolioSearch {
  const search: PortfolioSearch = {};
  const page = pageParam(raw.page);
  if (page !== undefined) search.page = page;
  const limit = oneOf<number>(PORTFOLIO_PAGE_SIZES, raw.limit);
  if (limit !== undefined) search.limit = limit;
  const sortBy = oneOf(PORTFOLIO_SORT_FIELDS, raw.sortBy);
  if (sortBy !== undefined) search.sortBy = sortBy;
  const sortOrder = oneOf<PortfolioSortOrder>(["asc", "desc"], raw.sortOrder);
  if (sortOrder !== undefined) search.sortOrder = sortOrder;
  const text = textParam(raw.search, PORTFOLIO_SEARCH_MAX);
  if (text !== undefined) search.search = text;
  return search;
}

export const portfolioUrlState = urlStateCodec<PortfolioListState>(DEFAULT_LIST_STATE);
export const { fromSearch: stateFromSearch, toSearch: searchFromState } = portfolioUrlState;

/** The portfolio.list input for a state; with a display currency, prices come with `display`. */
export function toListInput(state: PortfolioListState, currency?: string) {
  const search = state.search.trim();
  return {
    ...(currency ? { currency } : {}),
    page: state.page, limit: state.limit, sortBy: state.sortBy, sortOrder: state.sortOrder,
    ...(search ? { search } : {}),
  };
}

export const SORT_CHOICES = {
  "name-asc": { label: "Name (A to Z)", sortBy: "domainName", sortOrder: "asc" },
  "name-desc": { label: "Name (Z to A)", sortBy: "domainName", sortOrder: "desc" },
  "expiry-asc": { label: "Expiring soonest", sortBy: "expirationDate", sortOrder: "asc" },
  "expiry-desc": { label: "Expiring latest", sortBy: "expirationDate", sortOrder: "desc" },
} as const satisfies Record<string, { label: string; sortBy: PortfolioSortField; sortOrder: PortfolioSortOrder }>;
export type SortChoice = keyof typeof SORT_CHOICES;

export const sortChoiceOf = (state: PortfolioListState): SortChoice =>
  (Object.keys(SORT_CHOICES) as SortChoice[]).find((k) => SORT_CHOICES[k].sortBy === state.sortBy && SORT_CHOICES[k].sortOrder === state.sortOrder)!;

/** A new order, search or page size shows a different set of entries, so paging starts over. */
export const withSort = (state: PortfolioListState, choice: SortChoice): PortfolioListState =>
  ({ ...state, sortBy: SORT_CHOICES[choice].sortBy, sortOrder: SORT_CHOICES[choice].sortOrder, page: 1 });
export const withSearch = (state: PortfolioListState, search: string): PortfolioListState =>
  search === state.search ? state : { ...state, search, page: 1 };
export const withPage = (state: PortfolioListState, page: number): PortfolioListState => ({ ...state, page: Math.max(1, page) });
export const withPageSize = (state: PortfolioListState, limit: number): PortfolioListState => ({ ...state, limit, page: 1 });
