/**
 * Adding a webhook channel. A URL the user gives (a webhook's, or the server of a Gotify, Matrix
 * or Apprise channel) is checked as sending would check it (scheme, and every address its host
 * resolves to against WEBHOOK_ALLOW_PRIVATE) so a refused address is said at once, not at the
 * first delivery. A generic webhook gets a new signing secret, returned in clear in this one
 * answer and stored encrypted (webhook-sender.ts); a chat or push service's credentials (a bot
 * token, an access token…) are stored encrypted the same way and never returned; the other
 * formats sign nothing, their URL being the service's own credential.
 */
import { insertChannelWithinLimit } from "../../../../db/repositories/notification-channel-repository.ts";
import { MAX_CHANNELS } from "../../../shared/schemas/notifications.ts";
import { WEBHOOK_FORMAT_FIELDS, type WebhookChannelFields, type WebhookChannelFormat } from "../../../shared/schemas/webhook-channel.ts";
import { checkWebhookUrl, WebhookError } from "../../integrations/webhooks/send.ts";
import { isServiceFormat, type ServiceCredentials } from "../../integrations/webhooks/services.ts";
import { generateSigningSecret } from "../../integrations/webhooks/signature.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import { AppError, badRequest, conflict, type FieldIssue } from "../../lib/errors.ts";
import { toChannelItem, type ChannelItem, type NotificationCtx } from "./service.ts";
import { sealServiceCredentials, sealWebhookSecret, webhookSendOptions } from "./webhook-sender.ts";

export interface AddedWebhook {
  channel: ChannelItem;
  /** The signing secret of a generic webhook, shown this once; null for the other formats. */
  secret: string | null;
}

const issue = (field: string, message: string): FieldIssue[] => [{ field, message }];

/** What identifies the receiver besides the URL, and which field a duplicate is blamed on. */
function placeOf(input: WebhookChannelFields): { target: string | null; field: string; duplicate: string } {
  switch (input.format) {
    case "telegram": return { target: input.chatId, field: "chatId", duplicate: `Telegram chat ${input.chatId} is already one of your channels` };
    case "pushover": return { target: `…${input.userKey.slice(-4)}`, field: "userKey", duplicate: "This Pushover user key is already one of your channels" };
    case "matrix": return { target: input.roomId, field: "roomId", duplicate: `Matrix room ${input.roomId} on this homeserver is already one of your channels` };
    case "apprise": return input.key
      ? { target: input.key, field: "key", duplicate: `Apprise configuration ${input.key} on this server is already one of your channels` }
      : { target: null, field: "url", duplicate: "This Apprise API is already one of your channels with its own URLs; add the new URLs to that channel's list instead" };
    case "gotify": return { target: null, field: "url", duplicate: "This Gotify server is already one of your channels" };
    default: return { target: null, field: "url", duplicate: "This webhook URL is already one of your channels" };
  }
}

/** The credentials a service format keeps encrypted, from the fields it asks for. */
function credentialsOf(input: WebhookChannelFields): ServiceCredentials {
  const wanted = WEBHOOK_FORMAT_FIELDS[input.format] as readonly string[];
  const credentials: ServiceCredentials = {};
  for (const name of ["botToken", "appToken", "userKey", "accessToken", "urls"] as const) {
    if (wanted.includes(name) && input[name]) credentials[name] = input[name];
  }
  return credentials;
}

const usesUrl = (format: WebhookChannelFormat) => (WEBHOOK_FORMAT_FIELDS[format] as readonly string[]).includes("url");

export async function addWebhookChannel(
  ctx: NotificationCtx & { cipher: CredentialCipher }, userId: number, input: WebhookChannelFields,
): Promise<AddedWebhook> {
  let url: URL | null = null;
  if (usesUrl(input.format)) {
    try {
      url = await checkWebhookUrl(input.url, webhookSendOptions(ctx.config));
    } catch (error) {
      if (error instanceof WebhookError) throw badRequest(error.message, issue("url", error.message));
      throw error;
    }
  }
  const place = placeOf(input);
  const secret = input.format === "generic" ? generateSigningSecret() : null;
  const sealed = secret !== null ? sealWebhookSecret(ctx.cipher, secret)
    : isServiceFormat(input.format) ? sealServiceCredentials(ctx.cipher, credentialsOf(input))
    : null;
  const channel = await insertChannelWithinLimit(ctx.db, {
    kind: "webhook", userId, url: url?.href ?? null, format: input.format, target: place.target, secret: sealed,
  }, MAX_CHANNELS);
  if (channel === "duplicate") throw new AppError(409, place.duplicate, issue(place.field, place.duplicate));
  if (channel === "limit") throw conflict(`You can have at most ${MAX_CHANNELS} notification channels; remove one first`);
  return { channel: toChannelItem(channel), secret };
}
