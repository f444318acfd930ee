import { describe, expect, it } from "vitest";
import { toMinorUnits } from "./money.ts";

describe("toMinorUnits", () => {
  it.each([
    ["2,060.25", 206025],
    ["1,039.98", 103998],
    ["12,345,678.90", 1234567890],
    [10.88, 1088],
    [25, 2500],
    ["25", 2500],
    ["$76", 7600],
    ["$13.50", 1350],
    ["€ 9.5", 950],
    ["  4.99 ", 499],
    [".5", 50],
    ["7.", 700],
  ])("parses %j exactly as %i", (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected);
  });

  it("never inherits binary float errors", () => {
    // Each of these is off by a hair when multiplied by 100 as a float.
    expect(0.1 * 3 * 100).not.toBe(30);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.005)).toBe(101);
    expect(toMinorUnits(4.35)).toBe(435);
    expect(toMinorUnits(8.78)).toBe(878);
    expect(toMinorUnits(16.85)).toBe(1685);
    expect(toMinorUnits(2575.18)).toBe(257518);
  });

  it("rounds extra decimals half up on the digits", () => {
    expect(toMinorUnits("10.884")).toBe(1088);
    expect(toMinorUnits("10.885")).toBe(1089);
    expect(toMinorUnits("0.999")).toBe(100);
  });

  it("keeps zero as zero", () => {
    expect(toMinorUnits(0)).toBe(0);
    expect(toMinorUnits("0.00")).toBe(0);
    expect(toMinorUnits(-0)).toBe(0);
  });

  it.each([
    null, undefined, "", "   ", "$", "abc", "12abc", "-5", -5, "-0.01", "10,88", "1,00,000",
    "1.2.3", NaN, Infinity, 1e21, true, {}, [], "１２",
  ])("returns null for %j", (input) => {
    expect(toMinorUnits(input)).toBeNull();
  });
});
