import { describe, expect, it } from "vitest";
import { PRICE_LOG_STATUSES } from "../../../shared/schemas/admin.ts";
import { LOG_STATUSES, logsQueryInput, logsSearchFrom, logsStateFrom, validateLogsSearch, withFilter } from "./logs-search.ts";

describe("logs search params", () => {
  it("lists the same statuses as the server's schema", () => {
    expect([...LOG_STATUSES]).toEqual([...PRICE_LOG_STATUSES]);
  });

  it("keeps good values and drops bad ones instead of failing", () => {
    expect(validateLogsSearch({ page: 3, search: "porkbun", status: "timeout", provider: "Porkbun.com" }))
      .toEqual({ page: 3, search: "porkbun", status: "timeout", provider: "porkbun.com" });
    expect(validateLogsSearch({ page: 0, status: "broken", provider: "<script>", search: 123 })).toEqual({ search: "123" });
    expect(validateLogsSearch({ page: 1.5 })).toEqual({});
  });

  it("returns to page 1 on any filter change, and writes only what differs from the defaults", () => {
    const onPage4 = logsStateFrom({ page: 4, status: "error" });
    expect(withFilter(onPage4, "search", "io")).toMatchObject({ page: 1, search: "io" });
    expect(withFilter(onPage4, "status", "success").page).toBe(1);
    expect(withFilter(onPage4, "provider", "porkbun.com").page).toBe(1);
    expect(withFilter(onPage4, "status", "error")).toBe(onPage4);
    expect(logsSearchFrom(withFilter(onPage4, "status", "all"))).toEqual({});
  });

  it("asks the server for 20 a page and sends only the filters in use", () => {
    expect(logsQueryInput(logsStateFrom({}))).toEqual({ page: 1, limit: 20 });
    expect(logsQueryInput(logsStateFrom({ page: 2, search: " io ", status: "error", provider: "porkbun.com" })))
      .toEqual({ page: 2, limit: 20, search: "io", status: "error", provider: "porkbun.com" });
  });
});
