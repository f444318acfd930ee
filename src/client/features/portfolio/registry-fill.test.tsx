// @vitest-environment happy-dom
/**
 * What the card, the page and the forecast show of a domain the registry filled in: its name in
 * Unicode, the registrar in force and where it came from (or the one we have no prices from),
 * WHOIS dates as lower confidence, the one-click auto-renew answer, "check now" and its limit,
 * the registry checks' progress, and the forecast's "expected if it renews" figures.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { DomainCard } from "./domain-card.tsx";
import { clearToasts, mutationError, mutationOk, renewalForecast, userDomain } from "./portfolio-test-support.ts";
import { RegistryProgress } from "./registry-progress.tsx";
import { FORECAST_DOMAINS_CSV_PATH, RenewalForecastSection } from "./renewal-forecast.tsx";
import type { RenewalForecast, UserDomain } from "./types.ts";

useMsw();
afterEach(clearToasts);

const noop = () => undefined;
const NAMECHEAP = { id: 4, name: "Namecheap", domain: "namecheap.com", logoUrl: null };

/** müller.de as added by its name alone: registrar and dates from the registry, auto-renew unknown. */
function fromRegistry(overrides: Partial<UserDomain> = {}): UserDomain {
  const base = userDomain({ id: 21, domainName: "xn--mller-kva.de", expirationDate: null, registrationDate: null });
  const fromWhois = (date: string) => ({
    date, source: "registry" as const, registryProtocol: "whois" as const, lowerConfidence: true, typed: null, typedSource: "typed" as const,
    registry: date, disagree: false, note: null,
  });
  return {
    ...base,
    unicodeName: "müller.de", tldId: "de", tld: { id: 9, name: "de", unicodeName: null },
    serviceProviderId: null, serviceProvider: null, autoRenew: false, autoRenewState: "unknown",
    registrar: { serviceProvider: NAMECHEAP, source: "registry", ianaId: 1068, name: "Namecheap", compared: true, message: null },
    effectiveExpirationDate: "2031-03-02",
    dates: { ...base.dates, expiration: fromWhois("2031-03-02"), registration: fromWhois("2015-03-02") },
    registry: { ...base.registry, protocol: "whois", registrar: { ianaId: 1068, name: "NameCheap, Inc.", serviceProviderId: 4 } },
    ...overrides,
  };
}

describe("a domain the registry filled in", () => {
  it("reads in Unicode, names its registrar from the registry, and marks WHOIS dates as lower confidence", async () => {
    renderUi(<DomainCard domain={fromRegistry()} onEdit={noop} onDelete={noop} />);
    const card = within((await screen.findAllByRole("listitem"))[0]!);
    expect(card.getByRole("heading").textContent).toBe("müller.dexn--mller-kva.de");
    expect(card.getByRole("link", { name: "Namecheap" })).toBeTruthy();
    expect(card.getByText("from the registry")).toBeTruthy();
    expect(card.getAllByText("from WHOIS (lower confidence)")).toHaveLength(2);
    expect(card.getByText("Auto-renew unknown")).toBeTruthy();
    expect(card.getByText(/Checked with the registry over WHOIS on/)).toBeTruthy();
  });

  it("names a registrar we have no prices from, saying it is not compared", async () => {
    const domain = fromRegistry({
      registrar: { serviceProvider: null, source: null, ianaId: 292, name: "MarkMonitor Inc.", compared: false, message: "not compared: we have no prices from MarkMonitor Inc." },
    });
    renderUi(<DomainCard domain={domain} onEdit={noop} onDelete={noop} />);
    expect(await screen.findByText(/MarkMonitor Inc\. \(IANA 292\)/)).toBeTruthy();
    expect(screen.getByText("not compared: we have no prices from MarkMonitor Inc.")).toBeTruthy();
  });

  it("asks whether it renews automatically and saves the answer in one click", async () => {
    const calls: { id: number; autoRenewState?: string }[] = [];
    server.use(mutationOk("portfolio.update", { ...fromRegistry(), autoRenew: true, autoRenewState: "on" }, calls));
    renderUi(<DomainCard domain={fromRegistry()} onEdit={noop} onDelete={noop} />);
    const question = await screen.findByRole("group", { name: "Does this renew automatically?" });
    await userEvent.setup().click(within(question).getByRole("button", { name: "Yes" }));
    expect((await findToast("Success")).textContent).toContain("müller.de renews automatically");
    expect(calls).toEqual([{ id: 21, autoRenewState: "on" }]);
  });

  it("asks the registry now, and says when the hourly limit is reached", async () => {
    const calls: { id: number }[] = [];
    server.use(mutationOk("portfolio.checkNow", fromRegistry(), calls));
    const user = userEvent.setup();
    renderUi(<DomainCard domain={fromRegistry()} onEdit={noop} onDelete={noop} />);
    await user.click(await screen.findByRole("button", { name: "Check now" }));
    expect((await findToast("Success")).textContent).toContain("Checking müller.de with its registry");
    expect(calls).toEqual([{ id: 21 }]);
    await clearToasts();
    server.use(mutationError("portfolio.checkNow", 429, "You can ask for 20 registry checks an hour; the next one is possible in 12 minutes"));
    await user.click(screen.getByRole("button", { name: "Check now" }));
    expect((await findToast("Error")).textContent).toContain("Could not check with the registry. You can ask for 20 registry checks an hour; the next one is possible in 12 minutes.");
  });

  it("tells when a failed check is tried next, and that a requested check is on its way", async () => {
    const failed = fromRegistry({
      registry: {
        ...fromRegistry().registry, outcome: "error", failures: 2,
        message: "The last registry check failed: The WHOIS server whois.denic.de did not answer within 10 s. Next try: 2026-11-26 10:20 UTC",
        nextCheckAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      },
    });
    const { unmount } = renderUi(<DomainCard domain={failed} onEdit={noop} onDelete={noop} />);
    expect((await screen.findByText(/The last registry check failed/)).textContent).toMatch(/Next try: 2026-11-26 10:20 UTC \(in 1[45] minutes\)/);
    unmount();
    renderUi(<DomainCard domain={fromRegistry({ registry: { ...fromRegistry().registry, checkRequestedAt: "2026-11-26T10:00:00.000Z" } })} onEdit={noop} onDelete={noop} />);
    expect((await screen.findByRole<HTMLButtonElement>("button", { name: "Check on its way" })).disabled).toBe(true);
  });
});

describe("the registry checks' progress", () => {
  it("counts the newest domains' first checks", async () => {
    server.use(trpcOk("portfolio.registryProgress", { checked: 214, total: 300 }));
    renderUi(<RegistryProgress />);
    expect((await screen.findByRole("status")).textContent).toContain("Registry checks: 214 of 300 checked");
  });
});

describe("the forecast's domains whose auto-renew is unknown", () => {
  it("shows them apart as expected if they renew, and offers every domain's figures as a CSV", async () => {
    const empty = renewalForecast().total;
    const cell = { ...empty, domains: 2, atRegistrar: "40.00", atCheapest: "32.00", difference: "8.00", registrarPriceCheckedAt: "2026-11-20T00:00:00.000Z", cheapestPriceCheckedAt: "2026-11-20T00:00:00.000Z" };
    const months = renewalForecast().months.map((m) => (m.month === "2026-12" ? { ...m, ifRenews: cell } : m));
    const forecast: RenewalForecast = renewalForecast({ currency: "EUR", months, ifRenews: cell });
    server.use(trpcOk("portfolio.forecast", forecast));
    renderUi(<RenewalForecastSection currency="EUR" />);
    expect((await screen.findByTestId("forecast-if-renews")).textContent).toBe(
      "2 domains whose auto-renew is unknown are expected to cost €40.00 if they renew (€32.00 at the cheapest); say on their cards whether they renew automatically.",
    );
    const table = screen.getByRole("table", { name: /Renewal cost per month in EUR/ });
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toContain("Expected if it renews2€40.00€32.00€8.00Nov 20, 2026");
    expect(rows.filter((r) => r?.startsWith("Expected if it renews"))).toHaveLength(2); // December and the twelve months
    expect(screen.getByRole("link", { name: "Per-domain CSV" }).getAttribute("href")).toBe(`${FORECAST_DOMAINS_CSV_PATH}?currency=EUR`);
  });
});
