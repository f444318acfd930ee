// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { server, useMsw } from "../../testing/render.tsx";
import { renderApp } from "../../testing/render-app.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { asAdmin, logPage, priceLog } from "./admin-test-support.ts";

useMsw();

const PROVIDERS = [provider({ id: 1, name: "Porkbun", domain: "porkbun.com" }), provider({ id: 2, name: "Namecheap", domain: "namecheap.com" })];
type Input = { page: number; limit: number; search?: string; status?: string; provider?: string };

function setup(answer: (input: Input) => unknown, inputs: Input[] = []) {
  server.use(...asAdmin(), trpcOk("providers.adminList", PROVIDERS), trpcOk<Input>("priceEngine.priceLogs", answer, (i) => inputs.push(i)));
  return { inputs, user: userEvent.setup(), ...renderApp("/admin/logs?page=3&status=%22error%22") };
}
const manyLogs = (input: Input) => logPage(Array.from({ length: 20 }, () => priceLog({ status: "error" })), { page: input.page, total: 95 });

describe("Price Retrieval Logs", () => {
  it("asks for pages of the stored General Settings' size and polls at its interval", async () => {
    server.use(trpcOk("priceEngine.generalSettings.get", {
      autoRefreshSeconds: 60, itemsPerPage: 50, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: true,
    }));
    const { inputs } = setup((input) => logPage([priceLog({ status: "error" })], { page: input.page, total: 101, limit: input.limit }));
    expect(await screen.findByText("Page 3 of 3")).toBeTruthy();
    // Only the stored size is asked for: the list waits for the settings rather than asking at 20 first.
    expect(inputs.map((i) => i.limit)).toEqual([50]);
    expect(screen.getByRole("checkbox", { name: "Auto-refresh (60 s)" })).toBeTruthy();
  });

  it("restores filters and page from the URL and shows the spec's columns and paging texts", async () => {
    const done = priceLog({ provider: "Porkbun", requestType: "provider", status: "success", domain: null, tld: "io", resultCount: 1234, responseTime: 950 });
    const running = priceLog({ provider: "Namecheap", status: "pending", domain: "example.com", resultCount: null, responseTime: null, completedAt: null });
    const bare = priceLog({ status: "timeout", domain: null, tld: null });
    const { inputs } = setup((input) => logPage([done, running, bare], { page: input.page, total: 43 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Price Retrieval Logs" })).toBeTruthy();
    expect(await screen.findByText("Showing 41 to 43 of 43 results")).toBeTruthy();
    expect(screen.getByText("Page 3 of 3")).toBeTruthy();
    expect(inputs.at(-1)).toEqual({ page: 3, limit: 20, status: "error" });
    expect(document.title).toBe("Price Retrieval Logs | TLDScope");
    const table = screen.getByRole("table", { name: "Price retrieval logs" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(
      ["Provider", "Request Type", "Status", "Domain/TLD", "Results", "Response Time", "Started At", "Duration"]);
    const [first, second, third] = within(table).getAllByRole("row").slice(1);
    expect(first?.textContent).toContain(".io");
    expect(first?.textContent).toContain("1,234");
    expect(first?.textContent).toContain("950 ms");
    expect(first?.textContent).toContain("4.2 s");
    expect(second?.textContent).toContain("example.com");
    expect(second?.textContent).toContain("In progress");
    expect(third?.textContent).toContain("N/A");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Next" }).disabled).toBe(true);
  });

  it("pages with Previous and Next, and every filter change returns to page 1 in the URL", async () => {
    const { inputs, user, router } = setup(manyLogs);
    expect(await screen.findByText("Showing 41 to 60 of 95 results")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 4, status: "error" }));
    expect(await screen.findByText("Page 4 of 5")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Status"), "timeout");
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "timeout" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2, status: "timeout" }));

    await user.selectOptions(screen.getByLabelText("Provider"), "namecheap.com");
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "timeout", provider: "namecheap.com" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.type(screen.getByRole("searchbox", { name: "Search logs" }), "io");
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "timeout", provider: "namecheap.com", search: "io" }));
    await waitFor(() => expect(inputs.at(-1)).toEqual({ page: 1, limit: 20, status: "timeout", provider: "namecheap.com", search: "io" }));
    await user.selectOptions(screen.getByLabelText("Status"), "all");
    await waitFor(() => expect(router.state.location.search).toEqual({ provider: "namecheap.com", search: "io" }));
  });

  it("says when no log matches, and when the logs cannot load", async () => {
    setup(() => logPage([], { total: 0 }));
    expect(await screen.findByText("No logs found matching your criteria")).toBeTruthy();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it("says the logs failed to load with the server's reason", async () => {
    server.use(...asAdmin(), trpcOk("providers.adminList", PROVIDERS), trpcError("priceEngine.priceLogs", 500, "Internal server error"));
    renderApp("/admin/logs");
    expect(await screen.findByText("Failed to load price logs: Internal server error")).toBeTruthy();
  });

  it("holds skeleton rows while loading, with auto-refresh (15 s) on", async () => {
    server.use(...asAdmin(), trpcOk("providers.adminList", PROVIDERS), trpcPending("priceEngine.priceLogs"));
    renderApp("/admin/logs");
    expect((await screen.findAllByTestId("skeleton-row")).length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Auto-refresh (15 s)" }).checked).toBe(true);
  });
});
