import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_STATE, searchFromState, stateFromSearch, toListInput, validatePortfolioSearch, withSearch, withSort } from "./list-state.ts";

describe("the /portfolio URL state", () => {
  it("keeps good values and drops bad ones instead of failing", () => {
    expect(validatePortfolioSearch({ page: 3, limit: 48, sortBy: "expirationDate", sortOrder: "desc", search: "shop" }))
      .toEqual({ page: 3, limit: 48, sortBy: "expirationDate", sortOrder: "desc", search: "shop" });
    // 500 a page is more than the page offers (and than the server sends).
    expect(validatePortfolioSearch({ page: 0, limit: 500, sortBy: "price", sortOrder: "up", search: 42 })).toEqual({ search: "42" });
  });

  it("writes only what differs from the defaults, and asks the server for exactly the state", () => {
    expect(searchFromState(DEFAULT_LIST_STATE)).toEqual({});
    const state = withSort(stateFromSearch({ page: 4 }), "expiry-desc");
    expect(searchFromState(state)).toEqual({ sortBy: "expirationDate", sortOrder: "desc" });
    expect(toListInput(withSearch(state, "  a.com "), "EUR"))
      .toEqual({ currency: "EUR", page: 1, limit: 24, sortBy: "expirationDate", sortOrder: "desc", search: "a.com" });
  });
});
