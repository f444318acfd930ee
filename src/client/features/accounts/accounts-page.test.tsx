// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { clearToasts, mutationError, mutationOk } from "../portfolio/portfolio-test-support.ts";
import { AccountsPage } from "./accounts-page.tsx";
import type { RegistrarAccount } from "./types.ts";

useMsw();
afterEach(clearToasts);

const account = (overrides: Partial<RegistrarAccount> = {}): RegistrarAccount => ({
  id: 7, label: "Main Porkbun", authType: "api", serviceProviderId: 3,
  serviceProvider: { id: 3, slug: "porkbun", name: "Porkbun", displayName: "Porkbun", domain: "porkbun.com", logoUrl: null },
  status: "active", isActive: true, lastSyncAt: null, errorMessage: null, lastSyncLog: null, createdAt: "2025-01-01T00:00:00.000Z",
  domainCount: 0, removableDomainCount: 0, _count: { userDomains: 0 }, ...overrides,
});
const PROVIDERS = [
  { id: 3, slug: "porkbun", name: "Porkbun", displayName: "Porkbun", domain: "porkbun.com", logoUrl: null },
  { id: 4, slug: "namecheap", name: "Namecheap", displayName: "Namecheap", domain: "namecheap.com", logoUrl: null },
];

describe("Registrar Accounts page", () => {
  it("offers 'Add Your First Account' when none is connected, and checks the form with the spec's messages", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("accounts.list", []), trpcOk("accounts.providers", PROVIDERS), mutationOk("accounts.create", account(), calls));
    const user = userEvent.setup();
    renderUi(<AccountsPage />);
    expect(await screen.findByText("No accounts connected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add Your First Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Account" });
    await user.click(within(dialog).getByRole("button", { name: "Add Account" }));
    for (const message of ["Please select a provider", "Account label is required", "API Key is required", "Secret Key is required"]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(within(dialog).getAllByRole("option").length).toBe(3));
    await user.selectOptions(within(dialog).getByRole("combobox"), "4");
    expect(await within(dialog).findByText(/only answers whitelisted addresses: add this server.s IP address/)).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox", { name: /Account label/ }), "Work");
    await user.type(within(dialog).getByRole("textbox", { name: /API Key/ }), "key-1");
    await user.type(dialog.querySelector("input[name=secretKey]")!, "me");
    expect(within(dialog).getByText("Namecheap username")).toBeTruthy();
    expect(within(dialog).queryByText("Secret Key is required")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Add Account" }));
    expect(await findToast("Success")).toBeTruthy();
    expect(screen.getByText("Account added successfully")).toBeTruthy();
    expect(calls).toEqual([{ serviceProviderId: 4, label: "Work", authType: "api", credentials: { apiKey: "key-1", secretKey: "me" }, isActive: true }]);
  });

  it("puts the server's refusal of a credential under that field, and says only the spec's failure in the toast", async () => {
    server.use(trpcOk("accounts.list", []), trpcOk("accounts.providers", PROVIDERS),
      mutationError("accounts.create", 400, "Invalid credentials.apiKey", [{ field: "credentials.apiKey", message: "API Key must be at most 500 characters" }]));
    const user = userEvent.setup();
    renderUi(<AccountsPage />);
    await user.click(await screen.findByRole("button", { name: "Add Your First Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Account" });
    await waitFor(() => expect(within(dialog).getAllByRole("option").length).toBe(3));
    await user.selectOptions(within(dialog).getByRole("combobox"), "3");
    await user.type(within(dialog).getByRole("textbox", { name: /Account label/ }), "Work");
    await user.type(within(dialog).getByRole("textbox", { name: /API Key/ }), "key-1");
    await user.type(dialog.querySelector("input[name=secretKey]")!, "me");
    await user.click(within(dialog).getByRole("button", { name: "Add Account" }));
    const toast = (await findToast("Error")).textContent;
    expect(toast).toContain("Failed to add account");
    expect(toast).not.toContain("Invalid credentials");
    expect(await within(dialog).findByText("API Key must be at most 500 characters")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /API Key/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("dialog", { name: "Add Account" })).toBeTruthy();
  });

  it("shows a card's status, counts, error and last results, and tests the connection", async () => {
    server.use(
      trpcOk("accounts.list", [account({
        status: "error", errorMessage: "Porkbun: Invalid API key. (002)", lastSyncAt: "2025-03-01T10:00:00.000Z",
        lastSyncLog: { domainsFound: 12, newDomains: 3, updatedDomains: 2, durationMs: 40, error: null, skippedDomains: 1, departedDomains: 2 },
        domainCount: 11, removableDomainCount: 9, _count: { userDomains: 11 },
      })]),
      mutationOk("accounts.testConnection", { success: false, message: "Porkbun: Invalid API key. (002)" }),
      mutationError("accounts.syncNow", 409, "A sync of this account is already queued or running"),
    );
    const user = userEvent.setup();
    renderUi(<AccountsPage />);
    const card = within((await screen.findByRole("heading", { name: "Main Porkbun" })).closest("li")!);
    expect(card.getByText("Error")).toBeTruthy();
    expect(card.getByText("11")).toBeTruthy();
    expect(card.getByText("Enabled")).toBeTruthy();
    expect(card.getAllByText("Porkbun: Invalid API key. (002)")).toHaveLength(1);
    expect(card.getByText(/12 found, 3 new, 2 updated, 1 skipped .*, 2 domains no longer in this account$/)).toBeTruthy();
    await user.click(card.getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Connection failed")).toBeTruthy();
    await user.click(card.getByRole("button", { name: "Sync Now" }));
    expect(await screen.findByText("Failed to start sync. A sync of this account is already queued or running.")).toBeTruthy();
  });

  it("says how many domains go with a deleted account", async () => {
    const calls: unknown[] = [];
    server.use(
      trpcOk("accounts.list", [account({ domainCount: 5, removableDomainCount: 4, _count: { userDomains: 5 } })]),
      mutationOk("accounts.remove", { id: 7, removed: true, removedDomains: 4, unlinkedDomains: 1 }, calls),
      mutationOk("accounts.syncNow", { message: "Sync has been queued. Check back in a few minutes", jobId: "1" }),
      trpcOk("accounts.syncState", { state: "finished" }),
    );
    const user = userEvent.setup();
    renderUi(<AccountsPage />);
    await user.click(await screen.findByRole("button", { name: "Sync Now" }));
    expect(await findToast("Sync started")).toBeTruthy();
    expect(screen.getByText("Sync has been queued. Check back in a few minutes")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete Main Porkbun" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("This also removes all associated domains from your portfolio (4 domains). 1 domain you added yourself will stay, unlinked.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Account deleted")).toBeTruthy();
    expect(calls).toEqual([{ id: 7 }]);
  });

  it("says 'Not tested yet' before the first test or sync, and polls a sync it started until it finished, then shows the outcome", async () => {
    const states = ["queued", "running", "finished"];
    const asked: unknown[] = [];
    let listed = 0;
    server.use(
      // The list reads the stored account: untested until the sync has run.
      trpcOk("accounts.list", () => {
        listed += 1;
        return [states.length > 0 ? account({ status: "untested" })
          : account({ lastSyncAt: "2025-03-01T10:00:00.000Z", lastSyncLog: { domainsFound: 4, newDomains: 4, updatedDomains: 0, durationMs: 30, error: null } })];
      }),
      mutationOk("accounts.syncNow", { message: "Sync has been queued. Check back in a few minutes", jobId: "job-9" }),
      trpcOk("accounts.syncState", (input: unknown) => {
        asked.push(input);
        return { state: states.shift() ?? "finished" };
      }),
    );
    const user = userEvent.setup();
    renderUi(<AccountsPage />);
    const card = within((await screen.findByRole("heading", { name: "Main Porkbun" })).closest("li")!);
    expect(card.getByText("Not tested yet")).toBeTruthy();
    expect(card.queryByText("Active")).toBeNull();
    await user.click(card.getByRole("button", { name: "Sync Now" }));
    expect(await card.findByRole("button", { name: "Syncing…" })).toBeTruthy();
    await waitFor(() => expect(card.getByText(/4 found, 4 new, 0 updated/)).toBeTruthy(), { timeout: 10_000 });
    expect(card.getByText("Active")).toBeTruthy();
    expect(card.getByRole("button", { name: "Sync Now" })).toBeTruthy();
    expect(asked).toEqual([{ id: 7, jobId: "job-9" }, { id: 7, jobId: "job-9" }, { id: 7, jobId: "job-9" }]);
    expect(listed).toBe(2);
    // Finished: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked).toHaveLength(3);
  }, 20_000);
});
