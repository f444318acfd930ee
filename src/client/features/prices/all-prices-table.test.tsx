// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { PriceListQuery } from "../../../shared/schemas/price-list.ts";
import { pricePage } from "../../testing/fixtures.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { AllPricesTable } from "./all-prices-table.tsx";
import { DEFAULT_TABLE_STATE } from "./table-state.ts";

useMsw();

function Harness() {
  const [state, setState] = useState(DEFAULT_TABLE_STATE);
  return <AllPricesTable title="All TLD Prices" subtitle="Complete domain pricing database" state={state} onStateChange={setState} />;
}

/** Serves 770 rows and records every prices.list input the table asks for. */
function serveList(total = 770) {
  const inputs: PriceListQuery[] = [];
  server.use(trpcOk<PriceListQuery>("prices.list", pricePage(total), (input) => inputs.push(input)));
  return inputs;
}

const pageButtons = () =>
  within(screen.getByRole("navigation", { name: "Pagination" }))
    .getAllByRole("button", { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));

describe("All TLD Prices table", () => {
  it("shows 5 skeleton rows while loading", async () => {
    server.use(trpcPending("prices.list"));
    renderUi(<Harness />);
    expect(await screen.findAllByTestId("skeleton-row")).toHaveLength(5);
  });

  it("shows the empty and error texts", async () => {
    server.use(trpcOk("prices.list", { data: [], total: 0, page: 1, limit: 20, totalPages: 0 }));
    const first = renderUi(<Harness />);
    expect(await screen.findByText("No domain pricing data available")).toBeTruthy();
    first.unmount();
    server.use(trpcError("prices.list", 500));
    renderUi(<Harness />);
    expect(await screen.findByText("Failed to load domain prices. Please try again later.")).toBeTruthy();
  });

  it("asks for page 1 of 20, popular first, then pages with a 5-button window", async () => {
    const inputs = serveList();
    const user = userEvent.setup();
    renderUi(<Harness />);
    expect(await screen.findByText("Showing 1-20 of 770 priced names")).toBeTruthy();
    // The display currency (USD until one is chosen) is part of every list query.
    expect(inputs[0]).toEqual({ currency: "USD", page: 1, limit: 20, sortBy: "popularity", sortOrder: "asc" });
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(await screen.findByText("Showing 81-100 of 770 priced names")).toBeTruthy();
    expect(pageButtons()).toEqual([3, 4, 5, 6, 7]);
    expect(screen.getByRole("button", { name: "Page 5" }).getAttribute("aria-current")).toBe("page");

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 101-120 of 770 priced names")).toBeTruthy();
    expect(inputs.at(-1)).toMatchObject({ page: 6 });
    const link = await screen.findByRole("link", { name: ".tld101" });
    expect(link.getAttribute("href")).toBe("/tld/tld101");
  });

  it("flips the sort on the current column, sorts a new one ascending and goes back to page 1", async () => {
    const inputs = serveList();
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByText("Showing 1-20 of 770 priced names");
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await screen.findByText("Showing 41-60 of 770 priced names");

    // From the popular order, the name column sorts A to Z, then Z to A.
    await user.click(screen.getByRole("button", { name: "Sort by TLD" }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ page: 1, sortBy: "tldName", sortOrder: "asc" }));
    await user.click(screen.getByRole("button", { name: "Sort by TLD" }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ page: 1, sortBy: "tldName", sortOrder: "desc" }));
    const tldHeader = screen.getByRole("columnheader", { name: /TLD/ });
    expect(tldHeader.getAttribute("aria-sort")).toBe("descending");

    await user.click(screen.getByRole("button", { name: "Sort by 3-Year Cost" }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ page: 1, sortBy: "threeYearPrice", sortOrder: "asc" }));
    await user.click(screen.getByRole("button", { name: "Sort by 3-Year Cost" }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ sortBy: "threeYearPrice", sortOrder: "desc" }));
  });

  it("keeps the previous page on screen, marked busy, until the next one arrives", async () => {
    serveList();
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByText("Showing 1-20 of 770 priced names");
    const table = screen.getByRole("table");
    await waitFor(() => expect(table.getAttribute("aria-busy")).toBe("false"));
    server.use(trpcPending("prices.list"));
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(table.getAttribute("aria-busy")).toBe("true"));
    expect(table.hasAttribute("data-stale")).toBe(true);
    expect(screen.getByText(".tld1")).toBeTruthy();
    expect(screen.queryAllByTestId("skeleton-row")).toHaveLength(0);
  });

  it("maps the sort select and resets the page on a page-size change", async () => {
    const inputs = serveList();
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByText("Showing 1-20 of 770 priced names");
    await user.selectOptions(screen.getByLabelText("Sort order"), "Price: High to Low");
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ sortBy: "registrationPrice", sortOrder: "desc" }));
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByText("Showing 21-40 of 770 priced names");
    await user.selectOptions(screen.getByLabelText("Rows per page"), "50");
    expect(await screen.findByText("Showing 1-50 of 770 priced names")).toBeTruthy();
    expect(inputs.at(-1)).toMatchObject({ page: 1, limit: 50, sortBy: "registrationPrice", sortOrder: "desc" });
  });

  it("debounces the search box and sends the category only when it narrows the list", async () => {
    const inputs = serveList();
    const user = userEvent.setup();
    renderUi(<Harness />);
    await screen.findByText("Showing 1-20 of 770 priced names");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByText("Showing 21-40 of 770 priced names");
    const before = inputs.length;
    // No pause between keystrokes (delay: null skips user-event's timer), so the whole word lands
    // well inside one debounce interval however loaded the machine is.
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByPlaceholderText("Search TLDs..."), "shop");
    expect(inputs.slice(before).filter((i) => i.search !== undefined)).toHaveLength(0);
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ search: "shop", page: 1 }));
    // One request for the whole word, not one per keystroke.
    expect(inputs.slice(before).filter((i) => i.search !== undefined)).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText("Filter by category"), "Country Code");
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ search: "shop", category: "country-code" }));
    // Back to all categories: that view was loaded before and the cache never goes stale.
    const requests = inputs.length;
    await user.selectOptions(screen.getByLabelText("Filter by category"), "All Categories");
    expect(screen.getByLabelText<HTMLSelectElement>("Filter by category").value).toBe("all");
    expect(await screen.findByRole("link", { name: ".tld1" })).toBeTruthy();
    expect(inputs).toHaveLength(requests);
  });
});
