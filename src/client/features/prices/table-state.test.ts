import { describe, expect, it } from "vitest";
import { pageWindow, showingRange } from "../../components/paging.ts";
import {
  DEFAULT_TABLE_STATE, SORT_PRESETS, applySortPreset, customSortLabel, presetFor, setCategory, setPage, setPageSize,
  setSearch, toListInput, toggleSort, type TableState,
} from "./table-state.ts";

const on = (patch: Partial<TableState>): TableState => ({ ...DEFAULT_TABLE_STATE, ...patch });

describe("table state machine (spec section 4)", () => {
  it("starts on page 1, 20 per page, popular TLDs first, no filters", () => {
    expect(DEFAULT_TABLE_STATE).toEqual({ page: 1, limit: 20, sortBy: "popularity", sortOrder: "asc", search: "", category: "all" });
  });

  it("flips the direction when the current column is clicked, and back again", () => {
    const once = toggleSort(on({ page: 4, sortBy: "tldName" }), "tldName");
    expect(once).toMatchObject({ sortBy: "tldName", sortOrder: "desc", page: 1 });
    expect(toggleSort(once, "tldName")).toMatchObject({ sortBy: "tldName", sortOrder: "asc" });
  });

  it("sorts another column ascending, even when the old one was descending", () => {
    expect(toggleSort(on({ sortOrder: "desc", page: 3 }), "renewalPrice")).toMatchObject({ sortBy: "renewalPrice", sortOrder: "asc", page: 1 });
  });

  it("resets to page 1 on page-size, search and category changes, but not on a page change", () => {
    const deep = on({ page: 7 });
    expect(setPageSize(deep, 50)).toMatchObject({ limit: 50, page: 1 });
    expect(setSearch(deep, "co")).toMatchObject({ search: "co", page: 1 });
    expect(setCategory(deep, "generic")).toMatchObject({ category: "generic", page: 1 });
    expect(setPage(deep, 8)).toMatchObject({ page: 8 });
    expect(setPage(deep, 0).page).toBe(1);
  });

  it("keeps the page when the search or category did not actually change", () => {
    const deep = on({ page: 7, search: "co", category: "generic" });
    expect(setSearch(deep, "co")).toBe(deep);
    expect(setCategory(deep, "generic")).toBe(deep);
  });

  it("maps the sort select's presets and reads them back", () => {
    expect(applySortPreset(on({ page: 2 }), "price-desc")).toMatchObject({ sortBy: "registrationPrice", sortOrder: "desc", page: 1 });
    expect(presetFor(on({ sortBy: "registrationPrice", sortOrder: "asc" }))).toBe("price-asc");
    // The list opens on the popular TLDs, and each order has one preset (no "Sort by Name" beside "Alphabetical").
    expect(presetFor(DEFAULT_TABLE_STATE)).toBe("popular");
    expect(presetFor(on({ sortBy: "tldName", sortOrder: "asc" }))).toBe("name");
    const orders = Object.values(SORT_PRESETS).map((p) => `${p.sortBy}:${p.sortOrder}`);
    expect(new Set(orders).size).toBe(orders.length);
    expect(Object.values(SORT_PRESETS).map((p) => p.label)).toEqual(["Popular first", "Name: A to Z", "Price: Low to High", "Price: High to Low"]);
    expect(presetFor(on({ sortBy: "transferPrice" }))).toBeNull();
  });
});

describe("pageWindow: at most 5 buttons centred on the current page", () => {
  it.each([
    [1, 39, [1, 2, 3, 4, 5]],
    [2, 39, [1, 2, 3, 4, 5]],
    [3, 39, [1, 2, 3, 4, 5]],
    [4, 39, [2, 3, 4, 5, 6]],
    [20, 39, [18, 19, 20, 21, 22]],
    [38, 39, [35, 36, 37, 38, 39]],
    [39, 39, [35, 36, 37, 38, 39]],
    [1, 3, [1, 2, 3]],
    [2, 1, [1]],
    [1, 0, []],
  ])("page %i of %i → %j", (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe("showingRange and the list input", () => {
  it("bounds 'Showing x-y of total'", () => {
    expect(showingRange(1, 20, 770)).toEqual({ from: 1, to: 20 });
    expect(showingRange(39, 20, 770)).toEqual({ from: 761, to: 770 });
    expect(showingRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it("sends search only when non-empty and category only when not 'all' (spec section 7)", () => {
    expect(toListInput(DEFAULT_TABLE_STATE)).toEqual({ page: 1, limit: 20, sortBy: "popularity", sortOrder: "asc" });
    expect(toListInput(on({ search: "  co ", category: "country-code" }))).toMatchObject({ search: "co", category: "country-code" });
    expect(toListInput(on({ search: "   " }))).not.toHaveProperty("search");
  });
});

describe("the sort select's words for a column header's order", () => {
  it("names the column and the direction in as few words as the presets", () => {
    expect(customSortLabel({ sortBy: "renewalPrice", sortOrder: "asc" })).toBe("Renewal: Low to High");
    expect(customSortLabel({ sortBy: "threeYearPrice", sortOrder: "desc" })).toBe("3-Year Cost: High to Low");
    expect(customSortLabel({ sortBy: "tldName", sortOrder: "desc" })).toBe("Name: Z to A");
    for (const sortBy of ["tldName", "registrationPrice", "renewalPrice", "transferPrice", "threeYearPrice"] as const) {
      for (const sortOrder of ["asc", "desc"] as const) expect(customSortLabel({ sortBy, sortOrder }).length).toBeLessThanOrEqual(25);
    }
  });
});
