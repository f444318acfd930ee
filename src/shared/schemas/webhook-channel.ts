import { z } from "zod";
import { hasNoControlCharacters, noControlCharactersMessage } from "./plain-text.ts";

/** Webhook formats: this product's signed JSON, or a service's own incoming-webhook payload. */
export const WEBHOOK_CHANNEL_FORMATS = ["generic", "ntfy", "slack", "discord"] as const;
export type WebhookChannelFormat = (typeof WEBHOOK_CHANNEL_FORMATS)[number];

export const WEBHOOK_FORMAT_LABELS: Record<WebhookChannelFormat, string> = {
  generic: "Generic JSON (signed)",
  ntfy: "ntfy topic",
  slack: "Slack incoming webhook",
  discord: "Discord webhook",
};

/** Body of POST /api/notifications/webhooks and notifications.addWebhook. */
export const webhookChannelSchema = z.object({
  url: z
    .string({ error: "Enter the webhook's URL" })
    .trim()
    .min(1, "Enter the webhook's URL")
    .max(2048, "A webhook URL has at most 2048 characters")
    // A URL parser drops tabs and line breaks silently; refuse them rather than store something else.
    .refine(hasNoControlCharacters, noControlCharactersMessage("A webhook URL")),
  format: z.enum(WEBHOOK_CHANNEL_FORMATS, { error: "Format is one of: generic, ntfy, slack, discord" }),
});
export type WebhookChannelInput = z.input<typeof webhookChannelSchema>;
