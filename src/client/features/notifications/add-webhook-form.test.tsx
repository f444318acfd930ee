// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk } from "../../testing/trpc-msw.ts";
import { AddWebhookForm } from "./add-webhook-form.tsx";

useMsw();
afterEach(clearToasts);

const SECRET = "whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const channel = (id: number, format: string, url: string) => ({
  id, kind: "webhook", email: null, url, format, confirmed: true, confirmationExpired: false, enabled: true, createdAt: "2026-11-26T03:00:00.000Z",
});

describe("Add webhook form", () => {
  it("adds a generic webhook and shows its signing secret once, with a copy button", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", { channel: channel(4, "generic", "https://hooks.example.com/tld"), secret: SECRET }, calls));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    renderUi(<AddWebhookForm />);
    await user.type(await screen.findByLabelText("Webhook URL"), " https://hooks.example.com/tld ");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    const input = await screen.findByLabelText<HTMLInputElement>("Signing secret");
    expect(calls).toEqual([{ url: "https://hooks.example.com/tld", format: "generic" }]);
    expect(input.value).toBe(SECRET);
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy signing secret" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole("link", { name: "API reference" }).getAttribute("href")).toBe("/api/reference#webhooks");
    expect(screen.getByLabelText<HTMLInputElement>("Webhook URL").value).toBe("");
  });

  it("adds a Slack webhook, which has no secret to show, with the format's own help", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", { channel: channel(5, "slack", "https://hooks.slack.com/services/T/B/x"), secret: null }, calls));
    const user = userEvent.setup();
    renderUi(<AddWebhookForm />);
    await user.selectOptions(await screen.findByLabelText("Format"), "slack");
    expect(screen.getByText(/incoming webhook URL of your Slack app/)).toBeTruthy();
    await user.type(screen.getByLabelText("Webhook URL"), "https://hooks.slack.com/services/T/B/x");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    await vi.waitFor(() => expect(calls).toEqual([{ url: "https://hooks.slack.com/services/T/B/x", format: "slack" }]));
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
  });

  it("asks for a URL before calling the server, and shows the server's refusal on the URL field", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", {}, calls));
    const user = userEvent.setup();
    renderUi(<AddWebhookForm />);
    await user.click(await screen.findByRole("button", { name: "Add webhook" }));
    expect(await screen.findByText("Enter the webhook's URL")).toBeTruthy();
    expect(calls).toEqual([]);
    const refusal = "Webhook address is a private network address (10.0.0.5); this server does not send to private addresses";
    server.use(mutationError("notifications.addWebhook", 400, refusal, [{ field: "url", message: refusal }]));
    await user.type(screen.getByLabelText("Webhook URL"), "https://10.0.0.5/hook");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    const form = within(screen.getByRole("form", { name: "Add webhook" }));
    expect(await form.findByText(refusal)).toBeTruthy();
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
  });
});
