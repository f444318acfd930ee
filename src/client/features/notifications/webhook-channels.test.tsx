// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { WebhookChannels } from "./webhook-channels.tsx";

useMsw();
afterEach(clearToasts);

const channel = (id: number, kind: string, format: string | null, url: string | null, enabled = true, target: string | null = null) => ({
  id, kind, email: kind === "email" ? "ann@example.com" : null, url, format, target, confirmed: true, confirmationExpired: false, enabled,
  createdAt: "2026-11-26T03:00:00.000Z",
});
const overview = (channels: ReturnType<typeof channel>[]) => trpcOk("notifications.overview", {
  emailAvailable: true, channels, preferences: { reminderOffsets: [30], deliveryModes: { expiry: "immediate" }, enabledKinds: ["expiry"], currency: "USD" },
});

describe("Webhooks section", () => {
  it("lists only webhooks, by format and host, never the token in their URL", async () => {
    server.use(overview([
      channel(1, "email", null, null),
      channel(2, "webhook", "slack", "https://hooks.slack.com/services/T0/B0/secret-token"),
      channel(3, "webhook", "ntfy", "https://ntfy.sh/my-private-topic", false),
    ]));
    renderUi(<WebhookChannels />);
    const list = within(await screen.findByRole("list", { name: "Your webhooks" }));
    expect(list.getAllByRole("listitem")).toHaveLength(2);
    expect(list.getByText("Slack incoming webhook")).toBeTruthy();
    expect(list.getByText("hooks.slack.com")).toBeTruthy();
    expect(list.getByText("ntfy.sh")).toBeTruthy();
    expect(document.body.textContent).not.toContain("secret-token");
    expect(document.body.textContent).not.toContain("my-private-topic");
    expect(list.getByText("Off")).toBeTruthy();
    expect(list.getByRole("button", { name: "Send a test to ntfy topic at ntfy.sh" }).hasAttribute("disabled")).toBe(true);
  });

  it("sends a test to one webhook and says where to see how it went; a refusal is reported", async () => {
    const calls: unknown[] = [];
    server.use(overview([channel(2, "webhook", "discord", "https://discord.com/api/webhooks/1/x")]), mutationOk("notifications.sendTest", { deliveryId: 9 }, calls));
    const user = userEvent.setup();
    renderUi(<WebhookChannels />);
    await user.click(await screen.findByRole("button", { name: "Send a test to Discord webhook at discord.com" }));
    expect((await findToast("Test sent")).textContent).toContain("the delivery log says how it went");
    expect(calls).toEqual([{ id: 2 }]);
    server.use(mutationError("notifications.sendTest", 409, "This channel is turned off: turn it on to send a test"));
    await user.click(screen.getByRole("button", { name: "Send a test to Discord webhook at discord.com" }));
    expect((await findToast("Error")).textContent).toContain("Could not send the test. This channel is turned off");
  });

  it("removes a webhook only after confirmation", async () => {
    const calls: unknown[] = [];
    server.use(overview([channel(2, "webhook", "generic", "https://hooks.example.com/in")]), mutationOk("notifications.remove", { removed: true }, calls));
    const user = userEvent.setup();
    renderUi(<WebhookChannels />);
    await user.click(await screen.findByRole("button", { name: "Remove Generic JSON (signed) at hooks.example.com" }));
    let dialog = within(await screen.findByRole("alertdialog", { name: "Remove this webhook?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Remove Generic JSON (signed) at hooks.example.com" }));
    dialog = within(await screen.findByRole("alertdialog", { name: "Remove this webhook?" }));
    server.use(overview([]));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect((await findToast("Success")).textContent).toContain("Webhook removed");
    expect(calls).toEqual([{ id: 2 }]);
    expect(await screen.findByText("No webhooks yet.")).toBeTruthy();
  });

  it("names chat and push channels by their receiver, never a token, and tests and removes them", async () => {
    const calls: unknown[] = [];
    server.use(overview([
      channel(4, "webhook", "telegram", null, true, "424242"),
      channel(5, "webhook", "matrix", "https://matrix.example.org/", true, "!room:matrix.example.org"),
      channel(6, "webhook", "pushover", null, true, "…RsG"),
    ]), mutationOk("notifications.sendTest", { deliveryId: 3 }, calls), mutationOk("notifications.remove", { removed: true }, calls));
    const user = userEvent.setup();
    renderUi(<WebhookChannels />);
    const list = within(await screen.findByRole("list", { name: "Your webhooks" }));
    expect(list.getByText("chat 424242")).toBeTruthy();
    expect(list.getByText("!room:matrix.example.org at matrix.example.org")).toBeTruthy();
    expect(list.getByText("user key …RsG")).toBeTruthy();
    await user.click(list.getByRole("button", { name: "Send a test to Telegram bot chat 424242" }));
    expect((await findToast("Test sent")).textContent).toContain("the delivery log says how it went");
    await user.click(list.getByRole("button", { name: "Remove Matrix room !room:matrix.example.org at matrix.example.org" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Remove this webhook?" }));
    expect(dialog.getByText(/Matrix room !room:matrix.example.org at matrix.example.org will receive nothing more/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls).toEqual([{ id: 4 }, { id: 5 }]));
  });
});
