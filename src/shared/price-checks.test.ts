import { describe, expect, it } from "vitest";
import { checkTldQuotes, DEFAULT_SOURCE_DIFFERENCE_PERCENT, reasonOf, type CheckedQuote, type ReferenceQuote } from "./price-checks.ts";

const quote = (id: number, registrationPrice: number | null, renewalPrice: number | null, transferPrice: number | null, currency = "USD"): CheckedQuote =>
  ({ id, registrationPrice, renewalPrice, transferPrice, currency });

const options = (tldName: string) => ({ tldName, differencePercent: DEFAULT_SOURCE_DIFFERENCE_PERCENT });
const none = new Map<number, ReferenceQuote>();

describe("price checks", () => {
  it("flags Dynadot's .ac.mw transfer of $0.30 against its own registration price of $59.96 (bundled list of 2026-01-01)", () => {
    const flags = checkTldQuotes([quote(1, 5996, 5996, 30)], none, options("ac.mw"));
    expect(flags.get(1)).toEqual([{
      rule: "under-quarter-of-registration", operation: "transfer",
      reason: "Transfer $0.30 is under a quarter of this registrar's registration price $59.96",
    }]);
  });

  it("flags Route 53's .audio renewal of $13.00, which has no registration price, against the lowest one, Porkbun's $103.50", () => {
    // The .audio quotes of the bundled lists: Porkbun, Route 53, Dynadot, Namecheap (promotion), Hover, DNSimple, Openprovider.
    const audio = [
      quote(1, 10350, 10350, 10350), quote(2, null, 1300, null), quote(3, 10722, 10722, 10722), quote(4, 10898, 15998, 12898),
      quote(5, 17499, 17499, 17499), quote(6, 16000, 16000, 16000), quote(7, 20036, 20036, 20036),
    ];
    const flags = checkTldQuotes(audio, none, options("audio"));
    expect([...flags.keys()]).toEqual([2]);
    expect(reasonOf(flags.get(2)!)).toBe("Renewal $13.00 is under a quarter of the lowest registration price of .audio, $103.50.");
  });

  it("flags a renewal under a quarter of the same quote's registration, not one at a quarter", () => {
    expect(checkTldQuotes([quote(1, 1000, 249, null)], none, options("com")).get(1)?.map((f) => f.rule)).toEqual(["under-quarter-of-registration"]);
    expect(checkTldQuotes([quote(1, 1000, 250, null)], none, options("com")).size).toBe(0);
  });

  it("flags a price more than ten times the TLD's median for that operation, in the quote's currency", () => {
    const quotes = [quote(1, 1000, 1000, 1000), quote(2, 1100, 1100, 1100), quote(3, 1200, 1200, 1200), quote(4, 12_001, 3001, null)];
    const flags = checkTldQuotes(quotes, none, options("xyz"));
    expect([...flags.keys()]).toEqual([4]);
    expect(flags.get(4)![0]).toMatchObject({ rule: "above-ten-medians", operation: "registration" });
    expect(flags.get(4)![0]!.reason).toBe("Registration $120.01 is more than ten times the median registration price of .xyz ($11.50)");
    // Exactly ten times is not more than ten times; quotes in another currency have their own median.
    expect(checkTldQuotes([quote(1, 1000, 1000, null), quote(2, 1000, 1000, null), quote(3, 10_000, 10_000, null)], none, options("xyz")).size).toBe(0);
    expect(checkTldQuotes([quote(1, 1000, 1000, null), quote(2, 1000, 1000, null), quote(3, 100_000, 100_000, null, "JPY")], none, options("xyz")).size).toBe(0);
  });

  it("flags a price that differs from the other source's quote for the same registrar by more than the share", () => {
    const reference: ReferenceQuote = { registrationPrice: 1000, renewalPrice: 1000, transferPrice: 1000, currency: "USD", source: "Namecheap's bundled list of 2025-10-25" };
    const refs = new Map([[1, reference]]);
    expect(checkTldQuotes([quote(1, 1250, 1000, 1000)], refs, options("com")).size).toBe(0);
    const flags = checkTldQuotes([quote(1, 1251, 700, 1000)], refs, options("com")).get(1)!;
    expect(flags.map((f) => [f.rule, f.operation])).toEqual([["sources-differ", "registration"], ["sources-differ", "renewal"]]);
    expect(flags[1]!.reason).toBe("Renewal $7.00 is 30% below the $10.00 in Namecheap's bundled list of 2025-10-25");
    // The share is a setting; another currency is not compared.
    expect(checkTldQuotes([quote(1, 1251, 700, 1000)], refs, { tldName: "com", differencePercent: 50 }).size).toBe(0);
    expect(checkTldQuotes([quote(1, 5000, 5000, 5000, "EUR")], refs, options("com")).size).toBe(0);
  });
});
