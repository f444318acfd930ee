// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcMutationError, trpcMutationOk, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { clearToasts } from "./admin-test-support.ts";
import { DataPage } from "./data-page.tsx";

useMsw();
afterEach(clearToasts);

const PORKBUN = provider({ id: 4, name: "Porkbun", domain: "porkbun.com", website: "https://porkbun.com", logoUrl: null });
const OLD = provider({ id: 5, name: "Google Domains", domain: "domains.google", website: null, isActive: false });

const RULES = {
  rules: [
    { pattern: "*", addsYear: true, lockAfterRegistrationDays: 60, lockAfterTransferDays: 60, minDaysBeforeExpiry: null, sourceUrl: "https://www.example.org/icann-transfer-policy", sourceDate: "2026-12-07", note: null, origin: "bundled", replacesBundled: null, updatedAt: null, updatedBy: null },
    { pattern: "uk", addsYear: false, lockAfterRegistrationDays: 0, lockAfterTransferDays: 30, minDaysBeforeExpiry: 10, sourceUrl: "https://registry.example/uk", sourceDate: "2026-12-01", note: null, origin: "admin", replacesBundled: null, updatedAt: "2026-12-05T10:00:00.000Z", updatedBy: "admin@example.com" },
  ],
};

const AC_MW = {
  id: 77, tld: { id: 9, name: "ac.mw" }, serviceProvider: { id: 3, name: "Dynadot" }, registrationPrice: "59.96", renewalPrice: "59.96", transferPrice: "0.30",
  currency: "USD", unusualReason: "Transfer $0.30 is under a quarter of this registrar's registration price $59.96.", hidden: false,
};
const UNUSUAL = { rows: [AC_MW], total: 1, page: 1, limit: 20, totalPages: 1, counts: { unusual: 1, hidden: 0 }, sharePercent: 25, defaultSharePercent: 25 };

beforeEach(() => server.use(trpcOk("portfolio.transfer.rules.list", RULES), trpcOk("priceChecks.list", UNUSUAL)));

function setup() {
  server.use(trpcOk("providers.adminList", [PORKBUN, OLD]));
  const user = userEvent.setup();
  renderUi(<DataPage />, "/admin/data");
  return user;
}

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Edit Porkbun" }));
  return within(await screen.findByRole("dialog", { name: "Edit Porkbun" }));
}

describe("Data Management", () => {
  it("lists the unusual prices with why, and confirms or hides one", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("priceChecks.review", { ...AC_MW, hidden: true }, calls));
    const table = await screen.findByRole("table", { name: "Unusual prices" });
    const row = await within(table).findByRole("row", { name: /ac\.mw/ });
    expect(row.textContent).toContain("Dynadot");
    expect(row.textContent).toContain(AC_MW.unusualReason);
    expect(screen.getByText("1 unusual, 0 hidden.")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Hide .ac.mw at Dynadot" }));
    await findToast(".ac.mw at Dynadot is hidden");
    expect(calls).toEqual([{ id: 77, decision: "hidden" }]);
  });

  it("lists providers with status, website and an Edit action", async () => {
    setup();
    await screen.findByText("Porkbun");
    const table = screen.getByRole("table", { name: "Service providers" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Domain", "Website", "Status", "Created", "Actions"]);
    const [porkbun, google] = within(table).getAllByRole("row").slice(1);
    expect(porkbun?.textContent).toContain("porkbun.com");
    expect(porkbun?.textContent).toContain("Active");
    expect(within(porkbun!).getByRole("link", { name: "porkbun.com" }).getAttribute("href")).toBe("https://porkbun.com");
    expect(google?.textContent).toContain("Inactive");
    expect(google?.textContent).toContain("—");
    expect(document.title).toBe("Data Management | TLDScope");
  });

  it("shows loading, empty and error states", async () => {
    server.use(trpcPending("providers.adminList"));
    const first = renderUi(<DataPage />);
    expect((await screen.findAllByTestId("skeleton-row")).length).toBeGreaterThan(0);
    first.unmount();
    server.use(trpcOk("providers.adminList", []));
    const second = renderUi(<DataPage />);
    expect(await screen.findByText("No service providers yet")).toBeTruthy();
    second.unmount();
    server.use(trpcError("providers.adminList", 500, "Internal server error"));
    renderUi(<DataPage />);
    expect(await screen.findByText("Failed to load service providers: Internal server error")).toBeTruthy();
  });

  it("checks the edit form with the shared schema: required name and domain, http(s) URLs", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("providers.adminUpdate", PORKBUN, calls));
    const dialog = await openEdit(user);
    await user.clear(dialog.getByLabelText(/Name/));
    await user.clear(dialog.getByLabelText(/Domain/));
    await user.type(dialog.getByLabelText(/Domain/), "not a domain");
    await user.clear(dialog.getByLabelText("Website"));
    await user.type(dialog.getByLabelText("Website"), "ftp://porkbun.com");
    await user.type(dialog.getByLabelText("Logo URL"), "logo.png");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await dialog.findByText("Name is required")).toBeTruthy();
    expect(dialog.getByText("Domain must be a domain name such as porkbun.com")).toBeTruthy();
    expect(dialog.getByText("Website must be an http or https URL")).toBeTruthy();
    expect(dialog.getByText("Logo URL must be an http or https URL")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(dialog.getByLabelText("Website"), "x");
    expect(dialog.queryByText("Website must be an http or https URL")).toBeNull();
  });

  it("saves the checked values, says so word for word and closes", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(trpcMutationOk("providers.adminUpdate", PORKBUN, calls));
    const dialog = await openEdit(user);
    await user.clear(dialog.getByLabelText(/Name/));
    await user.type(dialog.getByLabelText(/Name/), "Porkbun Inc");
    await user.type(dialog.getByLabelText("Logo URL"), " https://porkbun.com/logo.svg ");
    await user.click(dialog.getByRole("checkbox", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    await findToast("Service provider updated successfully");
    expect(calls).toEqual([{ id: 4, name: "Porkbun Inc", domain: "porkbun.com", website: "https://porkbun.com", logoUrl: "https://porkbun.com/logo.svg", isActive: false }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open with the server's reason and the failure toast", async () => {
    const user = setup();
    server.use(trpcMutationError("providers.adminUpdate", 400, "Invalid domain: taken", [{ field: "domain", message: "Another provider already has this domain" }]));
    const dialog = await openEdit(user);
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await dialog.findByText("Another provider already has this domain")).toBeTruthy();
    expect((await findToast("Failed to update service provider")).textContent).toContain("Invalid domain: taken");
    expect(screen.getByRole("dialog", { name: "Edit Porkbun" })).toBeTruthy();
  });
});

describe("transfer rules", () => {
  it("lists the shipped and the administrators' rules with their sources, and saves and removes one", async () => {
    const saves: unknown[] = [];
    const removes: unknown[] = [];
    server.use(trpcMutationOk("portfolio.transfer.rules.save", RULES, saves), trpcMutationOk("portfolio.transfer.rules.remove", RULES, removes));
    const user = setup();
    const table = await screen.findByRole("table", { name: "Transfer rules" });
    await within(table).findByText("Every other TLD");
    const [all, uk] = within(table).getAllByRole("row").slice(1);
    expect(all?.textContent).toContain("Adds a year");
    expect(all?.textContent).toContain("Shipped");
    expect(within(all!).getByRole("link", { name: "www.example.org" }).getAttribute("href")).toBe("https://www.example.org/icann-transfer-policy");
    expect(uk?.textContent).toContain("Keeps the expiry");
    expect(uk?.textContent).toContain("admin@example.com");
    await user.click(within(uk!).getByRole("button", { name: "Remove the rule for .uk" }));
    await waitFor(() => expect(removes).toEqual([{ pattern: "uk" }]));

    const form = within(screen.getByRole("form", { name: "Save a transfer rule" }));
    await user.type(form.getByLabelText(/^TLD/), "ch");
    await user.clear(form.getByLabelText(/Lock after registration/));
    await user.type(form.getByLabelText(/Lock after registration/), "0");
    await user.clear(form.getByLabelText(/Lock after a transfer/));
    await user.type(form.getByLabelText(/Lock after a transfer/), "0");
    await user.type(form.getByLabelText(/Source address/), "https://registry.example/ch");
    await user.type(form.getByLabelText(/Source read on/), "2026-12-07");
    await user.click(form.getByText("A transfer adds a year"));
    await user.click(form.getByRole("button", { name: "Save rule" }));
    await waitFor(() => expect(saves).toEqual([{
      pattern: "ch", addsYear: false, lockAfterRegistrationDays: 0, lockAfterTransferDays: 0, minDaysBeforeExpiry: null,
      sourceUrl: "https://registry.example/ch", sourceDate: "2026-12-07", note: null,
    }]));
    await findToast("Transfer rule saved");
  });
});
