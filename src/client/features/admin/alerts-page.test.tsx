// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcMutationError, trpcMutationOk, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { alertRule, clearToasts, incident } from "./admin-test-support.ts";
import { AlertsPage } from "./alerts-page.tsx";
import type { Incident } from "./types.ts";

useMsw();
afterEach(clearToasts);

type Input = { page: number; limit: number; search?: string; status?: string };
const OPEN = incident({ id: 1, title: "Porkbun fetch failing", status: "open", severity: "critical" });
const DONE = incident({ id: 2, title: "Stale data", status: "resolved", severity: "low", resolvedAt: "2026-01-10T12:00:00.000Z" });
const CLOSED = incident({ id: 3, title: "Old outage", status: "closed" });

function setup(incidents: Incident[] = [OPEN, DONE, CLOSED], total = incidents.length, inputs: Input[] = []) {
  server.use(trpcOk<Input>("priceEngine.incidents.list", (input: Input) => ({ incidents, page: input.page, limit: 20, total, totalPages: Math.ceil(total / 20) }),
    (input) => inputs.push(input)));
  const user = userEvent.setup();
  renderUi(<AlertsPage />, "/admin/alerts");
  return { user, inputs };
}

describe("Incidents", () => {
  it("lists incidents with severity, status, resolved time or a dash, 20 a page", async () => {
    const { inputs } = setup();
    await screen.findByText("Porkbun fetch failing");
    const table = screen.getByRole("table", { name: "Incidents" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(
      ["Title", "Description", "Severity", "Status", "Source", "Created", "Resolved", "Actions"]);
    const [open, resolved] = within(table).getAllByRole("row").slice(1);
    expect(open?.textContent).toContain("Critical");
    expect(open?.textContent).toContain("Open");
    expect(within(open!).getAllByRole("cell")[6]?.textContent).toBe("—");
    expect(within(resolved!).getAllByRole("cell")[6]?.textContent).not.toBe("—");
    expect(inputs[0]).toEqual({ page: 1, limit: 20 });
    expect(document.title).toBe("Alerts & Notifications | TLDScope");
  });

  it("offers only the moves the server allows and makes them", async () => {
    const calls: unknown[] = [];
    const { user } = setup();
    server.use(trpcMutationOk("priceEngine.incidents.updateStatus", { ...OPEN, status: "investigating" }, calls));
    await screen.findByText("Porkbun fetch failing");
    expect(screen.getByRole("button", { name: "Resolve incident: Porkbun fetch failing" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close incident: Stale data" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /incident: Old outage/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Investigate incident: Porkbun fetch failing" }));
    expect((await findToast("Incident updated")).textContent).toContain("\"Porkbun fetch failing\" is now investigating.");
    expect(calls).toEqual([{ id: 1, status: "investigating" }]);
  });

  it("says why a move was refused", async () => {
    const { user } = setup();
    server.use(trpcMutationError("priceEngine.incidents.updateStatus", 409, "The incident changed meanwhile; reload it and try again"));
    await user.click(await screen.findByRole("button", { name: "Close incident: Stale data" }));
    expect((await findToast("Failed to update incident")).textContent).toContain("The incident changed meanwhile");
  });

  it("searches and filters on the server, back on page 1", async () => {
    const { user, inputs } = setup(Array.from({ length: 20 }, (_, i) => incident({ title: `Incident ${i}` })), 45);
    expect(await screen.findByText("Showing 1 to 20 of 45 results")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(inputs.at(-1)).toEqual({ page: 2, limit: 20 }));
    await user.selectOptions(screen.getByLabelText("Incident status"), "investigating");
    await waitFor(() => expect(inputs.at(-1)).toEqual({ page: 1, limit: 20, status: "investigating" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(inputs.at(-1)?.page).toBe(2));
    await user.type(screen.getByRole("searchbox", { name: "Search incidents" }), "porkbun");
    await waitFor(() => expect(inputs.at(-1)).toEqual({ page: 1, limit: 20, status: "investigating", search: "porkbun" }));
    expect([...screen.getByLabelText<HTMLSelectElement>("Incident status").options].map((o) => o.value))
      .toEqual(["all", "open", "investigating", "resolved", "closed"]);
  });

  it("shows loading, empty and error states", async () => {
    server.use(trpcPending("priceEngine.incidents.list"));
    const first = renderUi(<AlertsPage />);
    expect((await screen.findAllByTestId("skeleton-row")).length).toBeGreaterThan(0);
    first.unmount();
    setup([]);
    expect(await screen.findByText("No incidents found matching your criteria")).toBeTruthy();
  });

  it("says when incidents cannot load", async () => {
    server.use(trpcError("priceEngine.incidents.list", 500, "Internal server error"));
    renderUi(<AlertsPage />);
    expect(await screen.findByText("Failed to load incidents: Internal server error")).toBeTruthy();
  });
});

describe("Alert Rules", () => {
  const RULE = alertRule({ id: 9, name: "Repeated failures", condition: "consecutive_failures", threshold: 3, severity: "high" });

  async function openRules(rules = [RULE]) {
    const { user } = setup();
    server.use(trpcOk("priceEngine.alertRules.list", rules));
    await user.click(await screen.findByRole("tab", { name: "Alert Rules" }));
    return user;
  }

  it("lists rules with condition, threshold, severity and status", async () => {
    await openRules();
    await screen.findByText("Repeated failures");
    const table = screen.getByRole("table", { name: "Alert rules" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(
      ["Name", "Description", "Condition", "Threshold", "Severity", "Status", "Created", "Actions"]);
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("Consecutive failed fetches");
    expect(row.textContent).toContain("High");
    expect(row.textContent).toContain("Active");
  });

  it("says when there are no rules", async () => {
    await openRules([]);
    expect(await screen.findByText("No alert rules yet")).toBeTruthy();
  });

  it("checks a new rule with the shared schema and creates it", async () => {
    const calls: unknown[] = [];
    const user = await openRules();
    server.use(trpcMutationOk("priceEngine.alertRules.create", RULE, calls));
    await user.click(await screen.findByRole("button", { name: "Create Rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Alert Rule" }));
    await user.clear(dialog.getByLabelText(/Threshold/));
    await user.click(dialog.getByRole("button", { name: "Create Rule" }));
    expect(await dialog.findByText("Name is required")).toBeTruthy();
    expect(dialog.getByText("threshold must be a whole number")).toBeTruthy();
    await user.type(dialog.getByLabelText(/Name/), "Stale prices");
    await user.selectOptions(dialog.getByLabelText(/Condition/), "data_age_hours");
    await user.type(dialog.getByLabelText(/Threshold/), "0");
    await user.click(dialog.getByRole("button", { name: "Create Rule" }));
    expect(await dialog.findByText("threshold must be at least 1")).toBeTruthy();
    await user.clear(dialog.getByLabelText(/Threshold/));
    await user.type(dialog.getByLabelText(/Threshold/), "48");
    await user.selectOptions(dialog.getByLabelText(/Severity/), "critical");
    await user.click(dialog.getByRole("button", { name: "Create Rule" }));
    await findToast("Alert rule created successfully");
    expect(calls).toEqual([{ name: "Stale prices", description: null, condition: "data_age_hours", threshold: 48, severity: "critical", isActive: true }]);
  });

  it("switches a rule off through its edit dialog", async () => {
    const calls: unknown[] = [];
    const user = await openRules();
    server.use(trpcMutationOk("priceEngine.alertRules.update", { ...RULE, isActive: false }, calls));
    await user.click(await screen.findByRole("button", { name: "Edit Repeated failures" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Repeated failures" }));
    await user.click(dialog.getByRole("checkbox", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    await findToast("Alert rule updated successfully");
    expect(calls).toEqual([{ id: 9, name: "Repeated failures", description: "Three failed fetches in a row", condition: "consecutive_failures", threshold: 3, severity: "high", isActive: false }]);
  });
});
