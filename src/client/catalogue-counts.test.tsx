// @vitest-environment happy-dom
/**
 * The same data gives the same figure on every page that shows a count: the landing page's
 * hero, "Our Data" and "Who We Search", /registrars, /service-providers and /tlds all read
 * catalogue.stats and label each figure the same way.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ServiceProvidersPage } from "./features/directory/service-providers-page.tsx";
import { Hero } from "./features/landing/hero.tsx";
import { OurData } from "./features/landing/our-data.tsx";
import { ProviderGrid } from "./features/landing/provider-grid.tsx";
import { RegistrarsPage } from "./features/registrars/registrars-page.tsx";
import { pricePage, provider } from "./testing/fixtures.ts";
import { renderApp } from "./testing/render-app.tsx";
import { renderUi, server, useMsw } from "./testing/render.tsx";
import { CATALOGUE_STATS, trpcOk } from "./testing/trpc-msw.ts";

useMsw();

// 13 providers, 9 of them with prices compared: the fixture behind CATALOGUE_STATS.
const providers = Array.from({ length: CATALOGUE_STATS.serviceProviders }, (_, i) => provider({ id: i + 1, name: `Registrar ${i + 1}` }));
const directory = providers.map((p, i) => ({
  id: p.id, name: p.name, displayName: p.name, domain: p.domain, logoUrl: null, website: null, isActive: true,
  ianaId: p.ianaId, ianaStatus: p.ianaStatus, country: "US", tldCount: i < CATALOGUE_STATS.providersWithPrices ? 100 : 0,
  currencies: ["USD"], priceRanges: [], comparesPrices: i < CATALOGUE_STATS.providersWithPrices, canConnectAccount: false,
}));

/** The figure beside a stat's label, once it is loaded (a skeleton stands there meanwhile). */
const statValue = (label: string) =>
  waitFor(() => {
    const text = screen.getByText(label).nextElementSibling?.textContent ?? "";
    expect(text).toMatch(/\d/);
    return text;
  });

describe("counts agree across pages", () => {
  it("providers with prices: Our Data, Who We Search and /registrars show the same figure", async () => {
    server.use(trpcOk("providers.directory", directory), trpcOk("providers.list", providers));
    const ourData = renderUi(<OurData />);
    expect(await statValue("Providers with prices")).toBe("9");
    expect(await statValue("Registrars and service providers")).toBe("13");
    ourData.unmount();

    const grid = renderUi(<ProviderGrid />);
    expect(await screen.findByText("We compare prices from these 9 registrars and service providers.")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(9);
    grid.unmount();

    const registrars = renderUi(<RegistrarsPage />);
    expect(await statValue("Providers with prices")).toBe("9");
    expect(await statValue("Registrars and service providers")).toBe("13");
    expect(screen.getAllByRole("listitem")).toHaveLength(13);
    registrars.unmount();

    renderUi(<ServiceProvidersPage />);
    expect(await screen.findByText(
      "13 registrars and service providers (all listed, with prices or not); 9 providers with prices (registrars and service providers whose prices we compare).",
    )).toBeTruthy();
  });

  it("priced names: the hero, Our Data and /tlds show the same figure under the same words", async () => {
    server.use(trpcOk("prices.list", pricePage(CATALOGUE_STATS.pricedNames)), trpcOk("catalogue.dataStatus", { lastUpdated: null, isDataUpdate: false, lastLiveFetch: null, provider: null, bundledDataInstalledAt: null }));
    const hero = renderUi(<Hero />);
    expect(await screen.findByText(/Compare registration, renewal and transfer prices of 1,845 priced names \(TLDs and second-level suffixes\) across 9 registrars and service providers\./)).toBeTruthy();
    hero.unmount();

    const ourData = renderUi(<OurData />);
    expect(await statValue("Priced names")).toBe("1,845");
    expect(screen.getByText("TLDs and second-level suffixes")).toBeTruthy();
    ourData.unmount();

    renderApp("/tlds");
    expect(await screen.findByText("Compare registration, renewal and transfer prices of 1,845 priced names (TLDs and second-level suffixes)")).toBeTruthy();
    expect(await screen.findByText("Showing 1-20 of 1,845 priced names")).toBeTruthy();
  });
});
