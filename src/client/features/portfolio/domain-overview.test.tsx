// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { DomainOverview, usePortfolioDomain } from "./domain-overview.tsx";
import { clearToasts, mutationOk, userDomain } from "./portfolio-test-support.ts";
import type { UserDomain } from "./types.ts";

useMsw();
afterEach(clearToasts);

const PROVIDERS = [provider({ id: 2, name: "GoDaddy" }), provider({ id: 3, name: "Porkbun" })];

/** The domain's page as the route renders it: the entry loaded in the display currency, then its overview. */
function Page({ id }: { id: number }) {
  const domain = usePortfolioDomain(id);
  return domain.data ? <DomainOverview domain={domain.data} /> : null;
}

/** Unknown auto-renew, notes, and the fixture's money: $21.99 at GoDaddy, $10.46 at Porkbun, $11.53 a year saved. */
const UNKNOWN: UserDomain = userDomain({
  id: 5, domainName: "xn--mller-kva.de", unicodeName: "müller.de", notes: "Family site\nrenew by hand", autoRenew: false,
  autoRenewState: "unknown", money: { ...userDomain().money, autoRenewState: "unknown", counts: "if_renews" },
});

describe("a domain's own page", () => {
  it("is the domain's home: renewal price, cheapest place with the saving, auto-renew with its question, notes, Edit and Remove", async () => {
    const asked: unknown[] = [];
    server.use(trpcOk("portfolio.getById", UNKNOWN, (input) => asked.push(input)), trpcOk("providers.list", PROVIDERS));
    renderUi(<Page id={5} />);
    expect(await screen.findByRole("heading", { level: 1, name: /müller\.de/ })).toBeTruthy();
    // Asked in the display currency, as the list is, so both show the same money.
    expect(asked).toEqual([{ id: 5, currency: "USD" }]);
    const renewal = within(screen.getByRole("region", { name: "Renewal" }));
    expect(renewal.getByText("Renewal at GoDaddy")).toBeTruthy();
    expect(renewal.getByText("$21.99/yr")).toBeTruthy();
    expect(renewal.getByText("Auto-renew unknown: counted apart, as the amount if it renews")).toBeTruthy();
    expect(renewal.getByText(/^Save /).textContent).toContain("$11.53/yr by moving to Porkbun");
    expect(screen.getByText("Auto-renew unknown")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Does this renew automatically?" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Notes" })).getByText(/Family site/).textContent).toBe("Family site\nrenew by hand");
    expect(screen.getByRole("button", { name: "Edit müller.de" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove müller.de" })).toBeTruthy();
  });

  it("answers auto-renew in one click, edits in the list's dialog and removes after asking", async () => {
    const updates: unknown[] = [];
    const removed: unknown[] = [];
    server.use(
      trpcOk("portfolio.getById", UNKNOWN), trpcOk("providers.list", PROVIDERS),
      mutationOk("portfolio.update", { ...UNKNOWN, autoRenew: true, autoRenewState: "on" }, updates), mutationOk("portfolio.remove", { id: 5 }, removed),
    );
    const user = userEvent.setup();
    renderUi(<Page id={5} />);
    const question = within(await screen.findByRole("group", { name: "Does this renew automatically?" }));
    await user.click(question.getByRole("button", { name: "Yes" }));
    expect((await findToast("Success")).textContent).toContain("müller.de renews automatically");
    expect(updates).toEqual([{ id: 5, autoRenewState: "on" }]);

    await user.click(screen.getByRole("button", { name: "Edit müller.de" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Domain" }));
    expect(dialog.getByLabelText<HTMLTextAreaElement>(/Notes/).value).toBe("Family site\nrenew by hand");
    await user.click(dialog.getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Remove müller.de" }));
    const confirm = within(await screen.findByRole("alertdialog", { name: "Remove müller.de?" }));
    await user.click(confirm.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(removed).toEqual([{ id: 5 }]));
  });
});
