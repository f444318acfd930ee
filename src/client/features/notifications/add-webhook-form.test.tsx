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

  it("adds a Telegram bot with its token and chat id, each with its help, and sends only those fields", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", { channel: { ...channel(6, "telegram", ""), url: null, target: "424242" }, secret: null }, calls));
    const user = userEvent.setup();
    renderUi(<AddWebhookForm />);
    await user.selectOptions(await screen.findByLabelText("Format"), "telegram");
    expect(screen.queryByLabelText("Webhook URL")).toBeNull();
    expect(screen.getByText(/Send \/newbot to @BotFather/)).toBeTruthy();
    expect(screen.getByText(/its chat id is in https:\/\/api.telegram.org/)).toBeTruthy();
    const token = screen.getByLabelText<HTMLInputElement>("Bot token");
    expect(token.type).toBe("password");
    await user.type(token, "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw");
    await user.type(screen.getByLabelText("Chat id"), "424242");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    await vi.waitFor(() => expect(calls).toEqual([{ format: "telegram", botToken: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", chatId: "424242" }]));
    // No secret to show, the fields are cleared, and the format stays for the next chat.
    expect(screen.queryByLabelText("Signing secret")).toBeNull();
    await vi.waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Bot token").value).toBe(""));
    expect(screen.getByLabelText<HTMLSelectElement>("Format").value).toBe("telegram");
  });

  it("says what is wrong with a malformed bot token or room id before calling the server", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", {}, calls));
    const user = userEvent.setup();
    renderUi(<AddWebhookForm />);
    await user.selectOptions(await screen.findByLabelText("Format"), "telegram");
    await user.type(screen.getByLabelText("Bot token"), "12345");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByText(/This is not a Telegram bot token/)).toBeTruthy();
    expect(screen.getByText(/Enter the chat id/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Format"), "matrix");
    expect(screen.getByLabelText("Homeserver URL")).toBeTruthy();
    await user.type(screen.getByLabelText("Homeserver URL"), "https://matrix.example.org");
    await user.type(screen.getByLabelText("Room id"), "#general:matrix.example.org");
    await user.type(screen.getByLabelText("Access token"), "syt_abc");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByText(/a #alias is not a room id/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("adds an Apprise API with a configuration key, and Pushover with its application token and user key", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("notifications.addWebhook", { channel: channel(7, "apprise", "https://apprise.example.com/"), secret: null }, calls));
    const user = userEvent.setup();
    renderUi(<AddWebhookForm />);
    await user.selectOptions(await screen.findByLabelText("Format"), "apprise");
    await user.type(screen.getByLabelText("Apprise API URL"), "https://apprise.example.com");
    await user.type(screen.getByLabelText("Configuration key"), "tldscope");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    await vi.waitFor(() => expect(calls).toEqual([{ format: "apprise", url: "https://apprise.example.com", key: "tldscope" }]));

    await user.selectOptions(screen.getByLabelText("Format"), "pushover");
    expect(screen.getByText(/Create an Application/)).toBeTruthy();
    await user.type(screen.getByLabelText("Application token"), "azGDORePK8gMaC0QOYAMyEEuzJnyUi");
    await user.type(screen.getByLabelText("User key"), "uQiRzpo4DXghDmr9QzzfQu27cmVRsG");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    await vi.waitFor(() => expect(calls[1]).toEqual({ format: "pushover", appToken: "azGDORePK8gMaC0QOYAMyEEuzJnyUi", userKey: "uQiRzpo4DXghDmr9QzzfQu27cmVRsG" }));
  });
});
