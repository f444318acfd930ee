// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { priceRow, provider, quote } from "../../testing/fixtures.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { CommonPricesTable } from "./common-prices-table.tsx";

useMsw();

const porkbun = provider({ name: "Porkbun" });
const ROWS = [
  priceRow("net", { registrationPrice: "11.00", registrationIsStale: true, isStale: true, lastCheckedAt: "2024-01-07T00:00:00.000Z" }),
  priceRow("com", { registrationPrice: "9.59" }),
  priceRow("io", { category: "country-code", registrationPrice: "28.12", prices: [quote(porkbun, { registrationPrice: "28.12", renewalPrice: "46.65", isPromo: true, regularRegistrationPrice: "46.65" })] }),
  priceRow("co", { category: "country-code", registrationPrice: null }),
  priceRow("org", { registrationPrice: "6.88" }),
];

const tldNames = () => screen.getAllByRole("link").map((a) => a.textContent);

describe("Best Prices for Common TLDs", () => {
  it("lists the five common TLDs without a paging footer", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    expect(await screen.findByText("5 top level domains")).toBeTruthy();
    await screen.findByRole("link", { name: ".com" });
    expect(tldNames()).toEqual([".co", ".com", ".io", ".net", ".org"]);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    expect(screen.getByRole("row", { name: /\.co\b.*N\/A/ })).toBeTruthy();
  });

  it("marks a promotional price with what it renews at", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    const row = await screen.findByRole("row", { name: /\.io/ });
    expect(row.textContent).toContain("Promo");
    expect(row.textContent).toContain("$28.12 first year, renews at $46.65 at Porkbun");
  });

  it("says when each row was checked and marks a stale figure, with an explanation", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    const net = await screen.findByRole("row", { name: /\.net/ });
    expect(net.textContent).toContain("checked Jan 7, 2024");
    // The row's note and its registration figure: both stale.
    const marks = await within(net).findAllByLabelText("Stale: Not confirmed in 90 days");
    expect(marks).toHaveLength(2);
    expect(marks[0]!.getAttribute("title")).toBe("Not confirmed in 90 days");
    const com = screen.getByRole("row", { name: /\.com/ });
    expect(com.textContent).toContain("checked Jan 1, 2026");
    expect(within(com).queryByText("Stale")).toBeNull();
  });

  it("filters by name (case-insensitive substring) and category in the browser", async () => {
    server.use(trpcOk("prices.common", ROWS));
    const user = userEvent.setup();
    renderUi(<CommonPricesTable />);
    await screen.findByRole("link", { name: ".com" });
    await user.type(screen.getByPlaceholderText("Search TLDs..."), "CO");
    await waitFor(() => expect(tldNames()).toEqual([".co", ".com"]));
    await user.selectOptions(screen.getByLabelText("Filter by category"), "Country Code");
    await waitFor(() => expect(tldNames()).toEqual([".co"]));
    await user.selectOptions(screen.getByLabelText("Filter by category"), "Sponsored");
    expect(await screen.findByText("No domain pricing data available")).toBeTruthy();
  });

  it("sorts by price with unpriced rows last in both directions", async () => {
    server.use(trpcOk("prices.common", ROWS));
    const user = userEvent.setup();
    renderUi(<CommonPricesTable />);
    await screen.findByRole("link", { name: ".com" });
    await user.selectOptions(screen.getByLabelText("Sort order"), "Price: Low to High");
    expect(tldNames()).toEqual([".org", ".com", ".net", ".io", ".co"]);
    await user.click(screen.getByRole("button", { name: "Sort by Registration" }));
    expect(tldNames()).toEqual([".io", ".net", ".com", ".org", ".co"]);
  });
});
