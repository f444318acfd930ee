// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { PortfolioPage } from "./portfolio-page.tsx";
import { clearToasts, portfolioPage, summary, userDomain } from "./portfolio-test-support.ts";
import type { UserDomain } from "./types.ts";

useMsw();
afterEach(clearToasts);

interface ListInput { page: number; limit: number; sortBy: string; sortOrder: string; search?: string }

/** 30 domains, paged, sorted and searched the way the server does it; every input is recorded. */
const ALL = Array.from({ length: 30 }, (_, i) =>
  userDomain({ id: i + 1, domainName: `site${String(i + 1).padStart(2, "0")}.com`, expirationDate: `2027-01-${String(30 - i).padStart(2, "0")}` }));

function pagedServer(inputs: ListInput[]) {
  return trpcOk<ListInput>("portfolio.list", (input: ListInput) => {
    inputs.push(input);
    let rows: UserDomain[] = ALL.filter((d) => !input.search || d.domainName.includes(input.search));
    const key = (d: UserDomain) => (input.sortBy === "expirationDate" ? d.expirationDate ?? "" : d.domainName);
    rows = [...rows].sort((a, b) => key(a).localeCompare(key(b)) * (input.sortOrder === "desc" ? -1 : 1));
    const offset = (input.page - 1) * input.limit;
    return portfolioPage(rows.slice(offset, offset + input.limit), {
      total: rows.length, page: input.page, limit: input.limit, offset, totalPages: Math.ceil(rows.length / input.limit),
    });
  });
}

const cardNames = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
const lastInput = (inputs: ListInput[]) => inputs[inputs.length - 1]!;

describe("the domain list, a page at a time", () => {
  it("asks the server for one page and moves through the pages with the pager", async () => {
    const inputs: ListInput[] = [];
    server.use(pagedServer(inputs), trpcOk("portfolio.summary", summary({ domainCount: 30 })), trpcOk("providers.list", []), trpcOk("portfolio.registryProgress", null));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    expect(await screen.findByText("Showing 1-24 of 30 domains")).toBeTruthy();
    expect(lastInput(inputs)).toMatchObject({ page: 1, limit: 24, sortBy: "domainName", sortOrder: "asc" });
    expect(cardNames()).toHaveLength(24);
    const pages = within(screen.getByRole("navigation", { name: "Domain pages" }));
    expect(pages.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await user.click(pages.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 25-30 of 30 domains")).toBeTruthy();
    expect(lastInput(inputs)).toMatchObject({ page: 2, limit: 24 });
    await waitFor(() => expect(cardNames()).toEqual(["site25.com", "site26.com", "site27.com", "site28.com", "site29.com", "site30.com"]));
    expect(pages.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
    await user.click(pages.getByRole("button", { name: "Page 1" }));
    expect(await screen.findByText("Showing 1-24 of 30 domains")).toBeTruthy();
  });

  it("starts over at page 1 with a new page size, a new order or a search, each applied by the server", async () => {
    const inputs: ListInput[] = [];
    server.use(pagedServer(inputs), trpcOk("portfolio.summary", summary({ domainCount: 30 })), trpcOk("providers.list", []), trpcOk("portfolio.registryProgress", null));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    const pager = within(await screen.findByRole("navigation", { name: "Domain pages" }));
    await user.click(pager.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 25-30 of 30 domains")).toBeTruthy();

    await user.selectOptions(screen.getByRole("combobox", { name: "Domains per page" }), "12");
    expect(await screen.findByText("Showing 1-12 of 30 domains")).toBeTruthy();
    expect(lastInput(inputs)).toMatchObject({ page: 1, limit: 12 });
    expect(within(screen.getByRole("navigation", { name: "Domain pages" })).getByRole("button", { name: "Page 3" })).toBeTruthy();

    await user.click(within(screen.getByRole("navigation", { name: "Domain pages" })).getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Showing 25-30 of 30 domains")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort domains" }), "Expiring soonest");
    expect(await screen.findByText("Showing 1-12 of 30 domains")).toBeTruthy();
    expect(lastInput(inputs)).toMatchObject({ page: 1, sortBy: "expirationDate", sortOrder: "asc" });
    // site30.com expires first (2027-01-01): the server's order, not the page's.
    await waitFor(() => expect(cardNames()[0]).toBe("site30.com"));

    await user.type(screen.getByRole("searchbox", { name: "Search your domains" }), "site1");
    expect(await screen.findByText("Showing 1-10 of 10 domains")).toBeTruthy();
    expect(lastInput(inputs)).toMatchObject({ page: 1, search: "site1" });
    await user.clear(screen.getByRole("searchbox", { name: "Search your domains" }));
    await user.type(screen.getByRole("searchbox", { name: "Search your domains" }), "nothing-like-it");
    expect(await screen.findByText("No domains match “nothing-like-it”.")).toBeTruthy();
    // A search that finds nothing is not an empty portfolio.
    expect(screen.queryByText("No domains in your portfolio yet.")).toBeNull();
  });

  it("moves to the last page there is when the page asked for is past the end", async () => {
    const inputs: ListInput[] = [];
    server.use(pagedServer(inputs), trpcOk("portfolio.summary", summary({ domainCount: 30 })), trpcOk("providers.list", []), trpcOk("portfolio.registryProgress", null));
    const moved: number[] = [];
    renderUi(<PortfolioPage state={{ page: 5, limit: 24, sortBy: "domainName", sortOrder: "asc", search: "" }} onStateChange={(s) => moved.push(s.page)} />);
    await waitFor(() => expect(moved).toEqual([2]));
    expect(inputs.map((i) => i.page)).toEqual([5]);
  });
});

describe("the expiring panel of a large portfolio", () => {
  it("counts every domain in a bucket and says when it lists only the soonest", async () => {
    const soon = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1, domainName: `soon${i}.com`, unicodeName: null, expirationDate: "2026-02-01", daysLeft: 12, autoRenew: true, autoRenewState: "on" as const, warning: null,
    }));
    const sum = summary({
      domainCount: 80,
      expiring: { expired: [], within30: soon, within60: soon, within90: soon },
      expiringCounts: { expired: 0, within30: 80, within60: 80, within90: 80 },
    });
    server.use(trpcOk("portfolio.list", portfolioPage([ALL[0]!], { total: 80, totalPages: 4 })), trpcOk("portfolio.summary", sum), trpcOk("providers.list", []), trpcOk("portfolio.registryProgress", null));
    renderUi(<PortfolioPage />);
    const panel = within(await screen.findByRole("region", { name: "Expiring soon" }));
    expect(panel.getByRole("tab", { name: /30 days/ }).textContent).toContain("80");
    expect(within(panel.getByRole("tabpanel")).getByText("The 50 soonest of 80; sort your domains by expiry to see them all.")).toBeTruthy();
  });
});
