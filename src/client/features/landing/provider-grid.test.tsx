// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { CATALOGUE_STATS, trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { FALLBACK_PROVIDERS } from "./fallback-providers.ts";
import { ProviderGrid } from "./provider-grid.tsx";

useMsw();

const entry = (id: number, name: string, extra: object = {}) => ({
  id, name, displayName: name, domain: `${name.toLowerCase().replace(/ /g, "")}.com`, logoUrl: null, website: null,
  isActive: true, ianaId: 100 + id, ianaStatus: "Accredited", country: "US", tldCount: 500, currencies: ["USD"],
  priceRanges: [], comparesPrices: true, canConnectAccount: false, ...extra,
});

const cardNames = async () => {
  const list = await screen.findByRole("list");
  return within(list).getAllByRole("listitem").map((li) => li.textContent);
};

describe("Who We Search", () => {
  it("shows 12 skeletons while loading", async () => {
    server.use(trpcPending("providers.directory"));
    renderUi(<ProviderGrid />);
    expect(await screen.findAllByTestId("provider-skeleton")).toHaveLength(12);
  });

  it("shows the providers whose prices are compared, each with a letter tile, and their count", async () => {
    server.use(
      trpcOk("providers.directory", [
        entry(1, "Porkbun"), entry(2, "Dynadot"),
        entry(3, "Google Domains", { isActive: false, comparesPrices: false }), entry(4, "GoDaddy", { tldCount: 0, comparesPrices: false }),
      ]),
      trpcOk("catalogue.stats", { ...CATALOGUE_STATS, providersWithPrices: 2 }),
    );
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("Porkbun")).toBeTruthy();
    expect(await cardNames()).toEqual(["PPorkbun", "DDynadot"]);
    expect(await screen.findByText("We compare prices from these 2 registrars and service providers.")).toBeTruthy();
  });

  it.each([
    ["fails", trpcError("providers.directory", 500)],
    ["returns nothing", trpcOk("providers.directory", [])],
    ["has no active provider with prices", trpcOk("providers.directory", [entry(1, "Google Domains", { isActive: false, comparesPrices: false })])],
  ])("falls back to the registrars whose lists ship with the product when the call %s", async (_, handler) => {
    server.use(handler);
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("Porkbun")).toBeTruthy();
    expect(await cardNames()).toHaveLength(FALLBACK_PROVIDERS.length);
    expect(screen.queryByText("GoDaddy")).toBeNull();
    // No figure beside the fallback tiles: the count is of the providers with prices, not of these.
    expect(screen.getByText("We compare prices from these registrars and service providers.")).toBeTruthy();
  });
});
