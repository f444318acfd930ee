// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, useMsw } from "../../testing/render.tsx";
import { renderApp } from "../../testing/render-app.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { adminPageFor } from "./admin-nav.ts";
import { asAdmin, fetchStatus } from "./admin-test-support.ts";

useMsw();

const OVERVIEW = { totalTlds: 1, totalProviders: 2, totalPrices: 3, totalUsers: 4, recentLogs: [] };

describe("admin shell", () => {
  it("has the sidebar, breadcrumbs and logout, and moves between pages", async () => {
    server.use(...asAdmin(), trpcOk("priceEngine.overview", OVERVIEW), trpcOk("priceEngine.fetchStatus", fetchStatus()), trpcOk("providers.adminList", []),
      trpcOk("priceEngine.sources", []));
    const user = userEvent.setup();
    const { router } = renderApp("/admin");
    // The first render of the whole route tree in a file is slow on a busy machine.
    expect(await screen.findByRole("heading", { level: 1, name: "System Overview" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Admin pages" });
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Overview", "Operations", "Logs", "Data", "Alerts", "Messages", "Users", "Settings"]);
    expect(within(nav).getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Logout" }).getAttribute("href")).toBe("/api/logout");
    const crumbs = screen.getByRole("navigation", { name: /breadcrumb/i });
    expect(crumbs.textContent).toContain("Admin");
    expect(crumbs.textContent).toContain("Overview");

    await user.click(within(nav).getByRole("link", { name: "Operations" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Operations" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/operations");
    expect(screen.getByRole("navigation", { name: /breadcrumb/i }).textContent).toContain("Operations");
    expect(document.title).toBe("Operations | TLDScope");
  });

  it("collapses the sidebar to icons, keeping every link's name", async () => {
    server.use(...asAdmin(), trpcOk("priceEngine.overview", OVERVIEW));
    const user = userEvent.setup();
    renderApp("/admin");
    const toggle = await screen.findByRole("button", { name: /(Collapse|Expand) sidebar/ });
    const before = toggle.getAttribute("aria-expanded");
    await user.click(toggle);
    const after = screen.getByRole("button", { name: /(Collapse|Expand) sidebar/ });
    expect(after.getAttribute("aria-expanded")).toBe(before === "true" ? "false" : "true");
    expect(after.getAttribute("aria-label")).toBe(before === "true" ? "Expand sidebar" : "Collapse sidebar");
    expect(within(screen.getByRole("navigation", { name: "Admin pages" })).getByRole("link", { name: "Logs" })).toBeTruthy();
  });

  it("falls back to the overview for an unknown admin path", async () => {
    server.use(...asAdmin(), trpcOk("priceEngine.overview", OVERVIEW));
    renderApp("/admin/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "System Overview" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("System Overview | TLDScope"));
    expect(adminPageFor("/admin/no-such-page").title).toBe("System Overview");
    expect(adminPageFor("/admin/logs/").title).toBe("Price Retrieval Logs");
  });
});
