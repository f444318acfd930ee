/**
 * The request body and headers of one notification in each format posted to a URL the user
 * gave. Generic is this product's own signed JSON; ntfy, Slack, Discord, Microsoft Teams and
 * Google Chat are the payloads those services document for publishing to a topic URL (ntfy) or
 * an incoming-webhook URL. The formats that reach a service's API with stored credentials
 * (Telegram, Pushover, Gotify, Matrix, Apprise) are built in services.ts.
 */
import { WEBHOOK_CHANNEL_FORMATS, type WebhookChannelFormat } from "../../../shared/schemas/webhook-channel.ts";
import { SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER } from "./signature.ts";

export const WEBHOOK_FORMATS = WEBHOOK_CHANNEL_FORMATS;
export type WebhookFormat = WebhookChannelFormat;
/** The formats posted to the user's URL as it is, the URL being the service's own credential. */
export const URL_FORMATS = ["generic", "ntfy", "slack", "discord", "teams", "google_chat"] as const satisfies readonly WebhookFormat[];
export type UrlFormat = (typeof URL_FORMATS)[number];
export const isUrlFormat = (format: string | null): format is UrlFormat => URL_FORMATS.includes(format as UrlFormat);

export interface WebhookMessage {
  /** The notification's stable id: a receiver that sees it twice can drop the repeat. */
  id: string;
  /** What happened, as a dotted name (e.g. "domain.expiring"); "test" for a test message. */
  type: string;
  title: string;
  text: string;
  /** The page about it, when there is one. */
  url?: string | undefined;
  /** When it happened, ISO 8601. */
  createdAt: string;
  /** Facts a program may want beside the words (generic format only). */
  data?: Record<string, unknown> | undefined;
}

export interface WebhookPayload {
  body: string;
  headers: Record<string, string>;
}

export const USER_AGENT = "TLDScope-Webhook/1";

/**
 * The request for `message` in `format`. `secret` signs generic webhooks (required there);
 * `timestamp` (Unix seconds) is the signing time.
 */
export function buildPayload(format: UrlFormat, message: WebhookMessage, secret: string | null, timestamp: number): WebhookPayload {
  switch (format) {
    case "generic": return genericPayload(message, secret, timestamp);
    case "ntfy": return ntfyPayload(message);
    case "slack": return json(slackBody(message));
    case "discord": return json(discordBody(message));
    case "teams": return json(teamsBody(message));
    case "google_chat": return { ...json(googleChatBody(message)), headers: { "content-type": "application/json; charset=UTF-8", "user-agent": USER_AGENT } };
  }
}

function genericPayload(message: WebhookMessage, secret: string | null, timestamp: number): WebhookPayload {
  if (!secret) throw new Error("A generic webhook needs its signing secret");
  const body = JSON.stringify({
    id: message.id, type: message.type, title: message.title, text: message.text,
    url: message.url ?? null, createdAt: message.createdAt, data: message.data ?? {},
  });
  return {
    body,
    headers: {
      "content-type": "application/json", "user-agent": USER_AGENT,
      [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signPayload(secret, timestamp, body),
    },
  };
}

/** ntfy: the message as the text body, its title and tags in headers (docs.ntfy.sh/publish). */
function ntfyPayload(message: WebhookMessage): WebhookPayload {
  const headers: Record<string, string> = {
    "content-type": "text/plain; charset=utf-8", "user-agent": USER_AGENT,
    title: headerText(message.title), tags: headerText(["tldscope", message.type].join(",")),
  };
  if (message.url) headers.click = new URL(message.url).href;
  return { body: message.text, headers };
}

/**
 * Header values are bytes, not UTF-8 text: a title with "€" or an accent is sent as an RFC 2047
 * encoded word, which ntfy decodes; plain ASCII goes as it is.
 */
function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(oneLine) ? oneLine : `=?UTF-8?B?${Buffer.from(oneLine, "utf8").toString("base64")}?=`;
}

const json = (value: unknown): WebhookPayload => ({
  body: JSON.stringify(value),
  headers: { "content-type": "application/json", "user-agent": USER_AGENT },
});

export const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
/** Escaped HTML (or Chat markup) cut to `max` characters without leaving half an entity ("&am") at the end. */
export const cutEscaped = (html: string, max: number) => (html.length <= max ? html : `${html.slice(0, max - 1).replace(/&[a-z#0-9]*$/, "")}…`);
/** `&`, `<`, `>` and `"` as HTML entities. */
export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Slack's mrkdwn and Google Chat's text treat &, < and > as control characters; everything else is literal. */
const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Slack incoming webhook: a Block Kit section, with `text` as the notification's fallback. */
function slackBody(message: WebhookMessage) {
  const title = escapeMarkup(message.title);
  const heading = message.url ? `*<${message.url}|${title}>*` : `*${title}*`;
  return {
    text: cut(`${message.title}: ${message.text}`, 3000),
    blocks: [{ type: "section", text: { type: "mrkdwn", text: cutEscaped(`${heading}\n${escapeMarkup(message.text)}`, 3000) } }],
  };
}

/**
 * Discord incoming webhook: one embed (title up to 256 characters, description up to 4096).
 * No mentions are parsed, so a domain or text that reads "@everyone" pings nobody.
 */
function discordBody(message: WebhookMessage) {
  return {
    embeds: [{
      title: cut(message.title, 256), description: cut(message.text, 4096),
      ...(message.url ? { url: message.url } : {}), timestamp: message.createdAt,
    }],
    allowed_mentions: { parse: [] },
  };
}

/** The link's words in the formats that show a button or a titled link. */
export const LINK_LABEL = "Open in TLDScope";

/**
 * Microsoft Teams (a Workflows "post to a channel when a webhook request is received" URL, or a
 * legacy incoming webhook): a message with one Adaptive Card attachment, its title in bold, the
 * text wrapped, and the link as an Action.OpenUrl button.
 */
function teamsBody(message: WebhookMessage) {
  return {
    type: "message",
    attachments: [{
      contentType: "application/vnd.microsoft.card.adaptive",
      contentUrl: null,
      content: {
        $schema: "http://adaptivecards.io/schemas/adaptive-card.json", type: "AdaptiveCard", version: "1.4",
        body: [
          { type: "TextBlock", text: cut(message.title, 400), weight: "Bolder", size: "Medium", wrap: true },
          { type: "TextBlock", text: cut(message.text, 20_000), wrap: true },
        ],
        ...(message.url ? { actions: [{ type: "Action.OpenUrl", title: LINK_LABEL, url: message.url }] } : {}),
      },
    }],
  };
}

/**
 * Google Chat incoming webhook: a text message in Chat's own markup (`*bold*`, `<url|label>`
 * links). Chat reads `<` and `>` as markup, so they are escaped as Chat's format guide asks; a
 * message has at most 4,096 characters.
 */
function googleChatBody(message: WebhookMessage) {
  const link = message.url ? `\n<${message.url}|${LINK_LABEL}>` : "";
  const head = `*${escapeMarkup(message.title)}*\n`;
  return { text: `${head}${cutEscaped(escapeMarkup(message.text), 4000 - head.length - link.length)}${link}` };
}
