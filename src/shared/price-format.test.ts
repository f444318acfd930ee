import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MISSING_PRICE,
  currencySymbol,
  decimalStringToMinor,
  formatAxisPrice,
  formatPrice,
  minorToDecimalString,
  priceOrMissing,
} from "./price-format.ts";

describe("formatAxisPrice", () => {
  it("writes an axis's zero as the currency's zero, not as a missing price", () => {
    expect(formatAxisPrice(0, "USD")).toBe("$0");
    expect(formatAxisPrice(0, "CHF")).toBe("CHF 0");
    expect(formatAxisPrice(12.5, "EUR")).toBe("€12.50");
    expect(formatAxisPrice(1500, "USD")).toBe("$1,500.00");
  });
});

describe("formatPrice", () => {
  it.each([
    ["10.88", undefined, "$10.88"],
    ["2060.25", "EUR", "€2,060.25"],
    ["12", "CHF", "CHF 12.00"],
    ["12.5", "chf", "CHF 12.50"],
    ["7.00", "GBP", "£7.00"],
    ["1500", "JPY", "¥1,500"],
    ["1482.50", "JPY", "¥1,483"],
    ["1482.49", "jpy", "¥1,482"],
    ["99", "ISK", "ISK 99"],
    ["0.4", "KRW", "N/A"],
    ["9.99", "CAD", "C$9.99"],
    ["9.99", "AUD", "A$9.99"],
    ["9.99", "usd", "$9.99"],
    ["9.99", null, "$9.99"],
    ["9.99", "", "$9.99"],
    ["10.8800", "USD", "$10.88"],
    [" 3.1 ", "USD", "$3.10"],
    [10.88, "USD", "$10.88"],
    [5, "EUR", "€5.00"],
    [1.005, "USD", "$1.01"],
    ["1.005", "USD", "$1.01"],
    ["1.004", "USD", "$1.00"],
    ["-5", "USD", "-$5.00"],
  ] as const)("formatPrice(%j, %j) = %s", (value, currency, expected) => {
    expect(formatPrice(value, currency)).toBe(expected);
  });

  it.each([
    ["2575.18", "USD", "$2,575.18"],
    ["1234567.89", "EUR", "€1,234,567.89"],
    ["999999.995", "GBP", "£1,000,000.00"],
    ["1482000", "JPY", "¥1,482,000"],
    ["12345", "CHF", "CHF 12,345.00"],
    ["1234.5678", "KWD", "KWD 1,234.568"],
    ["250000", "ISK", "ISK 250,000"],
    ["1000", "CAD", "C$1,000.00"],
    ["999.99", "AUD", "A$999.99"],
    [2575.18, "USD", "$2,575.18"],
    ["-12345.6", "USD", "-$12,345.60"],
    ["90071992547409.91", "USD", "$90,071,992,547,409.91"],
  ] as const)("groups thousands: formatPrice(%j, %j) = %s", (value, currency, expected) => {
    expect(formatPrice(value, currency)).toBe(expected);
  });

  it.each([null, undefined, "", "0", "0.00", 0, -0, "0.001", "abc", "1e3", Number.NaN, Number.POSITIVE_INFINITY])(
    "shows N/A for %j",
    (value) => {
      expect(formatPrice(value, "EUR")).toBe("N/A");
    },
  );
});

describe("currencySymbol", () => {
  it.each([
    ["USD", "$"],
    ["EUR", "€"],
    ["GBP", "£"],
    ["JPY", "¥"],
    ["CAD", "C$"],
    ["AUD", "A$"],
    ["CHF", "CHF"],
    ["eur", "€"],
    [null, "$"],
    [undefined, "$"],
  ] as const)("currencySymbol(%j) = %s", (code, expected) => {
    expect(currencySymbol(code)).toBe(expected);
  });
});

describe("priceOrMissing", () => {
  it("counts missing, empty, zero and unreadable prices as 999999", () => {
    expect(MISSING_PRICE).toBe(999999);
    for (const value of [null, undefined, "", "0", "0.00", 0, "n/a"]) {
      expect(priceOrMissing(value)).toBe(999999);
    }
  });

  it("returns the price otherwise, so missing prices sort last", () => {
    expect(priceOrMissing("10.88")).toBe(10.88);
    expect(priceOrMissing(2060.25)).toBe(2060.25);
    const lowest = Math.min(...[null, "12.00", "9.50", ""].map(priceOrMissing));
    expect(lowest).toBe(9.5);
  });
});

describe("minor units ⇄ decimal strings", () => {
  it.each([
    [1088, "10.88"],
    [5, "0.05"],
    [50, "0.50"],
    [0, "0.00"],
    [100, "1.00"],
    [206025, "2060.25"],
    [-5, "-0.05"],
  ])("minorToDecimalString(%d) = %s", (minor, expected) => {
    expect(minorToDecimalString(minor)).toBe(expected);
  });

  it("refuses fractional or unsafe minor amounts", () => {
    expect(() => minorToDecimalString(10.5)).toThrow(RangeError);
    expect(() => minorToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => minorToDecimalString(2 ** 53)).toThrow(RangeError);
  });

  it.each([
    ["10.88", 1088],
    ["0.05", 5],
    ["2060.25", 206025],
    ["12", 1200],
    ["12.5", 1250],
    ["10.8800", 1088],
    ["-3.10", -310],
    ["-0", 0],
    ["0.1 ", 10],
  ])("decimalStringToMinor(%j) = %d", (text, expected) => {
    expect(decimalStringToMinor(text)).toBe(expected);
  });

  it.each(["", "abc", "1.", ".5", "1.005", "1,00", "1e3", "0x10", "+1", "99999999999999999999"])(
    "decimalStringToMinor(%j) = null",
    (text) => {
      expect(decimalStringToMinor(text)).toBeNull();
    },
  );

  it("round-trips minor → string → minor for 0..10^9", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (minor) => {
        expect(decimalStringToMinor(minorToDecimalString(minor))).toBe(minor);
      }),
    );
  });

  it("formats any positive minor amount as the symbol plus its exact decimal string, grouped by thousands", () => {
    const grouped = (decimal: string) => decimal.replace(/\B(?=(\d{3})+\.)/g, ",");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        expect(formatPrice(minorToDecimalString(minor), "GBP")).toBe(`£${grouped(minorToDecimalString(minor))}`);
      }),
    );
  });
});
