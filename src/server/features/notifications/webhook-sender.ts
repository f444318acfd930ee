/**
 * The webhook channel's sender for the delivery jobs (deps.ts ChannelSender), and how a webhook's
 * signing secret is kept. The secret must be readable by the server, which signs with it, so it
 * cannot be stored as a hash: it is stored encrypted with the registrar-credentials key derived
 * from APP_SECRET (lib/credential-cipher.ts, AES-256-GCM), as "<key id>:<ciphertext>", and is
 * shown in clear once, when the webhook is added. The credentials of the chat and push service
 * formats (a bot token, an access token, Apprise URLs) are kept the same way, in the same column,
 * and are never shown again.
 */
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { webhookPolicy, type Config } from "../../config.ts";
import { isUrlFormat, type WebhookMessage } from "../../integrations/webhooks/formats.ts";
import { sendServiceRequest, sendWebhook, WebhookError, type WebhookSendOptions } from "../../integrations/webhooks/send.ts";
import { isServiceFormat, serviceRequest, type ServiceCredentials, type ServiceEndpoints } from "../../integrations/webhooks/services.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import { PermanentDeliveryError, type ChannelSender, type OutgoingMessage } from "./deps.ts";

interface SealedSecret {
  webhookSigningSecret: string;
}
interface SealedCredentials {
  serviceCredentials: ServiceCredentials;
}

/** A chat or push service channel's credentials as stored in notification_channels.secret. */
export function sealServiceCredentials(cipher: CredentialCipher, credentials: ServiceCredentials): string {
  const { ciphertext, keyId } = cipher.encrypt({ serviceCredentials: credentials } satisfies SealedCredentials);
  return `${keyId}:${ciphertext}`;
}

/** The credentials in clear; throws when they cannot be read. */
export function openServiceCredentials(cipher: CredentialCipher, stored: string): ServiceCredentials {
  const cut = stored.indexOf(":");
  const sealed = cipher.decrypt<SealedCredentials>(stored.slice(cut + 1), cut > 0 ? stored.slice(0, cut) : null);
  if (!sealed?.serviceCredentials || typeof sealed.serviceCredentials !== "object") throw new Error("The stored credentials are not readable");
  return sealed.serviceCredentials;
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

/** How this server sends webhooks, from its configuration. */
export const webhookSendOptions = (config: Config): WebhookSendOptions => ({
  policy: webhookPolicy(config), timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
});

/** The page a notification is about, when its planner gave one (payload `url`, an absolute http(s) link). */
function linkOf(message: OutgoingMessage): string | undefined {
  const url = message.data.url;
  return typeof url === "string" && /^https?:\/\//.test(url) ? url : undefined;
}

const toWebhookMessage = (message: OutgoingMessage): WebhookMessage => ({
  id: message.id, type: message.type, title: message.title, text: message.text, url: linkOf(message), createdAt: message.createdAt, data: message.data,
});

/** Where the configured services are (TELEGRAM_API_URL, PUSHOVER_API_URL). */
export const serviceEndpoints = (config: Config): ServiceEndpoints => ({ telegram: config.TELEGRAM_API_URL, pushover: config.PUSHOVER_API_URL });

/**
 * Sends over one webhook channel. A refused address, a redirect or a 4xx answer cannot get better
 * by waiting: those fail the delivery for good (PermanentDeliveryError); timeouts, network failures,
 * 408, 429 and 5xx are retried by the delivery job.
 */
export function webhookSender(config: Config, cipher: CredentialCipher, options: Partial<WebhookSendOptions> = {}): ChannelSender {
  return async (channel: ChannelRow, message: OutgoingMessage, signal: AbortSignal) => {
    if (isServiceFormat(channel.format)) return sendToService(config, cipher, channel, message, { ...options, signal });
    if (!channel.url || !isUrlFormat(channel.format)) throw new PermanentDeliveryError("The webhook has no URL or an unknown format");
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

/** A chat or push service channel: its credentials opened, its request built and sent, failures classified as for webhooks. */
async function sendToService(
  config: Config, cipher: CredentialCipher, channel: ChannelRow, message: OutgoingMessage, options: Partial<WebhookSendOptions>,
): Promise<void> {
  if (!isServiceFormat(channel.format)) throw new PermanentDeliveryError("The channel has an unknown format");
  if (!channel.secret) throw new PermanentDeliveryError("The channel has no stored credentials; remove it and add it again");
  let credentials: ServiceCredentials;
  try {
    credentials = openServiceCredentials(cipher, channel.secret);
  } catch {
    throw new PermanentDeliveryError("The channel's credentials cannot be read (they were saved under a different APP_SECRET); remove the channel and add it again");
  }
  let request;
  try {
    request = serviceRequest({ id: channel.id, format: channel.format, url: channel.url, target: channel.target, credentials }, toWebhookMessage(message), serviceEndpoints(config));
  } catch (error) {
    throw new PermanentDeliveryError(error instanceof Error ? error.message : String(error));
  }
  try {
    await sendServiceRequest(request, { ...webhookSendOptions(config), ...options });
  } catch (error) {
    if (error instanceof WebhookError && !error.retryable) throw new PermanentDeliveryError(error.message);
    throw error;
  }
}
