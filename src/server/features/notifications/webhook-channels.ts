/**
 * Adding a webhook channel. The URL is checked as sending would check it (scheme, and every
 * address its host resolves to against WEBHOOK_ALLOW_PRIVATE) so a refused address is said at
 * once, not at the first delivery. A generic webhook gets a new signing secret, returned in clear
 * in this one answer and stored encrypted (webhook-sender.ts); the other formats sign nothing,
 * their URL being the service's own credential.
 */
import { insertChannelWithinLimit } from "../../../../db/repositories/notification-channel-repository.ts";
import { MAX_CHANNELS } from "../../../shared/schemas/notifications.ts";
import type { WebhookChannelInput } from "../../../shared/schemas/webhook-channel.ts";
import { checkWebhookUrl, WebhookError } from "../../integrations/webhooks/send.ts";
import { generateSigningSecret } from "../../integrations/webhooks/signature.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import { AppError, badRequest, conflict, type FieldIssue } from "../../lib/errors.ts";
import { toChannelItem, type ChannelItem, type NotificationCtx } from "./service.ts";
import { sealWebhookSecret, webhookSendOptions } from "./webhook-sender.ts";

export interface AddedWebhook {
  channel: ChannelItem;
  /** The signing secret of a generic webhook, shown this once; null for the other formats. */
  secret: string | null;
}

const urlIssue = (message: string): FieldIssue[] => [{ field: "url", message }];

export async function addWebhookChannel(
  ctx: NotificationCtx & { cipher: CredentialCipher }, userId: number, input: { url: string; format: WebhookChannelInput["format"] },
): Promise<AddedWebhook> {
  let url: URL;
  try {
    url = await checkWebhookUrl(input.url, webhookSendOptions(ctx.config));
  } catch (error) {
    if (error instanceof WebhookError) throw badRequest(error.message, urlIssue(error.message));
    throw error;
  }
  const secret = input.format === "generic" ? generateSigningSecret() : null;
  const channel = await insertChannelWithinLimit(ctx.db, {
    kind: "webhook", userId, url: url.href, format: input.format, secret: secret === null ? null : sealWebhookSecret(ctx.cipher, secret),
  }, MAX_CHANNELS);
  if (channel === "duplicate") throw new AppError(409, "This webhook URL is already one of your channels", urlIssue("This webhook URL is already one of your channels"));
  if (channel === "limit") throw conflict(`You can have at most ${MAX_CHANNELS} notification channels; remove one first`);
  return { channel: toChannelItem(channel), secret };
}
