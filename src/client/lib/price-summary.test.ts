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
});
