// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { PortfolioPage } from "./portfolio-page.tsx";
import { clearToasts, mutationError, mutationOk, portfolioPage, summary, userDomain } from "./portfolio-test-support.ts";

useMsw();
afterEach(clearToasts);

const account = { id: 7, label: "Main Porkbun" };
const departed = userDomain({ id: 1, domainName: "gone.com", source: "sync", registrarAccount: account, departedAt: "2026-03-04T05:06:07.000Z" });
const listed = userDomain({ id: 2, domainName: "here.com", source: "sync", registrarAccount: account });
const base = (domains = [departed, listed]) => [
  trpcOk("portfolio.list", portfolioPage(domains)), trpcOk("portfolio.summary", summary()),
  trpcOk("providers.list", [provider({ id: 2, name: "GoDaddy" })]),
];
const cardOf = async (name: string) => within((await screen.findByRole("heading", { name })).closest("li")!);

describe("a domain its registrar account no longer lists", () => {
  it("says since when, only on that card", async () => {
    server.use(...base());
    renderUi(<PortfolioPage />);
    expect((await cardOf("gone.com")).getByText("No longer in Main Porkbun since Mar 4, 2026")).toBeTruthy();
    expect((await cardOf("here.com")).queryByText(/No longer in/)).toBeNull();
  });

  it("keeps it as hand-added and says so", async () => {
    const kept: unknown[] = [];
    server.use(...base(), mutationOk("portfolio.keepAsHandAdded", { ...departed, source: "manual", registrarAccount: null, departedAt: null }, kept));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    const card = await cardOf("gone.com");
    server.use(trpcOk("portfolio.list", portfolioPage([{ ...departed, source: "manual", registrarAccount: null, departedAt: null }, listed])));
    await user.click(card.getByRole("button", { name: "Keep as hand-added" }));
    expect((await findToast("Success")).textContent).toContain("Domain kept as hand-added");
    expect(kept).toEqual([{ id: 1 }]);
    // The refreshed list carries it unlinked: the notice goes, the card stays.
    await waitFor(() => expect(screen.queryByText(/No longer in/)).toBeNull());
    expect(screen.getByRole("heading", { name: "gone.com" })).toBeTruthy();
  });

  it("reports a refused keep with the server's reason", async () => {
    server.use(...base(), mutationError("portfolio.keepAsHandAdded", 409, "This domain is not marked as no longer in its registrar account, so there is nothing to keep"));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    await user.click((await cardOf("gone.com")).getByRole("button", { name: "Keep as hand-added" }));
    expect((await findToast("Error")).textContent).toContain("Failed to keep domain. This domain is not marked as no longer in its registrar account, so there is nothing to keep.");
  });

  it("asks before removing it", async () => {
    const removed: unknown[] = [];
    server.use(...base(), mutationOk("portfolio.remove", { id: 1, removed: true }, removed));
    const user = userEvent.setup();
    renderUi(<PortfolioPage />);
    await user.click((await cardOf("gone.com")).getByRole("button", { name: "Remove gone.com from the portfolio" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Are you sure you want to remove this domain from your portfolio?")).toBeTruthy();
    expect(removed).toEqual([]);
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect((await findToast("Success")).textContent).toContain("Domain removed from portfolio");
    expect(removed).toEqual([{ id: 1 }]);
  });
});
