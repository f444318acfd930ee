import { describe, expect, it } from "vitest";
import { compareText, formatCount } from "./text-format.ts";

describe("formatCount", () => {
  it.each([0, 7, 999, 1000, 12_345, 1_234_567, -4_500, 2_147_483_647])("writes %i as toLocaleString('en-US') does", (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});

describe("compareText", () => {
  it("orders names case-insensitively, then exactly, like a person reads them", () => {
    expect(["namecheap", "GoDaddy", "Gandi", "gandi", "Porkbun"].sort(compareText)).toEqual(["Gandi", "gandi", "GoDaddy", "namecheap", "Porkbun"]);
    expect(compareText("2024-01-07", "2024-01-07")).toBe(0);
    expect(compareText("2024-01-07", "2023-12-31")).toBeGreaterThan(0);
  });
});
