import { PAGE_SIZES, TLD_CATEGORIES } from "../../../shared/constants.ts";
import { PRICE_SORT_FIELDS } from "../../../shared/price-list.ts";
import { DEFAULT_TABLE_STATE, type CategoryFilter, type SortOrder, type TableState } from "./table-state.ts";

/** The /tlds search params: every key optional, as the URL may carry any subset. */
export type TldSearch = Partial<TableState>;

const oneOf = <T>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/**
 * validateSearch for /tlds, which keeps the table state in the URL so a view can be shared,
 * reloaded and reached again with Back. A bad value is dropped, never an error page: a
 * mistyped link still shows the table. Hand-written rather than zod because route validators
 * ship in the first-load bundle and even zod/mini added ~16 KB gzipped there.
 */
export function validateTldSearch(raw: Record<string, unknown>): TldSearch {
  const search: TldSearch = {};
  const page = raw.page;
  if (typeof page === "number" && Number.isInteger(page) && page >= 1 && page <= 1_000_000) search.page = page;
  const limit = oneOf(PAGE_SIZES, raw.limit);
  if (limit !== undefined) search.limit = limit;
  const sortBy = oneOf(PRICE_SORT_FIELDS, raw.sortBy);
  if (sortBy !== undefined) search.sortBy = sortBy;
  const sortOrder = oneOf<SortOrder>(["asc", "desc"], raw.sortOrder);
  if (sortOrder !== undefined) search.sortOrder = sortOrder;
  // The router reads "?search=123" as the number 123; a search for it is still text.
  if (typeof raw.search === "string" || typeof raw.search === "number") search.search = String(raw.search).slice(0, 100);
  const category = oneOf<CategoryFilter>(["all", ...TLD_CATEGORIES], raw.category);
  if (category !== undefined) search.category = category;
  return search;
}

export const stateFromSearch = (search: TldSearch): TableState => ({ ...DEFAULT_TABLE_STATE, ...search });

/** Only what differs from the defaults goes into the URL, so the plain /tlds stays plain. */
export function searchFromState(state: TableState): TldSearch {
  const search: TldSearch = {};
  for (const key of Object.keys(DEFAULT_TABLE_STATE) as Array<keyof TableState>) {
    if (state[key] !== DEFAULT_TABLE_STATE[key]) Object.assign(search, { [key]: state[key] });
  }
  return search;
}
