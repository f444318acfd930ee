import { describe, expect, it } from "vitest";
import { convertMinor, currencyDigits, minorToAmount } from "./currency.ts";

describe("currencyDigits", () => {
  it.each([["USD", 2], ["EUR", 2], ["JPY", 0], ["ISK", 0], ["KRW", 0], ["CHF", 2]] as const)("%s has %i", (code, digits) => {
    expect(currencyDigits(code)).toBe(digits);
  });

  it("agrees with Intl for every currency Intl knows, and says 2 for a code it does not", () => {
    for (const code of Intl.supportedValuesOf("currency")) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits;
      expect([code, currencyDigits(code)]).toEqual([code, intl]);
    }
    expect(currencyDigits("jpy")).toBe(0);
    expect(currencyDigits("XYZ")).toBe(2);
  });
});

describe("convertMinor", () => {
  it("converts through the euro: $10.88 at 1.1252 USD and 162.67 JPY per euro is ¥1573", () => {
    // 10.88 / 1.1252 * 162.67 = 1572.92… → 1573
    expect(convertMinor(1088, 1.1252, 162.67, 0)).toBe(1573);
  });

  it("rounds half up on the target's minor unit, exactly", () => {
    // 1.00 EUR at 1.005 per euro is 1.005 USD: half a cent rounds up.
    expect(convertMinor(100, 1, 1.005, 2)).toBe(101);
    expect(convertMinor(100, 1, 1.00499, 2)).toBe(100);
    expect(convertMinor(-100, 1, 1.005, 2)).toBe(-101);
  });

  it("leaves an amount unchanged at equal rates", () => {
    expect(convertMinor(123_456, 0.84183, 0.84183, 2)).toBe(123_456);
  });
});

describe("minorToAmount", () => {
  it.each([[148200, 2, "1482.00"], [1482, 0, "1482"], [5, 2, "0.05"], [-5, 2, "-0.05"], [7, 3, "0.007"]] as const)(
    "%i at %i digits is %s", (minor, digits, text) => expect(minorToAmount(minor, digits)).toBe(text),
  );
});
