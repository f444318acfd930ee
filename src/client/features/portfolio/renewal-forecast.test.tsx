// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { renewalForecast } from "./portfolio-test-support.ts";
import { FORECAST_CSV_PATH, RenewalForecastSection } from "./renewal-forecast.tsx";
import type { RenewalForecast } from "./types.ts";

useMsw();

type Cell = RenewalForecast["total"];
const EMPTY: Cell = renewalForecast().total;
const NAMECHEAP = { id: 1, name: "Namecheap" };
const PORKBUN = { id: 5, name: "Porkbun" };

const forecast = (overrides: Partial<RenewalForecast> = {}) => renewalForecast({ currency: "EUR", ...overrides });

const november: Cell = {
  domains: 3, atRegistrar: "1033.60", atCheapest: "32.00", difference: "1001.60",
  registrarPriceCheckedAt: "2026-11-10T00:00:00.000Z", cheapestPriceCheckedAt: "2026-11-12T00:00:00.000Z",
  registrarPriceIsStale: false, cheapestPriceIsStale: true, rateDate: "2026-11-25",
};
const PRICED = forecast({
  months: renewalForecast().months.map(({ month }) => (month === "2026-11"
    ? {
      month, ...november, registrars: [
        { serviceProvider: NAMECHEAP, ...november, domains: 2, atRegistrar: "1025.60", atCheapest: "24.00", difference: "1001.60" },
        { serviceProvider: PORKBUN, ...november, domains: 1, atRegistrar: "8.00", atCheapest: "8.00", difference: "0.00", cheapestPriceIsStale: false },
      ],
      ifRenews: EMPTY,
    }
    : { month, ...EMPTY, registrars: [], ifRenews: EMPTY })),
  total: november,
  notInTotals: [
    { id: 7, domainName: "xn--mller-kva.net", unicodeName: "müller.net", expirationDate: null, month: null, serviceProvider: NAMECHEAP, reason: "noExpiryDate" },
    { id: 8, domainName: "gone.net", unicodeName: null, expirationDate: "2026-12-02", month: "2026-12", serviceProvider: NAMECHEAP, reason: "departed" },
    ...Array.from({ length: 12 }, (_, i) => ({
      id: 20 + i, domainName: `manual${i}.net`, unicodeName: null, expirationDate: "2027-01-10", month: "2027-01", serviceProvider: NAMECHEAP, reason: "autoRenewOff" as const,
    })),
  ],
  expiredCount: 1,
  laterCount: 4,
});

const rowTexts = (table: HTMLElement) => within(table).getAllByRole("row").slice(1).map((r) => r.textContent ?? "");

describe("renewal forecast", () => {
  it("tables each month's cost at the registrars, at the cheapest and the difference, with the oldest price check", async () => {
    server.use(trpcOk("portfolio.forecast", PRICED));
    renderUi(<RenewalForecastSection currency="EUR" />);
    const table = await screen.findByRole("table", { name: /Renewal cost per month in EUR/ });
    const rows = rowTexts(table);
    expect(rows).toHaveLength(13); // twelve months and the total
    expect(rows[0]).toBe("Nov 20263€1,033.60€32.00€1,001.60Nov 10, 2026 Stale");
    expect(rows[1]).toBe("Dec 2026Nothing renews automatically");
    expect(rows[12]).toBe("12 months3€1,033.60€32.00€1,001.60Nov 10, 2026 Stale");
    expect(screen.getByText(/3 domains renew automatically/).textContent).toBe(
      "From Nov 26, 2026 to Oct 31, 2027, 3 domains renew automatically: €1,033.60 at your registrars, €32.00 at the cheapest renewals, €1,001.60 less.",
    );
    expect(screen.getByRole("img", { name: "Renewal cost per month in EUR, at your registrars and at the cheapest renewals" })).toBeTruthy();
    expect(screen.getByText("Prices quoted in other currencies are converted into EUR at ECB reference rates of Nov 25, 2026 or later.")).toBeTruthy();
    expect(screen.getByText("Not in the forecast: 1 domain already expired; 4 domains expiring after Oct 31, 2027.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forecast CSV" }).getAttribute("href")).toBe(`${FORECAST_CSV_PATH}?currency=EUR`);
  });

  it("puts the portfolio's year of every domain beside the months, with the sentence that reconciles them", async () => {
    const reconciliation = "The yearly cost, €1,200.00, is one year's renewal of each of the 9 domains with a price, whenever it falls due; …";
    server.use(trpcOk("portfolio.forecast", { ...PRICED, yearOfEveryDomain: { ...PRICED.yearOfEveryDomain, amount: "1200.00" }, reconciliation }));
    renderUi(<RenewalForecastSection currency="EUR" />);
    const beside = within(await screen.findByRole("region", { name: "The year and the months" }));
    expect(beside.getByText(/^A year of every domain/).textContent).toBe(
      "A year of every domain: €1,200.00 (one renewal of each domain at its registrar, whenever it falls due).",
    );
    expect(beside.getByText(reconciliation)).toBeTruthy();
  });

  it("opens a month to its registrars", async () => {
    server.use(trpcOk("portfolio.forecast", PRICED));
    renderUi(<RenewalForecastSection currency="EUR" />);
    const table = await screen.findByRole("table");
    const toggle = within(table).getByRole("button", { name: "Nov 2026" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(table).queryByText("Porkbun")).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const rows = rowTexts(table);
    expect(rows.slice(1, 3)).toEqual(["Namecheap2€1,025.60€24.00€1,001.60Nov 10, 2026 Stale", "Porkbun1€8.00€8.00€0.00Nov 10, 2026"]);
    // A month with nothing renewing has no registrars to open.
    expect(within(table).queryByRole("button", { name: "Dec 2026" })).toBeNull();
  });

  it("names the domains left out of the totals, a few per reason", async () => {
    server.use(trpcOk("portfolio.forecast", PRICED));
    renderUi(<RenewalForecastSection currency="EUR" />);
    const leftOut = await screen.findByRole("region", { name: "Not in the totals" });
    expect(within(leftOut).getByText("14 domains that may renew in these months are not in the totals:")).toBeTruthy();
    const items = within(leftOut).getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "No expiry date (1): müller.net",
      "No longer in its registrar account (1): gone.net",
      `Auto-renew is off (12): ${Array.from({ length: 10 }, (_, i) => `manual${i}.net`).join(", ")} and 2 more (all in the CSV)`,
    ]);
  });

  it("says when nothing renews in the twelve months, still naming what is left out", async () => {
    server.use(trpcOk("portfolio.forecast", forecast({ notInTotals: [PRICED.notInTotals[0]!] })));
    renderUi(<RenewalForecastSection currency="EUR" />);
    expect(await screen.findByText("Nothing renews automatically from Nov 26, 2026 to Oct 31, 2027.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("region", { name: "Not in the totals" }).textContent).toContain("No expiry date (1): müller.net");
  });

  it("asks in the display currency", async () => {
    const asked: unknown[] = [];
    server.use(trpcOk("portfolio.forecast", PRICED, (input) => asked.push(input)));
    renderUi(<RenewalForecastSection currency="JPY" />);
    await screen.findByRole("table");
    expect(asked).toEqual([{ currency: "JPY" }]);
  });

  it("says when the forecast fails to load", async () => {
    server.use(trpcError("portfolio.forecast", 500, "boom"));
    renderUi(<RenewalForecastSection currency="EUR" />);
    expect(await screen.findByText("The renewal forecast could not be loaded. Please try again later.")).toBeTruthy();
  });
});
