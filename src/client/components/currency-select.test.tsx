// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setDisplayCurrency } from "../lib/display-currency.ts";
import { priceRow } from "../testing/fixtures.ts";
import { renderUi, server, useMsw } from "../testing/render.tsx";
import { trpcOk } from "../testing/trpc-msw.ts";
import { CommonPricesTable } from "../features/prices/common-prices-table.tsx";
import { CurrencySelect, offeredCurrencies } from "./currency-select.tsx";

useMsw();
afterEach(() => {
  setDisplayCurrency("USD");
  document.cookie = "currency=; path=/; max-age=0";
});

const select = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Display currency" });

describe("display currency selector", () => {
  it("starts at USD, remembers a choice in the currency cookie and reads it back on the next start", async () => {
    const view = renderUi(<CurrencySelect />);
    await screen.findByRole("option", { name: "JPY" });
    expect(select().value).toBe("USD");
    await userEvent.selectOptions(select(), "EUR");
    expect(select().value).toBe("EUR");
    expect(document.cookie).toContain("currency=EUR");
    view.unmount();
    // A new page load starts the module afresh, reading the cookie.
    vi.resetModules();
    const reloaded = await import("../lib/display-currency.ts");
    expect(reloaded.getDisplayCurrency()).toBe("EUR");
  });

  it("refetches prices in the chosen currency without a reload and marks the converted ones", async () => {
    const asked: (string | undefined)[] = [];
    server.use(trpcOk<{ currency?: string } | undefined>("prices.common", (input: { currency?: string } | undefined) => [
      priceRow("com", {
        registrationPrice: "10.88",
        display: input?.currency === "EUR"
          ? { currency: "EUR", registrationPrice: "9.67", renewalPrice: "9.67", transferPrice: "9.67", threeYearPrice: "29.01", converted: true, rateDate: "2025-05-09" }
          : { currency: "USD", registrationPrice: "10.88", renewalPrice: "12.00", transferPrice: "11.00", threeYearPrice: "34.88", converted: false, rateDate: null },
      }),
    ], (input) => asked.push(input?.currency)));
    renderUi(<><CurrencySelect /><CommonPricesTable /></>);
    expect((await screen.findByRole("row", { name: /\.com/ })).textContent).toContain("$10.88");
    await userEvent.selectOptions(select(), "EUR");
    const mark = await screen.findByRole("note", { name: "€9.67, Converted from $10.88 at the ECB rate of May 9, 2025" });
    expect(mark.textContent).toContain("≈€9.67");
    await waitFor(() => expect(asked).toEqual(["USD", "EUR"]));
  });

  it("offers the ECB's current currencies, the common ones first, and keeps the chosen one", () => {
    const options = [
      { code: "USD", latestRateDate: "2025-05-09" }, { code: "ZAR", latestRateDate: "2025-05-09" },
      { code: "JPY", latestRateDate: "2025-05-09" }, { code: "EUR", latestRateDate: "2025-05-09" },
      { code: "RUB", latestRateDate: "2022-03-01" }, { code: "BGN", latestRateDate: "2025-05-09" },
    ];
    expect(offeredCurrencies(options, "USD")).toEqual(["USD", "EUR", "JPY", "BGN", "ZAR"]);
    expect(offeredCurrencies(options, "RUB")).toEqual(["USD", "EUR", "JPY", "BGN", "RUB", "ZAR"]);
    expect(offeredCurrencies(undefined, "GBP")).toEqual(["GBP"]);
  });
});
