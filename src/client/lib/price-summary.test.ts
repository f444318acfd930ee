import { describe, expect, it } from "vitest";
import { summariseRegistration, summaryTexts } from "./price-summary.ts";

describe("registration price summaries", () => {
  it("gives lowest, highest and an exact average in one currency", () => {
    const summary = summariseRegistration([
      { registrationPrice: "9.59", currency: "USD" },
      { registrationPrice: "12.00", currency: "usd" },
      { registrationPrice: "14.99", currency: "USD" },
    ]);
    expect(summary).toEqual({ kind: "single", currency: "USD", lowest: "9.59", highest: "14.99", average: "12.19", count: 3 });
    expect(summaryTexts(summary)).toEqual({ range: "$9.59 - $14.99", average: "$12.19" });
  });

  it("counts only rows with both a price and a currency", () => {
    const summary = summariseRegistration([
      { registrationPrice: "10.00", currency: "EUR" },
      { registrationPrice: null, currency: "USD" },
      { registrationPrice: "0.00", currency: "USD" },
      { registrationPrice: "30.00", currency: null },
    ]);
    expect(summary).toMatchObject({ kind: "single", currency: "EUR", count: 1 });
    expect(summaryTexts(summary)).toEqual({ range: "€10.00 - €10.00", average: "€10.00" });
  });

  it("refuses to compare mixed currencies and says N/A with nothing to summarise", () => {
    const mixed = summariseRegistration([
      { registrationPrice: "10.00", currency: "EUR" },
      { registrationPrice: "11.00", currency: "USD" },
    ]);
    expect(mixed).toEqual({ kind: "mixed", currencies: ["EUR", "USD"] });
    expect(summaryTexts(mixed)).toEqual({ range: "Mixed", average: "Mixed" });
    expect(summaryTexts(summariseRegistration([]))).toEqual({ range: "N/A", average: "N/A" });
  });

  it("compares every quote the server converted into the display currency; JPY shows whole yen", () => {
    const summary = summariseRegistration([
      { registrationPrice: "10.88", currency: "USD", display: { currency: "JPY", registrationPrice: "1580" } },
      { registrationPrice: "9.00", currency: "EUR", display: { currency: "JPY", registrationPrice: "1470" } },
      { registrationPrice: "12.00", currency: "USD", display: { currency: "JPY", registrationPrice: "1743" } },
    ]);
    expect(summary).toMatchObject({ kind: "single", currency: "JPY", count: 3 });
    // (1580 + 1470 + 1743) / 3 = 1597.67 → ¥1598
    expect(summaryTexts(summary)).toEqual({ range: "¥1,470 - ¥1,743", average: "¥1,598" });
  });

  it("falls back to the list of currencies only for a quote no rate converts", () => {
    const summary = summariseRegistration([
      { registrationPrice: "10.88", currency: "USD", display: { currency: "EUR", registrationPrice: "9.67" } },
      { registrationPrice: "500.00", currency: "XAU", display: null },
    ]);
    expect(summary).toEqual({ kind: "mixed", currencies: ["EUR", "XAU"] });
  });
});
