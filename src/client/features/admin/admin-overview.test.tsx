// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { AdminOverview } from "./admin-overview.tsx";
import { priceLog } from "./admin-test-support.ts";

useMsw();

const OVERVIEW = {
  totalTlds: 1605, totalProviders: 13, totalPrices: 20431, totalUsers: 42,
  recentLogs: [
    priceLog({ provider: "Porkbun", requestType: "all", status: "success" }),
    priceLog({ provider: "Namecheap", requestType: "provider", status: "pending", completedAt: null }),
  ],
};

function cardValue(label: string): string | null | undefined {
  return screen.getByText(label).closest("[data-scope=stat], dl, div")?.textContent;
}

describe("System Overview", () => {
  it("shows the four counts and the recent logs from the overview call", async () => {
    server.use(trpcOk("priceEngine.overview", OVERVIEW));
    renderUi(<AdminOverview />, "/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "System Overview" })).toBeTruthy();
    expect(await screen.findByText("1,605")).toBeTruthy();
    expect(cardValue("Total TLDs")).toContain("1,605");
    expect(cardValue("Service Providers")).toContain("13");
    expect(cardValue("Domain Prices")).toContain("20,431");
    expect(cardValue("Total Users")).toContain("42");
    expect(document.title).toBe("System Overview | TLDScope");
    const table = screen.getByRole("table", { name: "Recent price retrieval logs" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Provider", "Type", "Status", "Started At", "Duration"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]?.textContent).toContain("Porkbun");
    expect(rows[0]?.textContent).toContain("4.2 s");
    expect(rows[1]?.textContent).toContain("Namecheap");
    expect(rows[1]?.textContent).toContain("In progress");
    expect(screen.queryByText(/not available yet/i)).toBeNull();
  });

  it("shows an entry that had no source to read as not configured, and a failed live run as an error", async () => {
    server.use(trpcOk("priceEngine.overview", { ...OVERVIEW, recentLogs: [
      priceLog({ provider: "Dynadot", status: "error", source: null, errorMessage: "Dynadot was skipped: DYNADOT_API_KEY is not set", resultCount: null }),
      priceLog({ provider: "Porkbun", status: "error", source: "live", errorMessage: "Porkbun could not be reached", resultCount: null }),
    ] }));
    renderUi(<AdminOverview />, "/admin");
    const table = await screen.findByRole("table", { name: "Recent price retrieval logs" });
    const row = async (name: string) => (await within(table).findByText(name)).closest("tr")!;
    expect((await row("Dynadot")).textContent).toContain("Not configured");
    expect((await row("Dynadot")).textContent).not.toContain("Error");
    expect((await row("Porkbun")).textContent).toContain("Error");
  });

  it("shows placeholders while loading and says when there are no logs", async () => {
    server.use(trpcPending("priceEngine.overview"));
    renderUi(<AdminOverview />, "/admin");
    expect((await screen.findAllByTestId("skeleton-row")).length).toBeGreaterThan(0);
    expect(screen.getByRole("table", { name: "Recent price retrieval logs" }).getAttribute("aria-busy")).toBe("true");
    server.use(trpcOk("priceEngine.overview", { ...OVERVIEW, recentLogs: [] }));
  });

  it("says when nothing has run yet", async () => {
    server.use(trpcOk("priceEngine.overview", { ...OVERVIEW, recentLogs: [] }));
    renderUi(<AdminOverview />, "/admin");
    expect(await screen.findByText("No price retrievals have run yet")).toBeTruthy();
  });

  it("says when the overview cannot load", async () => {
    server.use(trpcError("priceEngine.overview", 500));
    renderUi(<AdminOverview />, "/admin");
    expect(await screen.findByText("Failed to load system overview")).toBeTruthy();
    expect(screen.queryByText("Total TLDs")).toBeNull();
  });

  it("refetches on Refresh and has the 30-second auto-refresh switch on", async () => {
    let calls = 0;
    server.use(trpcOk("priceEngine.overview", () => {
      calls += 1;
      return { ...OVERVIEW, totalUsers: 42 + calls };
    }));
    const user = userEvent.setup();
    renderUi(<AdminOverview />, "/admin");
    expect(await screen.findByText("43")).toBeTruthy();
    const auto = screen.getByRole<HTMLInputElement>("checkbox", { name: "Auto-refresh (30 s)" });
    expect(auto.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("44")).toBeTruthy();
    await user.click(auto);
    await waitFor(() => expect(auto.checked).toBe(false));
  });
});
