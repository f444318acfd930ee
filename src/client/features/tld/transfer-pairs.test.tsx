// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { TransferPairs } from "./transfer-pairs.tsx";

useMsw();

const price = (amount: string, source: string) => ({ amount, price: amount, priceCurrency: "USD", source, lastCheckedAt: "2026-12-01T00:00:00.000Z", isStale: false, rateDate: null, unusual: false, unusualReason: null });
const pair = (from: string, to: string, breakEvenYear: number | null, verdict = "move") => ({
  from: { id: from.length, name: from }, to: { id: to.length + 10, name: to }, verdict, breakEvenYear, cautions: verdict === "unsure" ? ["the price at X was last confirmed on Aug 1, 2026, over 90 days ago"] : [], savingMinor: 3500,
  years: [{ years: 1, stay: "30.00", move: "15.00", saving: "15.00" }, { years: 3, stay: "90.00", move: "55.00", saving: "35.00" }, { years: 5, stay: "150.00", move: "95.00", saving: "55.00" }],
  current: price("30.00", from), transfer: price("15.00", to), renewal: price("20.00", to), sentence: `Moving a .net from ${from} to ${to}.`,
});

describe("when moving a TLD pays off", () => {
  it("tables each registrar's best move with the transfer, the renewals and the year it pays off", async () => {
    server.use(trpcOk("prices.transferPairs", {
      tld: "net", currency: "USD", rule: { pattern: "*", addsYear: true, sourceUrl: "https://example.org/icann", sourceDate: "2026-12-07" },
      pairs: [pair("Holder", "Cheapo", 1), pair("Dear", "Cheapo", 3, "unsure")],
    }));
    renderUi(<TransferPairs tldId="net" label=".net" currency="USD" />);
    const table = await screen.findByRole("table", { name: "When moving a .net pays off" });
    expect(within(table).getAllByRole("row").slice(1).map((r) => r.textContent)).toEqual([
      "Holder → Cheapo$15.00$20.00instead of $30.00$35.00In the first year",
      "Dear → Cheapocheck the prices$15.00$20.00instead of $30.00$35.00After 3 years",
    ]);
    expect(screen.getByText(/A \.net transfer adds a year/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "rule source" }).getAttribute("href")).toBe("https://example.org/icann");
  });

  it("says so when no move pays", async () => {
    server.use(trpcOk("prices.transferPairs", { tld: "net", currency: "USD", rule: { pattern: "*", addsYear: true, sourceUrl: "https://example.org/icann", sourceDate: "2026-12-07" }, pairs: [] }));
    renderUi(<TransferPairs tldId="net" label=".net" currency="USD" />);
    expect(await screen.findByText("No registrar we compare is cheaper to move a .net to, once the transfer is paid.")).toBeTruthy();
  });
});
