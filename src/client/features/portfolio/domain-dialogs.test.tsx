// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { PortfolioPage } from "./portfolio-page.tsx";
import { clearToasts, mutationError, mutationOk, portfolioPage, summary, userDomain } from "./portfolio-test-support.ts";

useMsw();
afterEach(clearToasts);

const PROVIDERS = [provider({ id: 2, name: "GoDaddy" }), provider({ id: 3, name: "Porkbun" })];
const ACME = userDomain({ id: 7, domainName: "acme.com", notes: "Main brand", autoRenew: true });

function setup(domains = [ACME]) {
  server.use(trpcOk("portfolio.list", portfolioPage(domains)), trpcOk("portfolio.summary", summary()), trpcOk("providers.list", PROVIDERS));
  const user = userEvent.setup();
  renderUi(<PortfolioPage />);
  return user;
}

async function openAdd(user: UserEvent) {
  await user.click(await screen.findByRole("button", { name: "Add Domain" }));
  return within(await screen.findByRole("dialog", { name: "Add Domain" }));
}

describe("Add Domain dialog", () => {
  it("requires a domain name and checks it with the shared validator", async () => {
    const user = setup();
    const dialog = await openAdd(user);
    expect(dialog.getByLabelText(/Domain name/).getAttribute("placeholder")).toBe("example.com");
    expect(dialog.getByLabelText("TLD").getAttribute("placeholder")).toBe("com");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText("Domain is required")).toBeTruthy();
    await user.type(dialog.getByLabelText(/Domain name/), "bad_name.com");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText(/contains invalid characters\. Only letters, numbers, and hyphens are allowed/)).toBeTruthy();
  });

  it("refuses an expiry before the registration date", async () => {
    const user = setup();
    const dialog = await openAdd(user);
    await user.type(dialog.getByLabelText(/Domain name/), "new.com");
    await user.type(dialog.getByLabelText("Registration date"), "2025-06-01");
    await user.type(dialog.getByLabelText("Expiration date"), "2024-06-01");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText("Expiration date must be after the registration date")).toBeTruthy();
  });

  it("sends the checked entry, says so, closes and starts empty next time", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(mutationOk("portfolio.create", (input: object) => ({ ...ACME, ...input, id: 8 }), calls));
    const dialog = await openAdd(user);
    await user.type(dialog.getByLabelText(/Domain name/), " New.COM ");
    await user.selectOptions(dialog.getByLabelText("Registrar"), "Porkbun");
    await user.type(dialog.getByLabelText("Registration date"), "2024-06-01");
    await user.type(dialog.getByLabelText("Expiration date"), "2026-06-01");
    await user.selectOptions(dialog.getByLabelText("Renews automatically"), "Yes");
    await user.type(dialog.getByLabelText("Notes"), "Side project");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect((await findToast("Success")).textContent).toContain("Domain added to portfolio");
    expect(calls).toEqual([{
      domainName: "new.com", serviceProviderId: 3, registrationDate: "2024-06-01", expirationDate: "2026-06-01", autoRenewState: "on", notes: "Side project",
    }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const again = await openAdd(user);
    expect(again.getByLabelText<HTMLInputElement>(/Domain name/).value).toBe("");
    expect(again.getByLabelText<HTMLTextAreaElement>("Notes").value).toBe("");
  });

  it("starts empty again after Cancel, with no message left from before", async () => {
    const user = setup();
    const dialog = await openAdd(user);
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText("Domain is required")).toBeTruthy();
    await user.type(dialog.getByLabelText(/Domain name/), "half-typed.com");
    await user.type(dialog.getByLabelText("Notes"), "Not sent");
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const again = await openAdd(user);
    expect(again.getByLabelText<HTMLInputElement>(/Domain name/).value).toBe("");
    expect(again.getByLabelText<HTMLTextAreaElement>("Notes").value).toBe("");
    expect(again.queryByText("Domain is required")).toBeNull();
  });

  it("keeps the dialog open with the server's reason: a duplicate, or a field the server refused", async () => {
    const user = setup();
    server.use(mutationError("portfolio.create", 409, "acme.com is already in your portfolio"));
    const dialog = await openAdd(user);
    await user.type(dialog.getByLabelText(/Domain name/), "acme.com");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText("acme.com is already in your portfolio")).toBeTruthy();
    // The toast says why too: on a phone the dialog's message can be out of view.
    expect((await findToast("Error")).textContent).toContain("Failed to add domain. acme.com is already in your portfolio.");

    server.use(mutationError("portfolio.create", 400, "Invalid tldId", [{ field: "tldId", message: '".zz" is not a known top-level domain' }]));
    await user.type(dialog.getByLabelText("TLD"), "zz");
    await user.click(dialog.getByRole("button", { name: "Add Domain" }));
    expect(await dialog.findByText('".zz" is not a known top-level domain')).toBeTruthy();
    await waitFor(() => expect((screen.getByText(/^Failed to add domain\. /)).textContent).toBe('Failed to add domain. ".zz" is not a known top-level domain.'));
    // The field the server blamed is brought into view and focused.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText("TLD")));
    expect(screen.getByRole("dialog", { name: "Add Domain" })).toBeTruthy();
  });
});

describe("Edit Domain dialog", () => {
  it("starts from the stored entry and saves the change", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(mutationOk("portfolio.update", (input: object) => ({ ...ACME, ...input }), calls));
    await user.click(await screen.findByRole("button", { name: "Edit acme.com" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Domain" }));
    expect(dialog.getByLabelText<HTMLInputElement>(/Domain name/).value).toBe("acme.com");
    expect(dialog.getByLabelText<HTMLInputElement>("TLD").value).toBe("com");
    expect(dialog.getByLabelText<HTMLSelectElement>("Registrar").value).toBe("2");
    expect(dialog.getByLabelText<HTMLInputElement>("Registration date").value).toBe("2020-01-15");
    expect(dialog.getByLabelText<HTMLInputElement>("Expiration date").value).toBe("2027-01-15");
    expect(dialog.getByLabelText<HTMLSelectElement>("Renews automatically").value).toBe("on");
    const notes = dialog.getByLabelText("Notes");
    await user.clear(notes);
    await user.type(notes, "Renew with Porkbun");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect((await findToast("Success")).textContent).toContain("Domain updated successfully");
    expect(calls).toEqual([{
      id: 7, domainName: "acme.com", tldId: "com", serviceProviderId: 2, registrationDate: "2020-01-15", expirationDate: "2027-01-15",
      autoRenewState: "on", notes: "Renew with Porkbun",
    }]);
  });

  it("lets the server derive the TLD again when only the domain was renamed", async () => {
    const calls: { tldId?: string; domainName: string }[] = [];
    const user = setup();
    server.use(mutationOk("portfolio.update", (input: object) => ({ ...ACME, ...input }), calls));
    await user.click(await screen.findByRole("button", { name: "Edit acme.com" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Domain" }));
    await user.clear(dialog.getByLabelText(/Domain name/));
    await user.type(dialog.getByLabelText(/Domain name/), "acme.net");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.domainName).toBe("acme.net");
    expect(calls[0]).not.toHaveProperty("tldId");
  });

  it("reports a failed update", async () => {
    const user = setup();
    server.use(mutationError("portfolio.update", 500, "Internal server error"));
    await user.click(await screen.findByRole("button", { name: "Edit acme.com" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Domain" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect((await findToast("Error")).textContent).toContain("Failed to update domain");
    expect(dialog.getByText("Internal server error")).toBeTruthy();
  });
});
