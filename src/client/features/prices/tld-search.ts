import { PAGE_SIZES, TLD_CATEGORIES } from "../../../shared/constants.ts";
import { PRICE_SORT_FIELDS } from "../../../shared/price-list.ts";
import { oneOf, pageParam, textParam, urlStateCodec } from "../../lib/url-state.ts";
import { DEFAULT_TABLE_STATE, type CategoryFilter, type SortOrder, type TableState } from "./table-state.ts";

/** The /tlds search params: every key optional, as the URL may carry any subset. */
export type TldSearch = Partial<TableState>;

/** validateSearch for /tlds, which keeps the table state in the URL (lib/url-state.ts). */
export function validateTldSearch(raw: Record<string, unknown>): TldSearch {
  const search: TldSearch = {};
  const page = pageParam(raw.page);
  if (page !== undefined) search.page = page;
  const limit = oneOf(PAGE_SIZES, raw.limit);
  if (limit !== undefined) search.limit = limit;
  const sortBy = oneOf(PRICE_SORT_FIELDS, raw.sortBy);
  if (sortBy !== undefined) search.sortBy = sortBy;
  const sortOrder = oneOf<SortOrder>(["asc", "desc"], raw.sortOrder);
  if (sortOrder !== undefined) search.sortOrder = sortOrder;
  const text = textParam(raw.search, 100);
  if (text !== undefined) search.search = text;
  const category = oneOf<CategoryFilter>(["all", ...TLD_CATEGORIES], raw.category);
  if (category !== undefined) search.category = category;
  return search;
}

export const tldUrlState = urlStateCodec<TableState>(DEFAULT_TABLE_STATE);
export const { fromSearch: stateFromSearch, toSearch: searchFromState } = tldUrlState;
