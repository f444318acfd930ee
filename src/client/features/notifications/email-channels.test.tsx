// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { EmailChannels } from "./email-channels.tsx";
import { ReminderPreferences } from "./reminder-preferences.tsx";

useMsw();
afterEach(clearToasts);

const email = (id: number, address: string, state: { confirmed?: boolean; confirmationExpired?: boolean; enabled?: boolean } = {}) => ({
  id, kind: "email", email: address, url: null, format: null, confirmed: state.confirmed ?? true,
  confirmationExpired: state.confirmationExpired ?? false, enabled: state.enabled ?? true, createdAt: "2026-11-26T03:00:00.000Z",
});
const preferences = { reminderOffsets: [90, 30, 7, 1], deliveryModes: { expiry: "immediate" as const }, enabledKinds: ["expiry"], currency: "USD", renewalChangePercent: 10, renewalUndercut: "2.00" };
const overview = (channels: ReturnType<typeof email>[]) => trpcOk("notifications.overview", { emailAvailable: true, channels, preferences });

describe("E-mail section", () => {
  it("shows each address's confirmation state and offers a test only to a confirmed address that is on", async () => {
    server.use(overview([
      email(1, "on@example.com"), email(2, "waiting@example.com", { confirmed: false }),
      email(3, "stale@example.com", { confirmed: false, confirmationExpired: true }), email(4, "off@example.com", { enabled: false }),
    ]));
    renderUi(<EmailChannels emailAvailable />);
    const list = within(await screen.findByRole("list", { name: "Your e-mail addresses" }));
    const item = (address: string) => within(list.getByText(address).closest("li")!);
    expect(item("on@example.com").getByText("Confirmed")).toBeTruthy();
    expect(item("waiting@example.com").getByText("Waiting for confirmation")).toBeTruthy();
    expect(item("stale@example.com").getByText("Link expired")).toBeTruthy();
    expect(item("off@example.com").getByText("Off")).toBeTruthy();
    expect(list.getAllByRole("button", { name: /^Send a test/ }).map((b) => b.getAttribute("aria-label"))).toEqual(["Send a test to on@example.com"]);
    expect(list.getAllByRole("button", { name: "Resend confirmation" })).toHaveLength(2);
  });

  it("adds an address and says a confirmation mail went out; the server's refusal lands on the form", async () => {
    const calls: unknown[] = [];
    server.use(overview([]), mutationOk("notifications.addEmail", email(5, "new@example.com", { confirmed: false }), calls));
    const user = userEvent.setup();
    renderUi(<EmailChannels emailAvailable />);
    await user.type(await screen.findByLabelText("Add an address"), "New@Example.com");
    await user.click(screen.getByRole("button", { name: "Add address" }));
    expect((await findToast("Confirmation mail sent")).textContent).toContain("New@Example.com");
    expect(calls).toEqual([{ email: "new@example.com" }]);
    server.use(mutationError("notifications.addEmail", 409, "taken@example.com is already one of your notification addresses"));
    await user.type(screen.getByLabelText("Add an address"), "taken@example.com");
    await user.click(screen.getByRole("button", { name: "Add address" }));
    expect(await screen.findByText("taken@example.com is already one of your notification addresses")).toBeTruthy();
  });

  it("says when a resend or a test is over its limit, in the server's words", async () => {
    server.use(overview([email(1, "on@example.com"), email(2, "waiting@example.com", { confirmed: false })]),
      mutationError("notifications.resendConfirmation", 429, "A new confirmation mail can go to waiting@example.com 2 times an hour at most; try again in 41 minutes"),
      mutationError("notifications.sendTest", 429, "A channel can be sent 5 test messages an hour at most; try again in 12 minutes"));
    const user = userEvent.setup();
    renderUi(<EmailChannels emailAvailable />);
    await user.click(await screen.findByRole("button", { name: "Resend confirmation" }));
    expect((await findToast("Error")).textContent).toContain("Could not send the confirmation mail. A new confirmation mail can go to waiting@example.com 2 times an hour at most; try again in 41 minutes");
    await clearToasts();
    await user.click(screen.getByRole("button", { name: "Send a test to on@example.com" }));
    expect((await findToast("Error")).textContent).toContain("Could not send a test. A channel can be sent 5 test messages an hour at most; try again in 12 minutes");
  });

  it("offers no form when the server cannot send e-mail", async () => {
    server.use(overview([]));
    renderUi(<EmailChannels emailAvailable={false} />);
    expect(await screen.findByText("No address yet.")).toBeTruthy();
    expect(screen.queryByLabelText("Add an address")).toBeNull();
  });
});

describe("Expiry reminder settings", () => {
  it("saves the typed days as numbers, largest first, with the delivery and currency chosen", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("prices.currencies", [{ code: "USD", latestRateDate: "2026-11-25" }, { code: "EUR", latestRateDate: "2026-11-25" }]),
      mutationOk("notifications.savePreferences", preferences, calls));
    const user = userEvent.setup();
    renderUi(<ReminderPreferences saved={preferences} />);
    const days = await screen.findByLabelText("Days before expiry");
    await user.clear(days);
    await user.type(days, "7, 60 14");
    await user.selectOptions(screen.getByLabelText("Delivery"), "digest");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await findToast("Settings saved");
    expect(calls).toEqual([{
      reminderOffsets: [60, 14, 7], deliveryModes: expect.objectContaining({ expiry: "digest", account_trouble: "immediate" }), enabledKinds: ["expiry"], currency: "USD",
      renewalChangePercent: 10, renewalUndercut: "2.00",
    }]);
  });

  it("turns registrar account trouble on and off with its own switch, keeping its saved delivery", async () => {
    const calls: unknown[] = [];
    const saved = { ...preferences, deliveryModes: { expiry: "immediate" as const, account_trouble: "digest" as const }, enabledKinds: ["expiry", "account_trouble"] };
    server.use(trpcOk("prices.currencies", []), mutationOk("notifications.savePreferences", saved, calls));
    const user = userEvent.setup();
    renderUi(<ReminderPreferences saved={saved} />);
    await user.click(await screen.findByLabelText("Tell me when a registrar account cannot be synced, and when it works again"));
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await findToast("Settings saved");
    expect(calls).toEqual([{
      reminderOffsets: [90, 30, 7, 1], deliveryModes: expect.objectContaining({ expiry: "immediate", account_trouble: "digest" }), enabledKinds: ["expiry"], currency: "USD",
      renewalChangePercent: 10, renewalUndercut: "2.00",
    }]);
  });

  it("names a day out of range before sending anything", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("prices.currencies", []), mutationOk("notifications.savePreferences", preferences, calls));
    const user = userEvent.setup();
    renderUi(<ReminderPreferences saved={preferences} />);
    const days = await screen.findByLabelText("Days before expiry");
    await user.clear(days);
    await user.type(days, "30, 400");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    const message = await screen.findByText("A reminder can come at most 365 days before expiry");
    // Beside its field, which it describes, not at the foot of the form.
    expect(days.getAttribute("aria-invalid")).toBe("true");
    expect(days.closest("[role=group]")?.contains(message)).toBe(true);
    expect(screen.queryByRole("alert", { name: /365 days/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("saves the renewal price alerts' thresholds beside their switch, and names one out of range before sending anything", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("prices.currencies", []), mutationOk("notifications.savePreferences", preferences, calls));
    const user = userEvent.setup();
    renderUi(<ReminderPreferences saved={preferences} />);
    const percent = await screen.findByLabelText("Renewal change to tell (%)");
    await user.clear(percent);
    await user.type(percent, "0");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("The renewal change to tell is at least 1 %")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(percent);
    await user.type(percent, "15");
    const saving = screen.getByLabelText("Saving elsewhere to tell (a year)");
    await user.clear(saving);
    await user.type(saving, "3.5");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await findToast("Settings saved");
    expect(calls).toEqual([expect.objectContaining({ renewalChangePercent: 15, renewalUndercut: "3.50" })]);
  });
});
