import { describe, expect, it } from "vitest";
import { formatCheckedDate } from "../../../shared/price-format.ts";
import { toCurrentQuote } from "./current-quotes.ts";
import { buildSegments } from "./history-series.ts";

describe("a current quote in the price history", () => {
  // Cloudflare's .com quote as the API answers it: listed on Jan 7, confirmed since, last on Apr 8.
  const quote = {
    registrationPrice: "9.59", renewalPrice: "9.59", currency: "USD", isPromo: false, snapshotDate: "2024-01-07",
    lastCheckedAt: "2024-04-08T00:00:00.000Z", changedAt: "2023-11-02T06:00:00.000Z",
  };

  it("is checked the day the comparison table says, and in force since it took its present values", () => {
    const current = toCurrentQuote(quote, { id: 5, name: "Cloudflare Registrar" });
    expect(current).toMatchObject({ since: "2023-11-02", checked: "2024-04-08" });
    const [segment] = buildSegments([], [current]);
    // The comparison table writes "checked Apr 8, 2024" from lastCheckedAt: the history the same day.
    expect(formatCheckedDate(quote.lastCheckedAt)).toContain("Apr 8, 2024");
    expect(segment!.until).toBe("2024-04-08");
  });

  it("falls back to the list's date for a quote without those instants", () => {
    const { lastCheckedAt: _l, changedAt: _c, ...bare } = quote;
    expect(toCurrentQuote(bare, { id: 5, name: "Cloudflare Registrar" })).toMatchObject({ since: "2024-01-07", checked: "2024-01-07" });
  });
});
