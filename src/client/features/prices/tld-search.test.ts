import { describe, expect, it } from "vitest";
import { DEFAULT_TABLE_STATE } from "./table-state.ts";
import { searchFromState, stateFromSearch, validateTldSearch } from "./tld-search.ts";

describe("/tlds search params", () => {
  it("accepts a full, valid set", () => {
    const raw = { page: 3, limit: 50, sortBy: "renewalPrice", sortOrder: "desc", search: "co", category: "generic" };
    expect(validateTldSearch(raw)).toEqual(raw);
  });

  it("drops each bad value instead of failing the page", () => {
    expect(
      validateTldSearch({ page: 0, limit: 37, sortBy: "price", sortOrder: "up", category: "weird", extra: 1 }),
    ).toEqual({});
    expect(validateTldSearch({ page: 2.5 })).toEqual({});
  });

  it("reads a numeric search as text and caps its length", () => {
    expect(validateTldSearch({ search: 123 })).toEqual({ search: "123" });
    expect(validateTldSearch({ search: "x".repeat(150) }).search).toHaveLength(100);
  });

  it("fills the defaults in and leaves them out of the URL", () => {
    expect(stateFromSearch({})).toEqual(DEFAULT_TABLE_STATE);
    expect(searchFromState(DEFAULT_TABLE_STATE)).toEqual({});
    const state = { ...DEFAULT_TABLE_STATE, page: 2, sortBy: "registrationPrice" as const };
    expect(searchFromState(state)).toEqual({ page: 2, sortBy: "registrationPrice" });
    expect(stateFromSearch(searchFromState(state))).toEqual(state);
  });
});
