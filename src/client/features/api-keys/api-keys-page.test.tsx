// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { ApiKeysPage } from "./api-keys-page.tsx";

useMsw();
afterEach(clearToasts);

const SECRET = "tlds_abcdefghijklmnopqrstuvwxyz234567abcdefg";
const listed = (id: number, name: string, scope = "read") => ({ id, name, prefix: `tlds_${String(id).padStart(8, "x")}`, scope, createdAt: "2026-11-01T10:00:00.000Z", lastUsedAt: null });

describe("API keys page", () => {
  it("creates a key, shows its secret once with a copy button, and lists it without the secret", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("account.overview", { hasPassword: true }), trpcOk("apiKeys.list", []), mutationOk("apiKeys.create", { id: 7, name: "Report", key: SECRET, prefix: SECRET.slice(0, 13), createdAt: "2026-11-23T07:00:00.000Z" }, calls));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    renderUi(<ApiKeysPage />);
    expect(await screen.findByText("You have no API keys yet.")).toBeTruthy();
    await user.type(screen.getByLabelText("Key name"), "  Report ");
    await user.type(await screen.findByLabelText("Current password"), "my secret words");
    server.use(trpcOk("apiKeys.list", [{ ...listed(7, "Report"), prefix: SECRET.slice(0, 13) }]));
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const input = await screen.findByLabelText<HTMLInputElement>("Your new API key");
    expect(calls).toEqual([{ name: "Report", scope: "read", password: "my secret words" }]);
    expect(input.value).toBe(SECRET);
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy API key" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    const table = within(await screen.findByRole("table", { name: "Your API keys" }));
    expect(table.getByText("Report")).toBeTruthy();
    expect(table.getByText(`${SECRET.slice(0, 13)}…`)).toBeTruthy();
    expect(table.queryByText(SECRET)).toBeNull();
    expect(table.getByText("Never")).toBeTruthy();
    expect(table.getByText("Nov 1, 2026")).toBeTruthy();
  });

  it("makes a read and write key when asked, and says each key's access", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("account.overview", { hasPassword: true }), trpcOk("apiKeys.list", []), mutationOk("apiKeys.create", { id: 8, name: "Sync", key: SECRET, prefix: SECRET.slice(0, 13), scope: "write", createdAt: "2026-11-23T07:00:00.000Z" }, calls));
    const user = userEvent.setup();
    renderUi(<ApiKeysPage />);
    await screen.findByText("You have no API keys yet.");
    await user.type(screen.getByLabelText("Key name"), "Sync");
    await user.type(await screen.findByLabelText("Current password"), "my secret words");
    await user.selectOptions(screen.getByLabelText("Access to your own data"), "write");
    server.use(trpcOk("apiKeys.list", [listed(8, "Sync", "write"), listed(2, "Report")]));
    await user.click(screen.getByRole("button", { name: "Create key" }));
    await screen.findByLabelText("Your new API key");
    expect(calls).toEqual([{ name: "Sync", scope: "write", password: "my secret words" }]);
    expect(within(await screen.findByRole("row", { name: /Sync/ })).getByText("Read and write")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Report/ })).getByText("Read only")).toBeTruthy();
  });

  it("writes when each key was made and last used as the rest of the site writes dates", async () => {
    server.use(trpcOk("apiKeys.list", [{ ...listed(3, "Nightly"), createdAt: "2026-02-03T23:30:00.000Z", lastUsedAt: "2026-11-24T08:15:00.000Z" }]));
    renderUi(<ApiKeysPage />);
    const row = within(await screen.findByRole("row", { name: /Nightly/ }));
    expect(row.getByText("Feb 3, 2026")).toBeTruthy();
    expect(row.getByText("Nov 24, 2026")).toBeTruthy();
  });

  it("refuses an empty name without calling the server, and reports a server refusal", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("account.overview", { hasPassword: true }), trpcOk("apiKeys.list", []), mutationOk("apiKeys.create", {}, calls));
    const user = userEvent.setup();
    renderUi(<ApiKeysPage />);
    await screen.findByText("You have no API keys yet.");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(calls).toEqual([]);
    server.use(mutationError("apiKeys.create", 400, "Invalid name: Name must be at most 100 characters"));
    await user.type(screen.getByLabelText("Key name"), "ok");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to create API key. Invalid name: Name must be at most 100 characters");
    expect(screen.queryByLabelText("Your new API key")).toBeNull();
  });

  it("revokes only after confirmation", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("apiKeys.list", [listed(1, "CI"), listed(2, "Laptop")]), mutationOk("apiKeys.remove", { id: 2 }, calls));
    const user = userEvent.setup();
    renderUi(<ApiKeysPage />);
    await user.click(await screen.findByRole("button", { name: "Revoke Laptop" }));
    let dialog = within(await screen.findByRole("alertdialog", { name: "Revoke Laptop?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke Laptop" }));
    dialog = within(await screen.findByRole("alertdialog", { name: "Revoke Laptop?" }));
    server.use(trpcOk("apiKeys.list", [listed(1, "CI")]));
    await user.click(dialog.getByRole("button", { name: "Revoke" }));
    expect((await findToast("Success")).textContent).toContain("API key revoked");
    expect(calls).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByText("Laptop")).toBeNull());
    expect(screen.getByText("CI")).toBeTruthy();
  });
});
