/**
 * The TLD price table's state machine (spec section 4), kept pure so the page, the URL and
 * the tests all share one definition of "what happens when the visitor clicks X".
 */
import { DEFAULT_PAGE_SIZE, TLD_CATEGORIES } from "../../../shared/constants.ts";
import type { PriceSortField } from "../../../shared/price-list.ts";
import type { PriceListQuery } from "../../../shared/schemas/price-list.ts";

export type CategoryFilter = "all" | (typeof TLD_CATEGORIES)[number];
export type SortOrder = "asc" | "desc";

export interface TableState {
  page: number;
  limit: number;
  sortBy: PriceSortField;
  sortOrder: SortOrder;
  search: string;
  category: CategoryFilter;
}

/** Opens on what people look for: the popular TLDs first (the common ones, then those the most registrars sell). */
export const DEFAULT_TABLE_STATE: TableState = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  sortBy: "popularity",
  sortOrder: "asc",
  search: "",
  category: "all",
};

/** Clicking the current column flips the direction; another column starts ascending. */
export function toggleSort(state: TableState, column: PriceSortField): TableState {
  const sortOrder: SortOrder = state.sortBy === column && state.sortOrder === "asc" ? "desc" : "asc";
  return { ...state, sortBy: column, sortOrder, page: 1 };
}

export const setPage = (state: TableState, page: number): TableState => ({ ...state, page: Math.max(1, page) });
export const setPageSize = (state: TableState, limit: number): TableState => ({ ...state, limit, page: 1 });
/** A new filter shows a different set of rows, so the old page number would be meaningless. */
export const setSearch = (state: TableState, search: string): TableState =>
  search === state.search ? state : { ...state, search, page: 1 };
export const setCategory = (state: TableState, category: CategoryFilter): TableState =>
  category === state.category ? state : { ...state, category, page: 1 };

export const SORT_PRESETS = {
  popular: { label: "Popular first", sortBy: "popularity", sortOrder: "asc" },
  name: { label: "Name: A to Z", sortBy: "tldName", sortOrder: "asc" },
  "price-asc": { label: "Price: Low to High", sortBy: "registrationPrice", sortOrder: "asc" },
  "price-desc": { label: "Price: High to Low", sortBy: "registrationPrice", sortOrder: "desc" },
} as const satisfies Record<string, { label: string; sortBy: PriceSortField; sortOrder: SortOrder }>;
export type SortPreset = keyof typeof SORT_PRESETS;

/** What the popular order is, in words, for the line under the filters. */
export const POPULAR_ORDER_WORDS = "Popular first: .com, .net, .org, .io and .co, then the TLDs the most registrars sell.";

export function applySortPreset(state: TableState, preset: SortPreset): TableState {
  const { sortBy, sortOrder } = SORT_PRESETS[preset];
  return { ...state, sortBy, sortOrder, page: 1 };
}

const COLUMN_WORDS: Record<Exclude<PriceSortField, "popularity">, string> = {
  tldName: "Name", registrationPrice: "Registration", renewalPrice: "Renewal", transferPrice: "Transfer", threeYearPrice: "3-Year Cost",
};

/**
 * The sort select's words for an order a column header chose and no preset names ("Renewal: Low
 * to High", "Name: Z to A"): what the table is sorted by, in as few words as the presets use.
 */
export function customSortLabel(state: Pick<TableState, "sortBy" | "sortOrder">): string {
  if (state.sortBy === "popularity") return state.sortOrder === "asc" ? "Popular first" : "Least popular first";
  const direction = state.sortBy === "tldName"
    ? (state.sortOrder === "asc" ? "A to Z" : "Z to A")
    : (state.sortOrder === "asc" ? "Low to High" : "High to Low");
  return `${COLUMN_WORDS[state.sortBy]}: ${direction}`;
}

/** The preset the select should show; null when a column header chose an order no preset names. */
export function presetFor(state: Pick<TableState, "sortBy" | "sortOrder">): SortPreset | null {
  return (Object.keys(SORT_PRESETS) as SortPreset[]).find(
    (key) => SORT_PRESETS[key].sortBy === state.sortBy && SORT_PRESETS[key].sortOrder === state.sortOrder,
  ) ?? null;
}

/** The prices.list input: search and category only when they narrow the list (spec section 7). */
/** The list query for a table state; with a display currency, rows and quotes come with `display`. */
export function toListInput(state: TableState, currency?: string): PriceListQuery {
  return {
    ...(currency ? { currency } : {}),
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.category !== "all" ? { category: state.category } : {}),
  };
}
