// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { FALLBACK_PROVIDERS } from "./fallback-providers.ts";
import { ProviderGrid } from "./provider-grid.tsx";

useMsw();

const entry = (id: number, name: string, extra: object = {}) => ({
  id, name, displayName: name, domain: `${name.toLowerCase().replace(/ /g, "")}.com`, logoUrl: null, website: null,
  isActive: true, ianaId: 100 + id, ianaStatus: "Accredited", country: "US", tldCount: 500, currencies: ["USD"],
  priceRanges: [], canConnectAccount: false, ...extra,
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

  it("shows the active providers with prices, each with a letter tile", async () => {
    server.use(trpcOk("providers.directory", [
      entry(1, "Porkbun"), entry(2, "Dynadot"),
      entry(3, "Google Domains", { isActive: false }), entry(4, "GoDaddy", { tldCount: 0 }),
    ]));
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("Porkbun")).toBeTruthy();
    expect(await cardNames()).toEqual(["PPorkbun", "DDynadot"]);
  });

  it.each([
    ["fails", trpcError("providers.directory", 500)],
    ["returns nothing", trpcOk("providers.directory", [])],
    ["has no active provider with prices", trpcOk("providers.directory", [entry(1, "Google Domains", { isActive: false })])],
  ])("falls back to the registrars whose lists ship with the product when the call %s", async (_, handler) => {
    server.use(handler);
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("Porkbun")).toBeTruthy();
    expect(await cardNames()).toHaveLength(FALLBACK_PROVIDERS.length);
    expect(screen.queryByText("GoDaddy")).toBeNull();
  });
});
