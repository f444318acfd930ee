// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { FALLBACK_PROVIDERS } from "./fallback-providers.ts";
import { ProviderGrid } from "./provider-grid.tsx";

useMsw();

const cardNames = async () => {
  const list = await screen.findByRole("list");
  return within(list).getAllByRole("listitem").map((li) => li.textContent);
};

describe("Who We Search", () => {
  it("shows 12 skeletons while loading", async () => {
    server.use(trpcPending("providers.list"));
    renderUi(<ProviderGrid />);
    expect(await screen.findAllByTestId("provider-skeleton")).toHaveLength(12);
  });

  it("shows the providers from the server, each with a letter tile", async () => {
    server.use(trpcOk("providers.list", [provider({ name: "Porkbun" }), provider({ name: "Dynadot" })]));
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("Porkbun")).toBeTruthy();
    expect(await cardNames()).toEqual(["PPorkbun", "DDynadot"]);
  });

  it.each([
    ["fails", trpcError("providers.list", 500)],
    ["returns nothing", trpcOk("providers.list", [])],
  ])("falls back to the built-in 13 providers when the call %s", async (_, handler) => {
    server.use(handler);
    renderUi(<ProviderGrid />);
    expect(await screen.findByText("GoDaddy")).toBeTruthy();
    expect(FALLBACK_PROVIDERS).toHaveLength(13);
    expect(await cardNames()).toHaveLength(13);
  });
});
