// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { WatchedTlds } from "./watched-tlds.tsx";

useMsw();
afterEach(clearToasts);

const watch = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id, tld: { id: id + 100, name, unicodeName: null }, priceKind: "registration", target: "70.00", currency: "USD",
  bestQuote: { price: "74.50", provider: "Porkbun", checkedAt: "2026-11-25T08:00:00.000Z", quoted: { price: "74.50", currency: "USD" }, rateDate: null },
  met: false, createdAt: "2026-11-26T03:00:00.000Z", ...extra,
});
const list = (watches: ReturnType<typeof watch>[]) => trpcOk("notifications.watches.list", watches);

describe("Watched TLDs section", () => {
  it("lists each watch with its target, its best fresh price, provider and day, and whether it is met", async () => {
    server.use(list([watch(1, "ai"), watch(2, "io", { met: true, target: "80.00" }), watch(3, "xyz", { bestQuote: null })]));
    renderUi(<WatchedTlds displayCurrency="USD" />);
    const rows = within(await screen.findByRole("list", { name: "Your watched TLDs" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining(".ai registration at or under $70.00Best fresh price now: $74.50 at Porkbun, checked Nov 25, 2026"),
      expect.stringContaining("Target met"),
      expect.stringContaining("No fresh price of it now"),
    ]);
    expect(within(rows[0]!).getByRole("link", { name: ".ai" }).getAttribute("href")).toBe("/tld/ai");
  });

  it("adds a watch with the amount as typed and the display currency, and shows the server's refusal on the field", async () => {
    const calls: unknown[] = [];
    server.use(list([]), mutationError("notifications.watches.add", 400, 'No TLD named ".nope" is in the catalogue', [{ field: "tld", message: 'No TLD named ".nope" is in the catalogue' }]));
    const user = userEvent.setup();
    renderUi(<WatchedTlds displayCurrency="EUR" />);
    const form = within(await screen.findByRole("form", { name: "Watch a TLD" }));
    expect(form.getByLabelText<HTMLInputElement>("Currency").value).toBe("EUR");
    await user.type(form.getByLabelText("TLD"), ".nope");
    await user.type(form.getByLabelText("Target price"), "12.5");
    await user.click(form.getByRole("button", { name: "Watch" }));
    expect(await form.findByText('No TLD named ".nope" is in the catalogue')).toBeTruthy();

    server.use(mutationOk("notifications.watches.add", watch(4, "ai"), calls), list([watch(4, "ai")]));
    await user.clear(form.getByLabelText("TLD"));
    await user.type(form.getByLabelText("TLD"), ".ai");
    await user.click(form.getByRole("button", { name: "Watch" }));
    expect((await findToast("Success")).textContent).toContain("Watching .ai");
    expect(calls).toEqual([{ tld: ".ai", priceKind: "registration", target: "12.5", currency: "EUR" }]);
    expect(await screen.findByRole("list", { name: "Your watched TLDs" })).toBeTruthy();
  });

  it("edits a target in place, and removes a watch only after confirmation", async () => {
    const updates: unknown[] = [];
    const removals: unknown[] = [];
    server.use(list([watch(1, "ai")]), mutationOk("notifications.watches.update", watch(1, "ai", { target: "60.00" }), updates),
      mutationOk("notifications.watches.remove", { removed: true }, removals));
    const user = userEvent.setup();
    renderUi(<WatchedTlds displayCurrency="USD" />);
    await user.click(await screen.findByRole("button", { name: "Edit the target of .ai registration" }));
    const edit = within(screen.getByRole("form", { name: "Edit the target of .ai registration" }));
    await user.clear(edit.getByLabelText("Target price"));
    await user.type(edit.getByLabelText("Target price"), "60");
    await user.click(edit.getByRole("button", { name: "Save" }));
    expect((await findToast("Success")).textContent).toContain("New target saved for .ai registration");
    expect(updates).toEqual([{ id: 1, target: "60", currency: "USD" }]);
    await clearToasts();

    await user.click(screen.getByRole("button", { name: "Remove the watch of .ai registration" }));
    let dialog = within(await screen.findByRole("alertdialog", { name: "Remove this watch?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(removals).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Remove the watch of .ai registration" }));
    dialog = within(await screen.findByRole("alertdialog", { name: "Remove this watch?" }));
    server.use(list([]));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect((await findToast("Success")).textContent).toContain("Watch removed");
    expect(removals).toEqual([{ id: 1 }]);
    expect(await screen.findByText("No watched TLDs yet.")).toBeTruthy();
  });

  it("toasts a failure the same way for every action: a form's names what failed, a removal's adds the server's message", async () => {
    server.use(list([watch(1, "ai")]), mutationError("notifications.watches.add", 400, 'No TLD named ".nope" is in the catalogue', [{ field: "tld", message: 'No TLD named ".nope" is in the catalogue' }]),
      mutationError("notifications.watches.update", 500, "The database is unavailable"), mutationError("notifications.watches.remove", 404, "Watch 1 not found"));
    const user = userEvent.setup();
    renderUi(<WatchedTlds displayCurrency="USD" />);
    const form = within(await screen.findByRole("form", { name: "Watch a TLD" }));
    await user.type(form.getByLabelText("TLD"), ".nope");
    await user.type(form.getByLabelText("Target price"), "12.5");
    await user.click(form.getByRole("button", { name: "Watch" }));
    expect((await findToast("Error")).textContent).toContain("Could not add the watch.");
    expect((await findToast("Error")).textContent).not.toContain("catalogue");
    await clearToasts();

    await user.click(await screen.findByRole("button", { name: "Edit the target of .ai registration" }));
    const edit = within(screen.getByRole("form", { name: "Edit the target of .ai registration" }));
    await user.click(edit.getByRole("button", { name: "Save" }));
    expect(await edit.findByText("The database is unavailable")).toBeTruthy();
    expect((await findToast("Error")).textContent).toContain("Could not save the target.");
    expect((await findToast("Error")).textContent).not.toContain("database");
    await clearToasts();

    await user.click(screen.getByRole("button", { name: "Remove the watch of .ai registration" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Remove this watch?" })).getByRole("button", { name: "Remove" }));
    expect((await findToast("Error")).textContent).toContain("Could not remove the watch. Watch 1 not found");
  });

  it("fills in the name a TLD page's \"Watch this TLD\" link asks for", async () => {
    server.use(list([]));
    renderUi(<WatchedTlds displayCurrency="USD" />, "/settings/notifications?watch=co.uk");
    const form = within(await screen.findByRole("form", { name: "Watch a TLD" }));
    expect(form.getByLabelText<HTMLInputElement>("TLD").value).toBe(".co.uk");
  });

  it("says nothing is sent while the kind is switched off", async () => {
    server.use(list([watch(1, "ai")]));
    const { unmount } = renderUi(<WatchedTlds displayCurrency="USD" kindOn={false} />);
    expect((await screen.findByRole("status")).textContent).toContain("Watched TLD notifications are switched off");
    unmount();
    renderUi(<WatchedTlds displayCurrency="USD" />);
    await screen.findByRole("list", { name: "Your watched TLDs" });
    expect(screen.queryByText(/switched off/)).toBeNull();
  });

  it("arriving from a TLD page's Watch this TLD, brings the filled form into view and focuses the target price", async () => {
    server.use(list([]));
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderUi(<WatchedTlds displayCurrency="USD" />, "/settings/notifications?watch=ai");
      const form = await screen.findByRole("form", { name: "Watch a TLD" });
      expect(within(form).getByLabelText<HTMLInputElement>("TLD").value).toBe(".ai");
      await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText("Target price")));
      expect(scrolled.map((el) => el.getAttribute("aria-label"))).toContain("Watch a TLD");
    } finally {
      scroll.mockRestore();
    }
  });
});
