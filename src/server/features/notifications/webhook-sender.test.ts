import { describe, expect, it } from "vitest";
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { loadConfig } from "../../config.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { PermanentDeliveryError, type OutgoingMessage } from "./deps.ts";
import { openWebhookSecret, sealWebhookSecret, webhookSender } from "./webhook-sender.ts";

const cipher = createCredentialCipher("first-app-secret-0123456789abcdefghijklmnop");
const otherCipher = createCredentialCipher("other-app-secret-0123456789abcdefghijklmnop");
const config = loadConfig({ NODE_ENV: "test", APP_SECRET: "first-app-secret-0123456789abcdefghijklmnop" });
const message: OutgoingMessage = {
  id: "notification-1", type: "test", title: "Test", text: "Hello", html: "<p>Hello</p>", createdAt: "2026-11-26T00:00:00.000Z", data: {},
};
const row = (over: Partial<ChannelRow>): ChannelRow => ({
  id: 1, userId: 1, kind: "webhook", email: null, confirmedAt: null, confirmExpiresAt: null, url: "https://hooks.example.com/in",
  format: "slack", target: null, secret: null, disabledAt: null, unsubscribeGeneration: 0, createdAt: new Date(), ...over,
});
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: unknown) => e as Error);

describe("webhook signing secrets at rest", () => {
  it("are stored encrypted under the server's key and read back only with it", () => {
    const stored = sealWebhookSecret(cipher, "whsec_abc");
    expect(stored).not.toContain("whsec_abc");
    expect(stored.startsWith(`${cipher.keyId}:`)).toBe(true);
    expect(openWebhookSecret(cipher, stored)).toBe("whsec_abc");
    expect(() => openWebhookSecret(otherCipher, stored)).toThrow();
  });
});

describe("webhookSender", () => {
  it("fails for good, with the reason, when the host now resolves to a refused address", async () => {
    const send = webhookSender(config, cipher, { resolve: async () => [{ address: "10.0.0.5", family: 4 }] });
    const error = await failure(send(row({}), message, new AbortController().signal));
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect(error.message).toBe("Webhook address resolves to a private network address; this server does not send to private addresses unless its operator allows that address and port");
  });

  it("fails for good when a generic webhook's secret was sealed under another APP_SECRET", async () => {
    const send = webhookSender(config, cipher, { resolve: async () => [{ address: "93.184.215.14", family: 4 }] });
    const error = await failure(send(row({ format: "generic", secret: sealWebhookSecret(otherCipher, "whsec_x") }), message, new AbortController().signal));
    expect(error).toBeInstanceOf(PermanentDeliveryError);
    expect(error.message).toBe("The webhook's signing secret cannot be read (it was saved under a different APP_SECRET); remove the webhook and add it again");
  });

  it("leaves a network failure retryable (not a PermanentDeliveryError)", async () => {
    const send = webhookSender(config, cipher, { resolve: async () => { throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" }); } });
    const error = await failure(send(row({}), message, new AbortController().signal));
    expect(error).not.toBeInstanceOf(PermanentDeliveryError);
    expect(error.message).toBe("Could not reach the webhook: the address hooks.example.com was not found (DNS)");
  });
});
