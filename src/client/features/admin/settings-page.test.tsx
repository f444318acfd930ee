// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcMutationError, trpcMutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { clearToasts, schedule } from "./admin-test-support.ts";
import { SettingsPage } from "./settings-page.tsx";

useMsw();
afterEach(clearToasts);

const PROVIDERS = [provider({ id: 4, name: "Porkbun", domain: "porkbun.com" })];
const NIGHTLY = schedule({ id: 1, name: "Nightly", schedule: "0 3 * * *", nextRun: "2026-01-06T03:00:00.000Z" });
const HOURLY = schedule({ id: 2, name: "Porkbun hourly", providerId: 4, providerName: "Porkbun", schedule: "0 * * * *", isActive: false, lastRun: "2026-01-05T09:00:00.000Z" });

function setup(schedules = [NIGHTLY, HOURLY]) {
  server.use(trpcOk("providers.adminList", PROVIDERS), trpcOk("priceEngine.schedules.list", schedules));
  const user = userEvent.setup();
  renderUi(<SettingsPage />, "/admin/settings");
  return user;
}
async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Create Schedule" }));
  return within(await screen.findByRole("dialog", { name: "Create Schedule" }));
}

describe("Fetch Schedules", () => {
  it("lists schedules with 'All Providers', 'Never' and a dash where nothing is set", async () => {
    setup();
    await screen.findByText("Nightly");
    const table = screen.getByRole("table", { name: "Fetch schedules" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(
      ["Name", "Provider", "Cron Expression", "Status", "Last Run", "Next Run", "Actions"]);
    const [nightly, hourly] = within(table).getAllByRole("row").slice(1);
    expect(nightly?.textContent).toContain("All Providers");
    expect(nightly?.textContent).toContain("Never");
    expect(nightly?.textContent).toContain("Active");
    expect(hourly?.textContent).toContain("Porkbun");
    expect(hourly?.textContent).toContain("Inactive");
    expect(within(hourly!).getAllByRole("cell")[5]?.textContent).toBe("—");
    expect(document.title).toBe("System Settings | TLDScope");
  });

  it("says when there are no schedules", async () => {
    setup([]);
    expect(await screen.findByText("No fetch schedules yet")).toBeTruthy();
  });

  it("says when schedules cannot load", async () => {
    server.use(trpcOk("providers.adminList", PROVIDERS), trpcError("priceEngine.schedules.list", 500, "Internal server error"));
    renderUi(<SettingsPage />);
    expect(await screen.findByText("Failed to load schedules: Internal server error")).toBeTruthy();
  });

  it("checks the cron expression as it is typed and shows the next three runs", async () => {
    const user = setup();
    const dialog = await openCreate(user);
    const cron = dialog.getByLabelText(/Cron expression/);
    expect(dialog.queryByText(/Cron expression is required/)).toBeNull();
    await user.type(cron, "0 3 *");
    expect(dialog.getByText("Cron expression must have five fields: minute, hour, day of month, month, day of week")).toBeTruthy();
    await user.type(cron, " * *");
    expect(dialog.queryByText(/must have five fields/)).toBeNull();
    expect(dialog.getByText("Next runs:")).toBeTruthy();
    const runs = dialog.getAllByRole("listitem").map((li) => li.textContent);
    expect(runs).toHaveLength(3);
    for (const run of runs) expect(run).toMatch(/at 3:00 AM UTC$/);
    await user.clear(cron);
    await user.type(cron, "99 3 * * *");
    expect(dialog.getByText(/^Invalid cron expression: /)).toBeTruthy();
    await user.clear(cron);
    expect(dialog.getByText("Cron expression is required")).toBeTruthy();
  });

  it("requires a name, then creates the schedule for all providers and says so", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("priceEngine.schedules.create", NIGHTLY, calls));
    const dialog = await openCreate(user);
    await user.type(dialog.getByLabelText(/Cron expression/), "*/30 * * * *");
    await user.click(dialog.getByRole("button", { name: "Create Schedule" }));
    expect(await dialog.findByText("Name is required")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(dialog.getByLabelText(/Name/), "Half-hourly");
    await user.click(dialog.getByRole("button", { name: "Create Schedule" }));
    await findToast("Schedule created successfully");
    expect(calls).toEqual([{ name: "Half-hourly", description: null, providerId: null, schedule: "*/30 * * * *", isActive: true }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("edits a schedule with its provider and says so; a refusal keeps the dialog open", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("priceEngine.schedules.update", HOURLY, calls));
    await user.click(await screen.findByRole("button", { name: "Edit Porkbun hourly" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Porkbun hourly" }));
    expect(dialog.getByLabelText<HTMLSelectElement>("Provider").value).toBe("4");
    await user.click(dialog.getByRole("checkbox", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    await findToast("Schedule updated successfully");
    expect(calls).toEqual([{ id: 2, name: "Porkbun hourly", description: null, providerId: 4, schedule: "0 * * * *", isActive: true }]);

    server.use(trpcMutationError("priceEngine.schedules.update", 404, "Schedule 2 not found"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Edit Porkbun hourly" }));
    const again = within(await screen.findByRole("dialog", { name: "Edit Porkbun hourly" }));
    await user.click(again.getByRole("button", { name: "Save Changes" }));
    expect((await findToast("Failed to save schedule")).textContent).toContain("Schedule 2 not found");
    expect(again.getByText(/Schedule 2 not found/)).toBeTruthy();
  });

  it("asks before deleting, says it cannot be undone, then deletes", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("priceEngine.schedules.remove", { message: "Schedule deleted" }, calls));
    await user.click(await screen.findByRole("button", { name: "Delete Nightly" }));
    const confirm = within(await screen.findByRole("alertdialog", { name: "Delete Nightly?" }));
    expect(confirm.getByText(/cannot be undone/)).toBeTruthy();
    await user.click(confirm.getByRole("button", { name: "Delete" }));
    await findToast("Schedule deleted successfully");
    expect(calls).toEqual([{ id: 1 }]);
  });

  it("says when a delete fails", async () => {
    const user = setup();
    server.use(trpcMutationError("priceEngine.schedules.remove", 404, "Schedule 1 not found"));
    await user.click(await screen.findByRole("button", { name: "Delete Nightly" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect((await findToast("Failed to delete schedule")).textContent).toContain("Schedule 1 not found");
  });
});

describe("General Settings", () => {
  const STORED = { autoRefreshSeconds: 30, itemsPerPage: 50, emailNotifications: false, systemHealthAlerts: true, fetchFailureNotifications: true };

  it("shows the spec's choices with the stored values", async () => {
    server.use(trpcOk("priceEngine.generalSettings.get", STORED));
    const user = setup();
    await user.click(await screen.findByRole("tab", { name: "General Settings" }));
    const refresh = await screen.findByLabelText<HTMLSelectElement>("Default auto-refresh interval");
    expect([...refresh.options].map((o) => o.value)).toEqual(["5", "15", "30", "60"]);
    expect(refresh.value).toBe("30");
    const perPage = screen.getByLabelText<HTMLSelectElement>("Default items per page");
    expect([...perPage.options].map((o) => o.value)).toEqual(["10", "20", "50", "100"]);
    expect(perPage.value).toBe("50");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Email Notifications" }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "System Health Alerts" }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Fetch Failure Notifications" }).checked).toBe(true);
    expect(screen.queryByText(/not saved/)).toBeNull();
  });

  it("describes each switch by the state it is in, and changes the description with it", async () => {
    server.use(trpcOk("priceEngine.generalSettings.get", STORED));
    const user = setup();
    await user.click(await screen.findByRole("tab", { name: "General Settings" }));
    const email = await screen.findByRole<HTMLInputElement>("checkbox", { name: "Email Notifications" });
    const health = screen.getByRole<HTMLInputElement>("checkbox", { name: "System Health Alerts" });
    const described = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
    expect(described(email)).toMatch(/^Off: /);
    expect(described(health)).toMatch(/^On: /);
    expect(described(screen.getByRole("checkbox", { name: "Fetch Failure Notifications" }))).toMatch(/^On: /);
    await user.click(email);
    expect(described(email)).toBe("On: incident messages to administrators go to their e-mail addresses and their webhooks.");
    await user.click(health);
    expect(described(health)).toMatch(/^Off: administrators are not told of incidents other than failing price fetches/);
  });

  it("saves what was chosen and says so", async () => {
    const calls: unknown[] = [];
    server.use(trpcMutationOk("priceEngine.generalSettings.save", (input: unknown) => input, calls));
    const user = setup();
    await user.click(await screen.findByRole("tab", { name: "General Settings" }));
    await user.selectOptions(await screen.findByLabelText("Default auto-refresh interval"), "60");
    await user.selectOptions(screen.getByLabelText("Default items per page"), "100");
    await user.click(screen.getByRole("checkbox", { name: "Fetch Failure Notifications" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await findToast("Settings saved successfully");
    expect(calls).toEqual([{ autoRefreshSeconds: 60, itemsPerPage: 100, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: false }]);
  });

  it("says when saving failed, with the server's reason", async () => {
    server.use(trpcMutationError("priceEngine.generalSettings.save", 400, "Invalid itemsPerPage: Items per page is one of 10, 20, 50, 100"));
    const user = setup();
    await user.click(await screen.findByRole("tab", { name: "General Settings" }));
    await user.click(await screen.findByRole("button", { name: "Save Settings" }));
    const toast = await findToast("Failed to save settings");
    expect(toast.textContent).toContain("Items per page is one of 10, 20, 50, 100");
  });
});
