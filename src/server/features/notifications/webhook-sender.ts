/**
 * The webhook channel's sender for the delivery jobs (deps.ts ChannelSender), and how a webhook's
 * signing secret is kept. The secret must be readable by the server, which signs with it, so it
 * cannot be stored as a hash: it is stored encrypted with the registrar-credentials key derived
 * from APP_SECRET (lib/credential-cipher.ts, AES-256-GCM), as "<key id>:<ciphertext>", and is
 * shown in clear once, when the webhook is added.
 */
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { webhookPolicy, type Config } from "../../config.ts";
import { WEBHOOK_FORMATS, type WebhookFormat, type WebhookMessage } from "../../integrations/webhooks/formats.ts";
import { sendWebhook, WebhookError, type WebhookSendOptions } from "../../integrations/webhooks/send.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import { PermanentDeliveryError, type ChannelSender, type OutgoingMessage } from "./deps.ts";

interface SealedSecret {
  webhookSigningSecret: string;
}

/** The signing secret as stored in notification_channels.secret. */
export function sealWebhookSecret(cipher: CredentialCipher, secret: string): string {
  const { ciphertext, keyId } = cipher.encrypt({ webhookSigningSecret: secret } satisfies SealedSecret);
  return `${keyId}:${ciphertext}`;
}

/** The signing secret in clear; throws (with a sentence saying what to do) when it cannot be read. */
export function openWebhookSecret(cipher: CredentialCipher, stored: string): string {
  const cut = stored.indexOf(":");
  const sealed = cipher.decrypt<SealedSecret>(stored.slice(cut + 1), cut > 0 ? stored.slice(0, cut) : null);
  if (typeof sealed?.webhookSigningSecret !== "string") throw new Error("The stored webhook secret is not one");
  return sealed.webhookSigningSecret;
}

const isWebhookFormat = (value: string | null): value is WebhookFormat => WEBHOOK_FORMATS.includes(value as WebhookFormat);

/** How this server sends webhooks, from its configuration. */
export const webhookSendOptions = (config: Config): WebhookSendOptions => ({
  policy: webhookPolicy(config), timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
});

const toWebhookMessage = (message: OutgoingMessage): WebhookMessage => ({
  id: message.id, type: message.type, title: message.title, text: message.text, createdAt: message.createdAt, data: message.data,
});

/**
 * Sends over one webhook channel. A refused address, a redirect or a 4xx answer cannot get better
 * by waiting: those fail the delivery for good (PermanentDeliveryError); timeouts, network failures,
 * 408, 429 and 5xx are retried by the delivery job.
 */
export function webhookSender(config: Config, cipher: CredentialCipher, options: Partial<WebhookSendOptions> = {}): ChannelSender {
  return async (channel: ChannelRow, message: OutgoingMessage, signal: AbortSignal) => {
    if (!channel.url || !isWebhookFormat(channel.format)) throw new PermanentDeliveryError("The webhook has no URL or an unknown format");
    let secret: string | null = null;
    if (channel.format === "generic") {
      if (!channel.secret) throw new PermanentDeliveryError("The webhook has no signing secret; remove it and add it again");
      try {
        secret = openWebhookSecret(cipher, channel.secret);
      } catch {
        // The cipher's own words are about registrar accounts; this is what the webhook's owner can do.
        throw new PermanentDeliveryError("The webhook's signing secret cannot be read (it was saved under a different APP_SECRET); remove the webhook and add it again");
      }
    }
    try {
      await sendWebhook({ url: channel.url, format: channel.format, secret }, toWebhookMessage(message), { ...webhookSendOptions(config), ...options, signal });
    } catch (error) {
      if (error instanceof WebhookError && !error.retryable) throw new PermanentDeliveryError(error.message);
      throw error;
    }
  };
}
