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
const source = (name: string, lastCheckedAt: string, over: { isStale?: boolean; isOutlier?: boolean } = {}) =>
  ({ serviceProvider: { id: 1, name }, lastCheckedAt, isStale: false, isOutlier: false, unusual: false, unusualReason: null, ...over });
const allStaleNet = source("Dynadot", "2024-01-07T00:00:00.000Z", { isStale: true });
const ROWS = [
  priceRow("net", {
    registrationPrice: "11.00", registrationIsStale: true, isStale: true, lastCheckedAt: "2024-01-07T00:00:00.000Z",
    sources: { registration: allStaleNet, renewal: allStaleNet, transfer: allStaleNet, threeYear: allStaleNet },
  }),
  // The row's newest check is Aug 22, 2026, but its lowest registration is Cloudflare's from April 2024.
  priceRow("com", {
    registrationPrice: "9.59", renewalIsStale: true, lastCheckedAt: "2026-08-22T00:00:00.000Z",
    sources: {
      registration: source("Cloudflare", "2024-04-03T00:00:00.000Z"), renewal: source("Hover", "2024-02-01T00:00:00.000Z", { isStale: true }),
      transfer: source("Porkbun", "2026-08-22T00:00:00.000Z"), threeYear: source("Cloudflare", "2024-04-03T00:00:00.000Z"),
    },
  }),
  priceRow("io", { category: "country-code", registrationPrice: "28.12", promo: quote(porkbun, { registrationPrice: "28.12", renewalPrice: "46.65", isPromo: true, regularRegistrationPrice: "46.65" }) }),
  priceRow("co", { category: "country-code", registrationPrice: null }),
  // A lone fresh premium quote far above the name's others: marked, and sorted after the ordinary prices.
  priceRow("org", { registrationPrice: "40000.00", sources: { registration: source("Premium", "2026-08-01T00:00:00.000Z", { isOutlier: true }), renewal: null, transfer: null, threeYear: null } }),
];

const tldNames = () => screen.getAllByRole("link").map((a) => a.textContent);

describe("Best Prices for Common TLDs", () => {
  it("lists the five common TLDs without a paging footer", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    expect(await screen.findByText("5 top level domains")).toBeTruthy();
    await screen.findByRole("link", { name: ".com" });
    // Popular first: the common TLDs in their own order, and the table says so.
    expect(tldNames()).toEqual([".com", ".net", ".org", ".io", ".co"]);
    expect(screen.getByTestId("sort-order-note").textContent).toBe("Popular first: .com, .net, .org, .io and .co, then the TLDs the most registrars sell.");
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

  it("dates the lowest price by its own quote and says stale once per row, explained under the table", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    const com = await screen.findByRole("row", { name: /\.com\b/ });
    expect(com.textContent).toContain("at Cloudflare, checked Apr 3, 2024");
    expect(com.textContent).not.toContain("Aug 22, 2026");
    // Once, in words, naming the figures from stale quotes; no per-cell badge.
    expect(com.textContent).toContain("* stale: renewal");
    expect(com.textContent?.match(/stale/gi)).toHaveLength(1);
    expect(within(com).queryByText("Stale")).toBeNull();
    const legend = screen.getByTestId("price-marks-legend");
    expect(legend.textContent).toContain("* stale: that lowest price comes from a quote not confirmed in 90 days");
  });

  it("a lowest price every quote of which is unusual says Unusual and why, in words", async () => {
    const reason = "Renewal $0.30 is under a quarter of this registrar's registration price $59.96.";
    const odd = { ...source("Dynadot", "2026-08-01T00:00:00.000Z"), unusual: true, unusualReason: reason };
    const usual = source("Dynadot", "2026-08-01T00:00:00.000Z");
    server.use(trpcOk("prices.common", [priceRow("mw", { renewalPrice: "0.30", sources: { registration: usual, renewal: odd, transfer: usual, threeYear: usual } })]));
    renderUi(<CommonPricesTable />);
    const row = await screen.findByRole("row", { name: /\.mw/ });
    expect(within(row).getByText("Unusual")).toBeTruthy();
    expect(row.textContent).toContain(reason);
  });

  it("a row whose quotes are all stale says so instead of naming a cheapest registrar", async () => {
    server.use(trpcOk("prices.common", ROWS));
    renderUi(<CommonPricesTable />);
    const net = await screen.findByRole("row", { name: /\.net/ });
    expect(net.textContent).toContain("All quotes older than 90 days");
    expect(net.textContent).toContain("checked Jan 7, 2024");
    expect(net.textContent).not.toContain("Dynadot");
  });

  it("marks an outlier and sorts it after the ordinary prices, whichever way", async () => {
    server.use(trpcOk("prices.common", ROWS));
    const user = userEvent.setup();
    renderUi(<CommonPricesTable />);
    const org = await screen.findByRole("row", { name: /\.org/ });
    expect(within(org).getByLabelText(/Unusually high/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Sort order"), "Price: Low to High");
    await user.click(screen.getByRole("button", { name: "Sort by Registration" }));
    expect(tldNames()).toEqual([".io", ".net", ".com", ".org", ".co"]);
  });

  it("filters by name (case-insensitive substring) and category in the browser", async () => {
    server.use(trpcOk("prices.common", ROWS));
    const user = userEvent.setup();
    renderUi(<CommonPricesTable />);
    await screen.findByRole("link", { name: ".com" });
    await user.type(screen.getByPlaceholderText("Search TLDs..."), "CO");
    await waitFor(() => expect(tldNames()).toEqual([".com", ".co"]));
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
    expect(tldNames()).toEqual([".com", ".net", ".io", ".org", ".co"]);
  });
});
