// @vitest-environment happy-dom
import { createMemoryHistory } from "@tanstack/react-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PriceListQuery } from "../shared/schemas/price-list.ts";
import { getDisplayCurrency } from "./lib/display-currency.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { createTrpcClient } from "./lib/trpc.ts";
import { createAppRouter } from "./router.tsx";
import { pricePage } from "./testing/fixtures.ts";
import { renderWithRouter, server, useMsw } from "./testing/render.tsx";
import { signedIn, trpcOk } from "./testing/trpc-msw.ts";

useMsw();

/** The real route tree (without code splitting, which only the Vite build applies). */
function renderApp(path: string) {
  return renderWithRouter(() => {
    const queryClient = createQueryClient();
    const trpc = createTRPCOptionsProxy({ client: createTrpcClient(), queryClient });
    const router = createAppRouter({ queryClient, trpc, currency: getDisplayCurrency });
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
    return router;
  });
}

describe("routes", () => {
  it("shows the 404 page for an unknown path", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("There is no page at /no/such/page. The address may be mistyped, or the page may have moved.")).toBeTruthy();
    expect(screen.queryByText(/forget to add the page to the router/)).toBeNull();
    expect(screen.getByRole("link", { name: "Browse TLD prices" }).getAttribute("href")).toBe("/tlds");
  });

  it("restores the /tlds table from the URL and writes changes back to it", async () => {
    const inputs: PriceListQuery[] = [];
    server.use(trpcOk<PriceListQuery>("prices.list", pricePage(770), (input) => inputs.push(input)));
    const user = userEvent.setup();
    const { router } = renderApp("/tlds?page=3&sortBy=%22registrationPrice%22&sortOrder=%22desc%22&limit=50&bogus=1");
    expect(await screen.findByRole("heading", { level: 1, name: "Top Level Domains" })).toBeTruthy();
    expect(await screen.findByText("Showing 101-150 of 770 priced names")).toBeTruthy();
    expect(inputs.at(-1)).toEqual({ currency: "USD", page: 3, limit: 50, sortBy: "registrationPrice", sortOrder: "desc" });

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 4, limit: 50 }));
    // Sorting by name is a choice now (the table opens popular first), so the address keeps it.
    await user.click(screen.getByRole("button", { name: "Sort by TLD" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ limit: 50, sortBy: "tldName" }));
    // Back restores the previous view from the history entry.
    router.history.back();
    expect(await screen.findByText("Showing 151-200 of 770 priced names")).toBeTruthy();
  });

  it("offers a search box in the landing page's hero that opens /tlds filtered by it", async () => {
    const inputs: PriceListQuery[] = [];
    server.use(trpcOk<PriceListQuery>("prices.list", pricePage(3), (input) => inputs.push(input)));
    const user = userEvent.setup();
    const { router } = renderApp("/");
    const hero = await screen.findByRole("search", { name: "Find a TLD's prices" });
    await user.type(within(hero).getByRole("searchbox", { name: "Search TLDs" }), ".io");
    await user.click(within(hero).getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tlds"));
    expect(router.state.location.search).toEqual({ search: "io" });
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ search: "io" }));
  });

  it("gives a newly signed-up user a way from the dashboard to the portfolio", async () => {
    server.use(
      signedIn({ firstName: "Pat", email: "pat@example.com" }),
      trpcOk("prices.list", pricePage(3)),
      trpcOk("prices.common", []),
      trpcOk("catalogue.dataStatus", { lastUpdated: null, isDataUpdate: false, lastLiveFetch: null, provider: null, bundledDataInstalledAt: null }),
    );
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your portfolio" }).getAttribute("href")).toBe("/portfolio");
    expect(screen.getByRole("link", { name: "Connect a registrar account" }).getAttribute("href")).toBe("/accounts");
  });
});
