// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcMutationOk, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
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

const CHECKLIST_ITEMS: { id: string; title: string; done: boolean; state: string; readmeSection: string }[] = [
  { id: "administrator", title: "First administrator", done: true, state: "ada@example.com is the administrator", readmeSection: "Install" },
  { id: "app-url", title: "Public address (APP_URL)", done: false, state: "APP_URL is not set: links in mails and pages use the address each request came to", readmeSection: "Configuration" },
  { id: "mail", title: "Mail (SMTP)", done: false, state: "SMTP_URL and MAIL_FROM are not set: no mail is sent", readmeSection: "Configuration" },
  { id: "price-keys", title: "Keys for the price sources that need them", done: false, state: "Not set, so no live prices from Dynadot (DYNADOT_API_KEY is not set)", readmeSection: "Reference data" },
  { id: "backups", title: "Backups", done: false, state: "Not marked as set up", readmeSection: "Operations" },
  { id: "metrics", title: "Metrics token", done: false, state: "METRICS_TOKEN (or METRICS_PORT) is not set", readmeSection: "Operations" },
];
const checklist = (show: boolean, items: { done: boolean }[] = CHECKLIST_ITEMS.map((i) => ({ ...i }))) =>
  ({ show, items, done: items.filter((i) => i.done).length, dismissedAt: null });
const HIDDEN_CHECKLIST = trpcOk("priceEngine.setupChecklist.get", checklist(false));

function cardValue(label: string): string | null | undefined {
  return screen.getByText(label).closest("[data-scope=stat], dl, div")?.textContent;
}

describe("System Overview", () => {
  beforeEach(() => server.use(HIDDEN_CHECKLIST));

  it("shows the first-run checklist with each item's state and README link until dismissed", async () => {
    let dismissed = false;
    let backupsMarked = false;
    server.use(
      trpcOk("priceEngine.overview", OVERVIEW),
      trpcOk("priceEngine.setupChecklist.get", () => dismissed ? checklist(false)
        : checklist(true, CHECKLIST_ITEMS.map((i) => ({ ...i, done: i.done || (i.id === "backups" && backupsMarked) })))),
      trpcMutationOk("priceEngine.setupChecklist.dismiss", () => {
        dismissed = true;
        return { message: "The setup checklist is hidden for every administrator." };
      }),
      trpcMutationOk("priceEngine.setupChecklist.confirmBackups", () => {
        backupsMarked = true;
        return { message: "Backups are marked as set up." };
      }),
    );
    const user = userEvent.setup();
    renderUi(<AdminOverview />, "/admin");
    const list = await screen.findByRole("list", { name: "Setup checklist" });
    expect(screen.getByRole("heading", { name: "Finish setting up" })).toBeTruthy();
    expect(screen.getByText("1 of 6 done")).toBeTruthy();
    const item = (title: string) => within(list).getByText(title).closest("li")!;
    expect(item("First administrator").textContent).toContain("(done)");
    expect(item("Mail (SMTP)").textContent).toContain("(to do)");
    expect(item("Mail (SMTP)").textContent).toContain("SMTP_URL and MAIL_FROM are not set");
    expect(within(item("Keys for the price sources that need them")).getByRole("link", { name: "README: Reference data" }).getAttribute("href"))
      .toBe("/api/admin/readme?section=Reference%20data");

    await user.click(within(item("Backups")).getByRole("button", { name: "Backups are set up" }));
    await waitFor(() => expect(item("Backups").textContent).toContain("(done)"));
    expect(screen.getByText("2 of 6 done")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Setup checklist" })).toBeNull());
  });

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
