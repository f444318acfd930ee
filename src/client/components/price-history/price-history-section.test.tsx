// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, useMsw } from "../../testing/render.tsx";
import type { CurrentQuote, HistoryEntry } from "./history-series.ts";
import { PriceHistorySection } from "./price-history-section.tsx";

useMsw();

const HISTORY: HistoryEntry[] = [
  { serviceProviderId: 2, providerName: "Google Domains", registrationPrice: "12.00", renewalPrice: "12.00", currency: "USD", isPromo: false, validFrom: "2022-09-28", validUntil: "2024-01-07", endReason: "retired" },
  { serviceProviderId: 3, providerName: "easyname", registrationPrice: "9.90", renewalPrice: "19.90", currency: "EUR", isPromo: false, validFrom: "2018-11-13", validUntil: "2020-01-01", endReason: "changed" },
];
const CURRENT: CurrentQuote[] = [
  { providerId: 4, providerName: "Porkbun", registrationPrice: "6.49", renewalPrice: "11.08", currency: "USD", isPromo: true, since: "2025-03-22", checked: "2025-06-01" },
];

describe("price history section", () => {
  it("labels the chart as an image and lists the same periods in a table, promo and retired marked", async () => {
    renderUi(<PriceHistorySection label="Price history of .com" history={HISTORY} current={CURRENT} status="success" />);
    const chart = await screen.findByRole("img", { name: /Price history of \.com: registration prices in USD/ });
    expect(chart).toBeTruthy();
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent ?? "");
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.includes("Google Domains"))).toMatch(/Sep 28, 2022 – Jan 7, 2024, no longer listed.*Retired/);
    expect(rows.find((r) => r.includes("Porkbun"))).toMatch(/Mar 22, 2025 – checked Jun 1, 2025.*\$6\.49.*\$11\.08.*Current.*Promo/);
    expect(rows.find((r) => r.includes("easyname"))).toContain("€9.90");
    expect(screen.getByText("Quotes in EUR are listed in the table, not charted.")).toBeTruthy();
  });

  it("shows the prices the server converted into the display currency, charted in it, with the rate's day written out", async () => {
    const jpy = (registrationPrice: string, renewalPrice: string) =>
      ({ currency: "JPY", registrationPrice, renewalPrice, converted: true, rateDate: "2025-05-09" });
    const history = [
      { ...HISTORY[0]!, display: jpy("1742", "1742") },
      { ...HISTORY[1]!, display: null }, // no stored rate converts it: it stays in euros, in the table only
    ];
    const current = [{ ...CURRENT[0]!, display: jpy("942", "1609") }];
    renderUi(<PriceHistorySection label="Price history of .com" history={history} current={current} status="success" displayCurrency="JPY" />);
    expect(await screen.findByRole("img", { name: /registration prices in JPY/ })).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const porkbun = rows.find((r) => r.textContent?.includes("Porkbun"))!;
    expect(within(porkbun).getByRole("note", { name: "¥942, Converted from $6.49 at the ECB rate of May 9, 2025" })).toBeTruthy();
    expect(within(porkbun).getByRole("note", { name: "¥1,609, Converted from $11.08 at the ECB rate of May 9, 2025" })).toBeTruthy();
    // The rate is far more than a week old: its day is written under each amount, not only in the tip.
    expect(within(porkbun).getAllByText("ECB rate of May 9, 2025")).toHaveLength(2);
    expect(rows.find((r) => r.textContent?.includes("easyname"))?.textContent).toContain("€9.90");
    expect(screen.getByText("Prices quoted in other currencies are converted into JPY at the ECB reference rate of May 9, 2025.")).toBeTruthy();
    expect(screen.getByText("Quotes in EUR are listed in the table, not charted.")).toBeTruthy();
  });

  it("switches the chart between registration and renewal prices", async () => {
    renderUi(<PriceHistorySection label="Price history of .com" history={HISTORY} current={CURRENT} status="success" />);
    await userEvent.click(await screen.findByRole("button", { name: "Renewal" }));
    expect(screen.getByRole("button", { name: "Renewal" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("img", { name: /renewal prices in USD/ })).toBeTruthy();
  });

  it("says so when there is no history, and when it failed to load", async () => {
    const { unmount } = renderUi(<PriceHistorySection label="Price history of .zz" history={[]} current={[]} status="success" />);
    expect(await screen.findByText("No price history yet.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    unmount();
    renderUi(<PriceHistorySection label="Price history of .zz" history={undefined} current={undefined} status="error" />);
    expect(await screen.findByText("Price history could not be loaded. Please try again later.")).toBeTruthy();
  });
});
