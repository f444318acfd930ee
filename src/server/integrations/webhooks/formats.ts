/**
 * The request body and headers of one notification in each format posted to a URL the user
 * gave. Generic is this product's own signed JSON; ntfy, Slack, Discord, Microsoft Teams and
 * Google Chat are the payloads those services document for publishing to a topic URL (ntfy) or
 * an incoming-webhook URL. The formats that reach a service's API with stored credentials
 * (Telegram, Pushover, Gotify, Matrix, Apprise) are built in services.ts.
 *
 * A message's words hold values from outside (a registrar's name from RDAP, a DNS TXT record),
 * so every format that renders markup gets them as text: Slack and Google Chat with their
 * control characters escaped, Discord with Markdown escaped, Teams as text runs (which render no
 * Markdown), Telegram and Matrix as escaped HTML. None of them shows a link under a label, a
 * mention ("@everyone", "<!channel>") or markup that did not come from this product.
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

/** ntfy's largest message (4,096 bytes); a longer body would arrive as an attachment. */
const NTFY_MAX_BYTES = 4096;

/**
 * ntfy: the message as the plain text body (no Markdown header, so ntfy renders none), at most
 * 4,096 bytes, its title (250 characters) and tags in headers (docs.ntfy.sh/publish).
 */
function ntfyPayload(message: WebhookMessage): WebhookPayload {
  const headers: Record<string, string> = {
    "content-type": "text/plain; charset=utf-8", "user-agent": USER_AGENT,
    title: headerText(cut(message.title, 250)), tags: headerText(["tldscope", message.type].join(",")),
  };
  if (message.url) headers.click = new URL(message.url).href;
  return { body: cutBytes(message.text, NTFY_MAX_BYTES), headers };
}

/** `text` cut to at most `max` bytes of UTF-8, on a whole character, with "…" when cut. */
export function cutBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= max) return text;
  // "…" is 3 bytes; a character cut in half decodes to U+FFFD, which is dropped.
  return `${new TextDecoder().decode(bytes.subarray(0, max - 3)).replace(/\uFFFD$/, "")}…`;
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

/** The word joiner (U+2060): invisible, it keeps two characters from being read together. */
const WJ = "\u2060";

/**
 * "@everyone", "@here", "@channel", "@room", "@all" or "@someone" with a word joiner after the
 * "@", so no service reads a mention in it; an e-mail address ("a@b.example") stays as it is.
 */
export const defuseMentions = (text: string) => text.replace(/(^|[^\p{L}\p{N}_.+-])@(?=[\p{L}\p{N}_])/gu, `$1@${WJ}`);

/** "[label](url)" with a word joiner between "]" and "(", so no Markdown reads a link under a label. */
export const defuseMarkdownLinks = (text: string) => text.replace(/\]\(/g, `]${WJ}(`);

/**
 * Text a service may render as Markdown or as Slack's markup without this product knowing which
 * (Apprise hands it on to any service): no mention, no "[label](url)", and no "<…>" markup
 * ("<!channel>", "<@U1>", "<https://…|label>") in it.
 */
export const defuseMarkup = (text: string) => defuseMarkdownLinks(defuseMentions(text)).replace(/<(?=[!@#/a-z])/gi, `<${WJ}`);

/**
 * Slack's mrkdwn and Google Chat's text treat &, < and > as control characters (a link, a
 * mention, "<!channel>" all start with "<"): escaped, nothing from outside makes markup.
 */
const escapeMarkup = (text: string) => defuseMentions(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Slack incoming webhook: a Block Kit section, with `text` as the notification's fallback (what
 * Slack's notifications show). Both are mrkdwn, so both are escaped; each at most 3,000 characters.
 */
function slackBody(message: WebhookMessage) {
  const title = escapeMarkup(message.title);
  const heading = message.url ? `*<${message.url}|${title}>*` : `*${title}*`;
  return {
    text: cutEscaped(`${title}: ${escapeMarkup(message.text)}`, 3000),
    blocks: [{ type: "section", text: { type: "mrkdwn", text: cutEscaped(`${heading}\n${escapeMarkup(message.text)}`, 3000) } }],
    unfurl_links: false, unfurl_media: false,
  };
}

/**
 * Discord's Markdown as text: a backslash before each character that makes markup (emphasis,
 * code, spoilers, quotes, links, "<@id>" mentions, "@everyone") and before a "#", "-" or "+" that
 * starts a line (headings, lists). A backslash before punctuation shows the character.
 */
export const escapeDiscord = (text: string) =>
  text.replace(/[\\*_~`|<>[\]()@]/g, "\\$&").replace(/^(\s*)([#+-])/gm, "$1\\$2");

/**
 * Discord incoming webhook: one embed (title up to 256 characters, description up to 4096). The
 * description renders Markdown, so it is escaped (a cut never ends on a lone backslash); the
 * title renders none. No mentions are parsed, so a text that reads "@everyone" pings nobody.
 */
function discordBody(message: WebhookMessage) {
  return {
    embeds: [{
      title: cut(defuseMentions(message.title), 256), description: cutDiscord(escapeDiscord(message.text), 4096),
      ...(message.url ? { url: message.url } : {}), timestamp: message.createdAt,
    }],
    allowed_mentions: { parse: [] },
  };
}

/** Escaped Discord Markdown cut to `max` characters, never between a backslash and what it escapes. */
function cutDiscord(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  const trailing = /\\+$/.exec(head)?.[0].length ?? 0;
  if (trailing % 2 === 1) head = head.slice(0, -1);
  return `${head}…`;
}

/** The link's words in the formats that show a button or a titled link. */
export const LINK_LABEL = "Open in TLDScope";

/** One Adaptive Card RichTextBlock of one TextRun: a TextRun renders no Markdown, its text shows as it is. */
const textRun = (text: string, style: Record<string, string> = {}) => ({ type: "RichTextBlock", inlines: [{ type: "TextRun", text, ...style }] });

/**
 * Microsoft Teams (a Workflows "post to a channel when a webhook request is received" URL, or a
 * legacy incoming webhook): a message with one Adaptive Card attachment, its title in bold (400
 * characters at most), each paragraph of the text (20,000 characters in all) as text runs, which
 * Teams shows without reading Markdown in them, and the link as an Action.OpenUrl button.
 */
function teamsBody(message: WebhookMessage) {
  const paragraphs = cut(message.text, 20_000).split(/\n{2,}/).filter((p) => p.trim() !== "");
  return {
    type: "message",
    attachments: [{
      contentType: "application/vnd.microsoft.card.adaptive",
      contentUrl: null,
      content: {
        $schema: "http://adaptivecards.io/schemas/adaptive-card.json", type: "AdaptiveCard", version: "1.4",
        body: [textRun(cut(message.title, 400), { weight: "Bolder", size: "Medium" }), ...paragraphs.map((p) => textRun(p))],
        ...(message.url ? { actions: [{ type: "Action.OpenUrl", title: LINK_LABEL, url: message.url }] } : {}),
      },
    }],
  };
}

/**
 * Google Chat incoming webhook: a text message in Chat's own markup (`*bold*`, `<url|label>`
 * links, `<users/all>` mentions). Chat reads `<` and `>` as markup, so they are escaped as Chat's
 * format guide asks, and a "[label](url)" in the text is kept from reading as a link; a message
 * has at most 4,096 characters.
 */
function googleChatBody(message: WebhookMessage) {
  const link = message.url ? `\n<${message.url}|${LINK_LABEL}>` : "";
  const head = `*${cutEscaped(escapeMarkup(defuseMarkdownLinks(message.title)), 400)}*\n`;
  return { text: `${head}${cutEscaped(escapeMarkup(defuseMarkdownLinks(message.text)), 4000 - head.length - link.length)}${link}` };
}
