// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { PortfolioPage } from "./portfolio-page.tsx";
import { clearToasts, mutationError, mutationOk, portfolioPage, summary, userDomain } from "./portfolio-test-support.ts";

useMsw();
afterEach(clearToasts);

const CSV = "domainName,tld,registrar\nacme.com,com,Porkbun\nnew.io,io,\nbad_name.com,com,\n";
const REPORT = {
  rows: [
    { row: 2, domainName: "acme.com", status: "updated" },
    { row: 3, domainName: "new.io", status: "added" },
    { row: 4, domainName: "bad_name.com", status: "rejected", reason: 'Domain part "bad_name" contains invalid characters.' },
  ],
  totals: { rows: 3, added: 1, updated: 1, rejected: 1 },
};

function setup() {
  server.use(trpcOk("portfolio.list", portfolioPage([userDomain({ id: 1, domainName: "acme.com" })])), trpcOk("portfolio.summary", summary()), trpcOk("providers.list", []));
  const user = userEvent.setup();
  renderUi(<PortfolioPage />);
  return user;
}

describe("Import CSV", () => {
  it("sends the file's text, shows the per-row report and refreshes the list", async () => {
    const calls: unknown[] = [];
    const user = setup();
    server.use(mutationOk("portfolio.importCsv", REPORT, calls));
    await screen.findByRole("heading", { name: "acme.com" });
    server.use(trpcOk("portfolio.list", portfolioPage([userDomain({ id: 1, domainName: "acme.com" }), userDomain({ id: 2, domainName: "new.io" })])));
    await user.upload(screen.getByLabelText("CSV file to import"), new File([CSV], "domains.csv", { type: "text/csv" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Import results" }));
    expect(calls).toEqual([{ csv: CSV }]);
    expect(dialog.getByText("3 rows: 1 added, 1 updated, 1 rejected")).toBeTruthy();
    const rows = dialog.getAllByRole("row").slice(1).map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows).toEqual([
      ["acme.com", "2", "updated", ""],
      ["new.io", "3", "added", ""],
      ["bad_name.com", "4", "rejected", 'Domain part "bad_name" contains invalid characters.'],
    ]);
    // On a phone each row is a card whose cells name themselves: the Reason is never a column cut off.
    const reason = dialog.getAllByRole("row")[3]!.querySelectorAll("td")[3]!;
    expect(reason.getAttribute("data-label")).toBe("Reason");
    await user.click(dialog.getByRole("button", { name: "Done" }));
    expect(await screen.findByRole("heading", { name: "new.io" })).toBeTruthy();
  });

  it("says which columns the file takes before a file is chosen", async () => {
    const user = setup();
    await screen.findByRole("heading", { name: "acme.com" });
    const input = screen.getByLabelText<HTMLInputElement>("CSV file to import");
    let chosen = 0;
    input.addEventListener("click", (event) => {
      event.preventDefault();
      chosen++;
    });
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Import domains from a CSV file" }));
    for (const column of ["domainName", "tld", "registrar", "registrationDate", "expirationDate", "autoRenew", "notes"]) {
      expect(dialog.getAllByText(column, { selector: "code" }).length, column).toBeGreaterThan(0);
    }
    expect(dialog.getByText(/Up to 10,000 rows and 2 MB/)).toBeTruthy();
    // The same words as the server's message for a bad autoRenew cell.
    expect(dialog.getByText("autoRenew", { selector: "code" }).parentElement?.textContent).toBe("autoRenew: true, false or unknown (or left empty)");
    expect(dialog.getByText(/listed with every reason/)).toBeTruthy();
    expect(chosen).toBe(0);
    await user.click(dialog.getByRole("button", { name: "Choose a CSV file" }));
    expect(chosen).toBe(1);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Import domains from a CSV file" })).toBeNull());
  });

  it("reports a file the server refuses", async () => {
    const user = setup();
    server.use(mutationError("portfolio.importCsv", 400, "The first row must name the columns: domainName,tld (domainName is required)"));
    await user.upload(await screen.findByLabelText("CSV file to import"), new File(["x,y\n1,2\n"], "bad.csv", { type: "text/csv" }));
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to import CSV. The first row must name the columns: domainName,tld (domainName is required).");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Calendar feed", () => {
  it("creates the private URL, copies it, and revokes it", async () => {
    const url = "http://localhost/api/calendar/abcdefghijklmnopqrstuvwxyz234567.ics";
    const user = setup();
    server.use(mutationOk("portfolio.calendarToken", { url }), mutationOk("portfolio.revokeCalendarToken", { revoked: true }));
    await user.click(await screen.findByRole("button", { name: "Calendar feed" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Calendar feed" }));
    await user.click(dialog.getByRole("button", { name: "Create link" }));
    const input = await dialog.findByLabelText<HTMLInputElement>("Private feed URL");
    expect(input.value).toBe(url);
    await user.click(dialog.getByRole("button", { name: "Copy feed URL" }));
    expect(await dialog.findByRole("button", { name: "Copied" })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(url);
    await user.click(dialog.getByRole("button", { name: "Revoke" }));
    expect((await findToast("Success")).textContent).toContain("Calendar feed revoked");
    await waitFor(() => expect(dialog.queryByLabelText("Private feed URL")).toBeNull());
  });
});
