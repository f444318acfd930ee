// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDisplayCurrency } from "../../lib/display-currency.ts";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { PortfolioPage } from "./portfolio-page.tsx";
import { clearToasts, mutationError, mutationOk, portfolioPage, renewalForecast, summary, userDomain } from "./portfolio-test-support.ts";

useMsw();
afterEach(clearToasts);

const PROVIDERS = [provider({ id: 2, name: "GoDaddy" }), provider({ id: 3, name: "Porkbun" })];
const base = (domains = [userDomain({ id: 1, domainName: "acme.com" })], sum = summary()) => [
  trpcOk("portfolio.list", portfolioPage(domains)), trpcOk("portfolio.summary", sum), trpcOk("providers.list", PROVIDERS),
  trpcOk("portfolio.forecast", renewalForecast()), trpcOk("portfolio.registryProgress", null),
];

describe("Domain Portfolio states", () => {
  it("shows 6 skeleton cards while loading", async () => {
    server.use(trpcPending("portfolio.list"), trpcPending("portfolio.summary"), trpcOk("providers.list", PROVIDERS));
    renderUi(<PortfolioPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeTruthy();
    expect(await screen.findAllByTestId("domain-skeleton")).toHaveLength(6);
  });

  it("offers 'Add Your First Domain' when empty, which opens the Add dialog", async () => {
    server.use(...base([], summary({ domainCount: 0 })));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    expect(await screen.findByText("No domains in your portfolio yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add Your First Domain" }));
    expect(await screen.findByRole("dialog", { name: "Add Domain" })).toBeTruthy();
  });

  it("holds the renewal forecast in the display currency once it has domains", async () => {
    const asked: unknown[] = [];
    server.use(trpcOk("portfolio.forecast", renewalForecast(), (input) => asked.push(input)), ...base());
    renderUi(<PortfolioPage />);
    expect(await screen.findByRole("heading", { level: 2, name: "Renewal forecast" })).toBeTruthy();
    expect(await screen.findByText("Nothing renews automatically from Nov 26, 2026 to Oct 31, 2027.")).toBeTruthy();
    expect(asked).toEqual([{ currency: "USD" }]);
  });

  it("says when the list fails to load", async () => {
    server.use(trpcError("portfolio.list", 500), trpcOk("portfolio.summary", summary()), trpcOk("providers.list", PROVIDERS), trpcOk("portfolio.registryProgress", null));
    renderUi(<PortfolioPage />);
    expect(await screen.findByText("Failed to load domains. Please try again later.")).toBeTruthy();
  });
});

describe("a domain card", () => {
  it("names the registrar account a domain came from", async () => {
    server.use(...base([
      userDomain({ id: 1, domainName: "synced.com", source: "sync", registrarAccount: { id: 7, label: "Main Porkbun" } }),
      userDomain({ id: 2, domainName: "typed.com" }),
    ]));
    renderUi(<PortfolioPage />);
    const synced = within((await screen.findByRole("heading", { name: "synced.com" })).closest("li")!);
    expect(synced.getByText("Synced from Main Porkbun")).toBeTruthy();
    const typed = within(screen.getByRole("heading", { name: "typed.com" }).closest("li")!);
    expect(typed.queryByText(/Synced from|Linked to/)).toBeNull();
  });

  it("shows the entry, its renewal price, the cheapest one elsewhere and the saving with a transfer link", async () => {
    server.use(...base([userDomain({ id: 1, domainName: "acme.com", notes: "Main brand", autoRenew: true })]));
    renderUi(<PortfolioPage />);
    const card = within((await screen.findByRole("heading", { name: "acme.com" })).closest("li")!);
    expect(card.getByText(".com")).toBeTruthy();
    expect(card.getByText("Auto-renew on")).toBeTruthy();
    expect(card.getByText("Jan 15, 2020")).toBeTruthy();
    expect(card.getByText("Jan 15, 2027")).toBeTruthy();
    expect(card.getByText("Main brand")).toBeTruthy();
    expect(card.getByText("Renewal at GoDaddy")).toBeTruthy();
    expect(card.getByText("$21.99/yr")).toBeTruthy();
    expect(card.getByRole("link", { name: "Porkbun" }).getAttribute("href")).toBe("/registrar/3");
    expect(card.getByText("Save $11.53/yr by moving to Porkbun")).toBeTruthy();
    const transfer = await card.findByRole("link", { name: /Transfer acme\.com at Porkbun/ });
    expect(transfer.getAttribute("href")).toBe("/api/r/transfer?providerId=3&domain=acme.com");
    expect(transfer.getAttribute("target")).toBe("_blank");
  });

  it("says when each renewal quote was checked and marks a stale saving", async () => {
    const stale = { lastCheckedAt: "2024-01-07T00:00:00.000Z", isStale: true, changedAt: "2024-01-07T00:00:00.000Z" };
    server.use(...base([
      userDomain({ id: 1, domainName: "old.com", pricing: {
        currentRenewal: { price: "21.99", currency: "USD", ...stale },
        cheapestRenewal: { price: "10.46", currency: "USD", ...stale, serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" } },
        yearlySaving: "11.53", yearlySavingIsStale: true, saving: { price: "11.53", currency: "USD" },
      }, money: {
        ...userDomain().money,
        renewal: { ...userDomain().money.renewal!, lastCheckedAt: stale.lastCheckedAt, isStale: true },
        move: { ...userDomain().money.move!, lastCheckedAt: stale.lastCheckedAt, isStale: true },
      } }),
      userDomain({ id: 2, domainName: "new.com" }),
    ]));
    renderUi(<PortfolioPage />);
    const old = within((await screen.findByRole("heading", { name: "old.com" })).closest("li")!);
    expect(old.getAllByText("checked Jan 7, 2024")).toHaveLength(2);
    // Both quotes and the saving carry the mark.
    expect(await old.findAllByLabelText("Stale: Not confirmed in 90 days")).toHaveLength(3);
    const fresh = within(screen.getByRole("heading", { name: "new.com" }).closest("li")!);
    expect(fresh.getAllByText("checked Jan 1, 2026")).toHaveLength(2);
    expect(fresh.queryByText("Stale")).toBeNull();
  });

  it("shows the saving the server worked out in the display currency, marked as converted", async () => {
    const checked = { lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z" };
    const eur = (price: string) => ({ currency: "EUR", price, converted: true, rateDate: "2025-05-09" });
    server.use(...base([
      userDomain({ id: 1, domainName: "euro.com", pricing: {
        currentRenewal: { price: "21.99", currency: "USD", ...checked, display: eur("19.35") },
        cheapestRenewal: { price: "10.46", currency: "USD", ...checked, serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" }, display: eur("9.20") },
        yearlySaving: "11.53", yearlySavingIsStale: false,
        saving: { price: "11.53", currency: "USD", display: eur("10.15") },
      }, money: {
        ...userDomain().money, currency: "EUR",
        renewal: { ...userDomain().money.renewal!, amount: "19.35", rateDate: "2025-05-09" },
        move: { ...userDomain().money.move!, amount: "9.20", rateDate: "2025-05-09" },
        saving: "10.15",
      } }),
    ]));
    renderUi(<PortfolioPage />);
    const card = within((await screen.findByRole("heading", { name: "euro.com" })).closest("li")!);
    const line = card.getByText(/^Save /);
    expect(line.textContent).toContain("≈€10.15/yr");
    expect(line.textContent).toContain("Converted from $11.53 at the ECB rate of May 9, 2025");
  });

  it("says so when the domain already renews at the lowest price, and asks for a registrar when none is set", async () => {
    const checked = { lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z" };
    const cheapest = { price: "10.46", currency: "USD", ...checked, serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" } };
    server.use(...base([
      userDomain({ id: 1, domainName: "best.com", serviceProviderId: 3, serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com", logoUrl: null },
        registrar: { ...userDomain().registrar, serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com", logoUrl: null }, name: "Porkbun" },
        pricing: { currentRenewal: { price: "10.46", currency: "USD", ...checked }, cheapestRenewal: cheapest, yearlySaving: null, yearlySavingIsStale: false, saving: null },
        money: {
          ...userDomain().money, move: null, saving: "0.00",
          renewal: { ...userDomain().money.renewal!, amount: "10.46", price: "10.46", serviceProvider: { id: 3, name: "Porkbun" } },
        } }),
      userDomain({ id: 2, domainName: "bare.com", serviceProviderId: null, serviceProvider: null,
        registrar: { serviceProvider: null, source: null, ianaId: null, name: null, compared: false, message: null },
        pricing: { currentRenewal: null, cheapestRenewal: cheapest, yearlySaving: null, yearlySavingIsStale: false, saving: null },
        money: { ...userDomain().money, renewal: null, move: null, saving: null } }),
    ]));
    renderUi(<PortfolioPage />);
    const best = within((await screen.findByRole("heading", { name: "best.com" })).closest("li")!);
    expect(best.getByText("You already pay the lowest renewal price.")).toBeTruthy();
    expect(best.queryByText(/Save /)).toBeNull();
    const bare = within(screen.getByRole("heading", { name: "bare.com" }).closest("li")!);
    expect(bare.getByText("Set a registrar to compare")).toBeTruthy();
    expect(bare.getByText("$10.46/yr", { exact: false })).toBeTruthy();
  });
});

describe("portfolio header", () => {
  it("totals the portfolio, counts and flags expired domains, and lists each window from today to its limit", async () => {
    const acme = { id: 1, domainName: "acme.com", unicodeName: null, expirationDate: "2026-02-01", daysLeft: 12, autoRenew: false, autoRenewState: "off" as const, warning: "Auto-renew is off" };
    const safe = { id: 2, domainName: "safe.io", unicodeName: null, expirationDate: "2026-03-05", daysLeft: 45, autoRenew: true, autoRenewState: "on" as const, warning: null };
    const sum = summary({
      domainCount: 3,
      totalYearlyRenewal: { amount: "54.37", currency: "USD", domainsWithoutPrice: 1 },
      totalPossibleSaving: { amount: "14.74", currency: "USD" },
      byAutoRenew: {
        on: { domains: 1, amount: "20.00", domainsWithoutPrice: 0, currency: "USD" },
        unknown: { domains: 1, amount: "34.37", domainsWithoutPrice: 0, currency: "USD" },
        off: { domains: 1, amount: "0.00", domainsWithoutPrice: 1, currency: "USD" },
      },
      totals: {
        ...summary().totals,
        yearOfEveryDomain: {
          ...summary().totals.yearOfEveryDomain, domains: 3, amount: "54.37", domainsWithoutPrice: 1, possibleSaving: "14.74",
          byAutoRenew: {
            on: { domains: 1, amount: "20.00", domainsWithoutPrice: 0 },
            unknown: { domains: 1, amount: "34.37", domainsWithoutPrice: 0 },
            off: { domains: 1, amount: "0.00", domainsWithoutPrice: 1 },
          },
        },
        next12Months: { ...summary().totals.next12Months, renewsAutomatically: { domains: 1, amount: "20.00" }, ifItRenews: { domains: 1, amount: "34.37" } },
        reconciliation: "The yearly cost, $54.37, is one year's renewal of each of the 2 domains with a price, whenever it falls due; the next 12 months count…",
      },
      expiring: {
        expired: [{ id: 3, domainName: "lapsed.net", unicodeName: null, expirationDate: "2025-01-10", daysLeft: -375, autoRenew: false, autoRenewState: "off" as const, warning: "Auto-renew is off" }],
        within30: [acme],
        within60: [acme, safe],
        within90: [acme, safe],
      },
    });
    server.use(...base([userDomain({ id: 1, domainName: "acme.com" }), userDomain({ id: 3, domainName: "lapsed.net", expirationDate: "2025-01-10" })], sum));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    const totals = within(await screen.findByRole("region", { name: "Portfolio totals" }));
    expect(totals.getByText("3")).toBeTruthy();
    expect(totals.getByText("1 expired")).toBeTruthy();
    // A year of every domain and the next twelve months side by side, each saying what it counts, and the sentence reconciling them.
    expect(totals.getByText("$54.37")).toBeTruthy();
    expect(totals.getByText(/^One renewal of each domain/).textContent).toBe(
      "One renewal of each domain at its registrar, whenever it falls due1 domain has no renewal price in USD"
      + "$20.00 renews automatically · $34.37 expected if it renews (1 domain whose auto-renew is unknown) · $0.00 with auto-renew off",
    );
    expect(totals.getByText("$20.00")).toBeTruthy();
    expect(totals.getByText(/renewing automatically from/).textContent).toBe(
      "1 domain renewing automatically from Nov 26, 2026 to Oct 31, 2027and $34.37 if the 1 domain whose auto-renew is unknown renew",
    );
    expect(totals.getByText("$14.74")).toBeTruthy();
    expect(totals.getByTestId("totals-reconciliation").textContent).toMatch(/^The yearly cost, \$54\.37, is one year's renewal/);

    // The lapsed domain's card is flagged; the current one is not.
    expect(within(screen.getByRole("heading", { name: "lapsed.net" }).closest("li")!).getByText("Expired")).toBeTruthy();
    expect(within(screen.getByRole("heading", { name: "acme.com" }).closest("li")!).queryByText("Expired")).toBeNull();

    const panel = within(screen.getByRole("region", { name: "Expiring soon" }));
    const shown = () => within(panel.getByRole("tabpanel"));
    expect(panel.getByRole("tab", { name: /Expired/ }).textContent).toContain("1");
    expect(shown().getByText("lapsed.net")).toBeTruthy();
    await user.click(panel.getByRole("tab", { name: /30 days/ }));
    await waitFor(() => expect(shown().getByText("Feb 1, 2026 · in 12 days")).toBeTruthy());
    expect(shown().getByText("Auto-renew is off")).toBeTruthy();
    expect(shown().queryByText("safe.io")).toBeNull();
    await user.click(panel.getByRole("tab", { name: /60 days/ }));
    expect(panel.getByRole("tab", { name: /60 days/ }).textContent).toContain("2");
    await waitFor(() => expect(shown().getByText("safe.io")).toBeTruthy());
    expect(shown().getByText("acme.com")).toBeTruthy();
  });

  it("shows an IDN TLD in its Unicode form with the punycode beside it", async () => {
    server.use(...base([userDomain({ id: 5, domainName: "xn--e1afmkfd.xn--p1ai", tld: { id: 9, name: "xn--p1ai", unicodeName: "рф" } })]));
    renderUi(<PortfolioPage />);
    const card = within((await screen.findByRole("heading", { name: "xn--e1afmkfd.xn--p1ai" })).closest("li")!);
    expect(card.getByText(".рф", { exact: false }).textContent).toBe(".рф (xn--p1ai)");
  });

  it("says when nothing has expired or expires within 90 days", async () => {
    server.use(...base());
    renderUi(<PortfolioPage />);
    const totals = within(await screen.findByRole("region", { name: "Portfolio totals" }));
    expect(totals.getByText("None expired")).toBeTruthy();
    expect(await screen.findByText("No domains have expired or expire in the next 90 days.")).toBeTruthy();
  });

  it("links Export CSV to the download, its money in the display currency", async () => {
    server.use(...base());
    renderUi(<PortfolioPage />);
    const link = await screen.findByRole("link", { name: "Export CSV" });
    expect(link.getAttribute("href")).toBe(`/api/user-domains/export.csv?currency=${getDisplayCurrency()}`);
    expect(link.hasAttribute("download")).toBe(true);
  });
});

describe("removing a domain", () => {
  it("asks first, then removes it and says so", async () => {
    const removed: unknown[] = [];
    server.use(...base(), mutationOk("portfolio.remove", { id: 1, removed: true }, removed));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    await user.click(await screen.findByRole("button", { name: "Remove acme.com" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Are you sure you want to remove this domain from your portfolio?")).toBeTruthy();
    server.use(trpcOk("portfolio.list", portfolioPage([])), trpcOk("portfolio.summary", summary({ domainCount: 0 })), trpcOk("portfolio.registryProgress", null));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    const toast = await findToast("Success");
    expect(toast.textContent).toContain("Domain removed from portfolio");
    expect(removed).toEqual([{ id: 1 }]);
    expect(await screen.findByText("No domains in your portfolio yet.")).toBeTruthy();
  });

  it("keeps the domain when the user cancels, and reports a failed removal", async () => {
    server.use(...base(), mutationError("portfolio.remove", 404, "Domain not found"));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    await user.click(await screen.findByRole("button", { name: "Remove acme.com" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Remove acme.com" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to remove domain. Domain not found.");
    expect(screen.getByRole("heading", { name: "acme.com" })).toBeTruthy();
  });
});

describe("a session that ended", () => {
  it("turns a 401 from the portfolio call into the sign-in redirect", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: window.location.origin });
    server.use(trpcError("portfolio.list", 401, "Unauthorized"), trpcError("portfolio.summary", 401, "Unauthorized"), trpcOk("providers.list", PROVIDERS));
    renderUi(<PortfolioPage />);
    expect((await findToast("Unauthorized")).textContent).toContain("You are logged out. Logging in again...");
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login"), { timeout: 10_000 });
    vi.unstubAllGlobals();
  });
});
