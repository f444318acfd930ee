import { describe, expect, it } from "vitest";
import { PRICE_SORT_FIELDS } from "../../../shared/price-list.ts";
import { priceListQuerySchema } from "../../../shared/schemas/price-list.ts";
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

describe("the sort fields of a /tlds link", () => {
  it("are the ones the price list query takes, and nothing else", () => {
    for (const sortBy of PRICE_SORT_FIELDS) {
      expect(validateTldSearch({ sortBy })).toEqual({ sortBy });
      expect(priceListQuerySchema.parse({ sortBy }).sortBy).toBe(sortBy);
    }
    expect(validateTldSearch({ sortBy: "lastCheckedAt" })).toEqual({});
    expect(priceListQuerySchema.safeParse({ sortBy: "lastCheckedAt" }).success).toBe(false);
  });
});
