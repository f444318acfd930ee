import { z } from "zod";
import { hasNoControlCharacters, noControlCharactersMessage } from "./plain-text.ts";

/**
 * Webhook formats: this product's signed JSON, a service's own incoming-webhook payload (ntfy,
 * Slack, Discord, Microsoft Teams, Google Chat), or a chat or push service's API reached with the
 * user's credentials (Telegram, Pushover, Gotify, Matrix, Apprise API).
 */
export const WEBHOOK_CHANNEL_FORMATS = [
  "generic", "ntfy", "slack", "discord", "teams", "google_chat", "telegram", "pushover", "gotify", "matrix", "apprise",
] as const;
export type WebhookChannelFormat = (typeof WEBHOOK_CHANNEL_FORMATS)[number];

export const WEBHOOK_FORMAT_LABELS: Record<WebhookChannelFormat, string> = {
  generic: "Generic JSON (signed)",
  ntfy: "ntfy topic",
  slack: "Slack incoming webhook",
  discord: "Discord webhook",
  teams: "Microsoft Teams webhook",
  google_chat: "Google Chat webhook",
  telegram: "Telegram bot",
  pushover: "Pushover",
  gotify: "Gotify server",
  matrix: "Matrix room",
  apprise: "Apprise API",
};

/** The fields each format asks for besides `format`; anything else given is ignored. */
export const WEBHOOK_FORMAT_FIELDS = {
  generic: ["url"], ntfy: ["url"], slack: ["url"], discord: ["url"], teams: ["url"], google_chat: ["url"],
  telegram: ["botToken", "chatId"],
  pushover: ["appToken", "userKey"],
  gotify: ["url", "appToken"],
  matrix: ["url", "roomId", "accessToken"],
  apprise: ["url", "key", "urls"],
} as const satisfies Record<WebhookChannelFormat, readonly string[]>;

/** Credentials a format sends and the server keeps encrypted; never shown again after adding. */
export const SECRET_FIELDS = ["botToken", "appToken", "userKey", "accessToken", "urls"] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

const TELEGRAM_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,64}$/;
const TELEGRAM_CHAT = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
const PUSHOVER_KEY = /^[A-Za-z0-9]{30}$/;
const GOTIFY_TOKEN = /^[A-Za-z0-9._-]{1,128}$/;
const MATRIX_ROOM = /^![^\s:/]{1,200}:[A-Za-z0-9.:[\]-]{1,255}$/;
const MATRIX_TOKEN = /^[\x21-\x7e]{1,1024}$/;
const APPRISE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

const MESSAGES = {
  url: "Enter the webhook's URL",
  botToken: "Enter the bot token BotFather gave you (like 123456789:AA…)",
  chatId: "Enter the chat id (a number like 123456789 or -1001234567890) or a public channel's @name",
  appToken: "Enter the application token",
  userKey: "Enter your Pushover user or group key",
  roomId: "Enter the room id (it starts with ! and has the server after a colon, like !abc123:matrix.org)",
  accessToken: "Enter the access token",
  keyOrUrls: "Enter the Apprise configuration key, or the Apprise URLs to notify",
} as const;

/** A field given as text, blank when left out (a form sends every field, empty or not). */
const field = (max: number, what: string) => z
  .string({ error: `${what} must be text` })
  .trim()
  .max(max, `${what} has at most ${max} characters`)
  .refine(hasNoControlCharacters, noControlCharactersMessage(what))
  .optional()
  .transform((value) => value ?? "");

/**
 * Body of POST /api/notifications/webhooks and notifications.addWebhook: `format` and the fields
 * that format asks for (WEBHOOK_FORMAT_FIELDS). `{ url, format }` is what the first four formats
 * took and still take.
 */
export const webhookChannelSchema = z.object({
  format: z.enum(WEBHOOK_CHANNEL_FORMATS, { error: `Format is one of: ${WEBHOOK_CHANNEL_FORMATS.join(", ")}` }),
  url: field(2048, "A webhook URL"),
  botToken: field(100, "The bot token"),
  chatId: field(40, "The chat id"),
  appToken: field(128, "The application token"),
  userKey: field(40, "The user key"),
  roomId: field(512, "The room id"),
  accessToken: field(1024, "The access token"),
  key: field(128, "The configuration key"),
  urls: field(4000, "The Apprise URLs"),
}).superRefine((input, ctx) => {
  const wants = (name: string) => (WEBHOOK_FORMAT_FIELDS[input.format] as readonly string[]).includes(name);
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const check = (name: keyof typeof input, pattern: RegExp, missing: string, wrong: string) => {
    if (!wants(name)) return;
    const value = input[name];
    if (!value) issue(name, missing);
    else if (!pattern.test(value)) issue(name, wrong);
  };
  if (wants("url") && !input.url) issue("url", input.format === "apprise" ? "Enter the Apprise API's URL" : MESSAGES.url);
  check("botToken", TELEGRAM_TOKEN, MESSAGES.botToken, "This is not a Telegram bot token: it looks like 123456789:AA… (digits, a colon, then at least 30 letters, digits, - or _)");
  check("chatId", TELEGRAM_CHAT, MESSAGES.chatId, "A chat id is a number (like 123456789, or -1001234567890 for a group) or a public channel's @name");
  if (input.format === "pushover") {
    check("appToken", PUSHOVER_KEY, MESSAGES.appToken, "A Pushover application token is 30 letters and digits");
    check("userKey", PUSHOVER_KEY, MESSAGES.userKey, "A Pushover user or group key is 30 letters and digits");
  }
  if (input.format === "gotify") check("appToken", GOTIFY_TOKEN, MESSAGES.appToken, "A Gotify application token is letters, digits, '.', '-' and '_' only");
  check("roomId", MATRIX_ROOM, MESSAGES.roomId, "A Matrix room id starts with ! and names its server after a colon, like !abc123:matrix.org (a #alias is not a room id)");
  check("accessToken", MATRIX_TOKEN, MESSAGES.accessToken, "An access token is one word of printable characters");
  if (input.format === "apprise") {
    if (!input.key && !input.urls) issue("key", MESSAGES.keyOrUrls);
    else if (input.key && input.urls) issue("key", "Give either a configuration key or Apprise URLs, not both");
    else if (input.key && !APPRISE_KEY.test(input.key)) issue("key", "A configuration key is letters, digits, '-' and '_' only");
  }
});
export type WebhookChannelInput = z.input<typeof webhookChannelSchema>;
export type WebhookChannelFields = z.output<typeof webhookChannelSchema>;

/** Whether `format` reaches a service's API with stored credentials, rather than posting to a URL that is its own credential. */
export const formatHasCredentials = (format: WebhookChannelFormat) =>
  (WEBHOOK_FORMAT_FIELDS[format] as readonly string[]).some((name) => (SECRET_FIELDS as readonly string[]).includes(name));

/**
 * A channel's URL as answers show it: its scheme, host and port, with "…" for the rest (path,
 * query, fragment), never a user name or password. Slack, Discord, Teams and Google Chat keep
 * their token in the path or the query, and an ntfy topic's name is its password; the server
 * keeps the whole URL to send to. Null for a channel without a URL.
 */
export function shownChannelUrl(url: string | null): string | null {
  const parsed = parsedUrl(url);
  if (!parsed) return null;
  const rest = parsed.pathname !== "/" || parsed.search !== "" || parsed.hash !== "";
  return `${parsed.origin}/${rest ? "…" : ""}`;
}

/** The host (and port, when it is not the scheme's own) a channel's URL points at, or null. */
export const channelUrlHost = (url: string | null): string | null => parsedUrl(url)?.host ?? null;

function parsedUrl(url: string | null): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? null : parsed;
  } catch {
    return null;
  }
}
