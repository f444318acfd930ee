/**
 * The request of one notification to a chat or push service's API, with the channel owner's
 * credentials, as each service documents it:
 * - Telegram Bot API: POST {TELEGRAM_API_URL}/bot<token>/sendMessage, JSON { chat_id, text, parse_mode: "HTML" };
 * - Pushover: POST {PUSHOVER_API_URL}/1/messages.json, form fields token, user, title, message, url, url_title;
 * - Gotify: POST {server}/message with X-Gotify-Key, JSON { title, message, priority, extras };
 * - Matrix client-server API: PUT {homeserver}/_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}
 *   with a bearer token; the txnId is the channel's and the notification's, the same on every retry,
 *   so the homeserver drops a repeat of a message whose answer was lost;
 * - Apprise API: POST {url}/notify/{key} (a configuration kept on the Apprise server) or
 *   POST {url}/notify/ with { urls } (stateless), JSON { title, body, type, format }.
 * Each message names its subject and what happened (the notification's title and text) and links
 * to it when the notification has a page. Errors never carry a credential: send.ts names hosts only.
 * The words are text wherever they land: escaped HTML for Telegram and Matrix (with no mention in
 * them), plain text for Pushover and Gotify, and for Apprise, which hands them on to services
 * that may read Markdown or Slack's markup, text with links under labels, mentions and "<…>"
 * markup taken apart (formats.ts defuseMarkup).
 */
import { cut, cutEscaped, defuseMarkup, defuseMentions, escapeHtml, LINK_LABEL, USER_AGENT, type WebhookMessage } from "./formats.ts";
import type { ServiceRequest } from "./send.ts";

export const SERVICE_FORMATS = ["telegram", "pushover", "gotify", "matrix", "apprise"] as const;
export type ServiceFormat = (typeof SERVICE_FORMATS)[number];
export const isServiceFormat = (format: string | null): format is ServiceFormat => SERVICE_FORMATS.includes(format as ServiceFormat);

/** What a channel of a service format stores encrypted. */
export interface ServiceCredentials {
  botToken?: string;
  appToken?: string;
  userKey?: string;
  accessToken?: string;
  /** Apprise URLs, for a stateless Apprise channel. */
  urls?: string;
}

export interface ServiceChannel {
  id: number;
  format: ServiceFormat;
  /** The server the user gave (Gotify, Matrix homeserver, Apprise API); null for Telegram and Pushover. */
  url: string | null;
  /** Telegram chat id, Matrix room id, Apprise configuration key. */
  target: string | null;
  credentials: ServiceCredentials;
}

/** The configured API addresses (TELEGRAM_API_URL, PUSHOVER_API_URL). */
export interface ServiceEndpoints {
  telegram: string;
  pushover: string;
}

const JSON_HEADERS = { "content-type": "application/json", "user-agent": USER_AGENT };

/**
 * `base` with `path` appended to its own path (a server behind a reverse proxy under /gotify
 * keeps it); a query on the base stays a query, a fragment is dropped.
 */
function under(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  url.hash = "";
  return url.toString();
}

function need(value: string | undefined | null, what: string): string {
  if (!value) throw new Error(`The channel has no ${what}; remove it and add it again`);
  return value;
}

/** A JSON answer's field, or undefined when the answer is not JSON or lacks it. */
function answerField(text: string, read: (body: Record<string, unknown>) => unknown): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== "object") return undefined;
    const value = read(body as Record<string, unknown>);
    return typeof value === "string" && value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The request for `message` on `channel`; throws (an Error saying what to do) when its stored settings are incomplete. */
export function serviceRequest(channel: ServiceChannel, message: WebhookMessage, endpoints: ServiceEndpoints): ServiceRequest {
  switch (channel.format) {
    case "telegram": return telegram(channel, message, endpoints.telegram);
    case "pushover": return pushover(channel, message, endpoints.pushover);
    case "gotify": return gotify(channel, message);
    case "matrix": return matrix(channel, message);
    case "apprise": return apprise(channel, message);
  }
}

/** Telegram: HTML text (at most 4,096 characters), the title in bold, the link last, no link preview, no "@name" read as a mention. */
function telegram(channel: ServiceChannel, message: WebhookMessage, base: string): ServiceRequest {
  const token = need(channel.credentials.botToken, "bot token");
  const link = message.url ? `\n\n<a href="${escapeHtml(message.url)}">${LINK_LABEL}</a>` : "";
  const head = `<b>${escapeHtml(cut(defuseMentions(message.title), 300))}</b>\n\n`;
  const text = `${head}${cutEscaped(escapeHtml(defuseMentions(message.text)), 4096 - head.length - link.length)}${link}`;
  return {
    service: "Telegram", configured: true, method: "POST", url: under(base, `/bot${token}/sendMessage`), headers: JSON_HEADERS,
    body: JSON.stringify({ chat_id: need(channel.target, "chat id"), text, parse_mode: "HTML", link_preview_options: { is_disabled: true } }),
    // {"ok":false,"error_code":400,"description":"Bad Request: chat not found"}
    explain: (_status, answer) => answerField(answer, (b) => b.description),
  };
}

/** Pushover: title up to 250 characters, message up to 1,024, a supplementary URL up to 512 with its title. */
function pushover(channel: ServiceChannel, message: WebhookMessage, base: string): ServiceRequest {
  const form = new URLSearchParams({
    token: need(channel.credentials.appToken, "application token"), user: need(channel.credentials.userKey, "user key"),
    title: cut(message.title, 250), message: cut(message.text, 1024),
    timestamp: String(Math.floor(Date.parse(message.createdAt) / 1000) || Math.floor(Date.now() / 1000)),
  });
  if (message.url && message.url.length <= 512) {
    form.set("url", message.url);
    form.set("url_title", LINK_LABEL);
  }
  return {
    service: "Pushover", configured: true, method: "POST", url: under(base, "/1/messages.json"),
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": USER_AGENT }, body: form.toString(),
    // {"user":"invalid","errors":["user identifier is invalid"],"status":0,"request":"…"}
    explain: (_status, answer) => answerField(answer, (b) => (Array.isArray(b.errors) ? b.errors.filter((e) => typeof e === "string").join("; ") : undefined)),
  };
}

/** Gotify: the message as plain text, the link opened when the notification is clicked (Gotify's client::notification extra). */
function gotify(channel: ServiceChannel, message: WebhookMessage): ServiceRequest {
  return {
    service: "Gotify", method: "POST", url: under(need(channel.url, "server URL"), "/message"),
    headers: { ...JSON_HEADERS, "x-gotify-key": need(channel.credentials.appToken, "application token") },
    body: JSON.stringify({
      title: cut(message.title, 250), message: cut(message.text, 10_000), priority: 5,
      extras: {
        "client::display": { contentType: "text/plain" },
        ...(message.url ? { "client::notification": { click: { url: message.url } } } : {}),
      },
    }),
    // {"error":"Unauthorized","errorCode":401,"errorDescription":"you need to provide a valid access token or user credentials to access this api"}
    explain: (_status, answer) => answerField(answer, (b) => b.errorDescription ?? b.error),
  };
}

/**
 * Matrix: an m.text message with a plain body and an HTML formatted_body. The transaction id is
 * made of the channel and the notification's stable id: a retry after a lost answer is the
 * same transaction, which the homeserver answers with the first event instead of a second one.
 * An empty `m.mentions` says the message mentions nobody, and "@room" in the words is taken
 * apart for servers that still look for it in the body.
 */
function matrix(channel: ServiceChannel, message: WebhookMessage): ServiceRequest {
  const room = need(channel.target, "room id");
  const txnId = `tldscope-${channel.id}-${message.id}`;
  const title = cut(defuseMentions(message.title), 1000);
  const text = cut(defuseMentions(message.text), 20_000);
  const link = message.url ? `\n\n${message.url}` : "";
  const htmlLink = message.url ? `<p><a href="${escapeHtml(message.url)}">${LINK_LABEL}</a></p>` : "";
  return {
    service: "Matrix", method: "PUT",
    url: under(need(channel.url, "homeserver URL"), `/_matrix/client/v3/rooms/${encodeURIComponent(room)}/send/m.room.message/${encodeURIComponent(txnId)}`),
    headers: { ...JSON_HEADERS, authorization: `Bearer ${need(channel.credentials.accessToken, "access token")}` },
    body: JSON.stringify({
      msgtype: "m.text", body: `${title}\n\n${text}${link}`,
      format: "org.matrix.custom.html",
      formatted_body: `<p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>${htmlLink}`,
      "m.mentions": {},
    }),
    // {"errcode":"M_FORBIDDEN","error":"User @bot:example.org not in room !abc:example.org"}
    explain: (_status, answer) => {
      const code = answerField(answer, (b) => b.errcode);
      const words = answerField(answer, (b) => b.error);
      return code ? `${code}${words ? ` (${words})` : ""}` : words;
    },
  };
}

/** Apprise API: a configuration key kept on the Apprise server, or the Apprise URLs sent with each message. */
function apprise(channel: ServiceChannel, message: WebhookMessage): ServiceRequest {
  const base = need(channel.url, "Apprise API URL");
  const text = cut(defuseMarkup(message.text), 30_000);
  const body = message.url ? `${text}\n\n${message.url}` : text;
  const fields = { title: cut(defuseMarkup(message.title), 250), body, type: "info", format: "text" };
  const stateless = !channel.target;
  return {
    service: "Apprise", method: "POST",
    url: stateless ? under(base, "/notify/") : under(base, `/notify/${encodeURIComponent(channel.target!)}`),
    headers: JSON_HEADERS,
    body: JSON.stringify(stateless ? { urls: need(channel.credentials.urls, "Apprise URLs"), ...fields } : fields),
    explain: (_status, answer) => answerField(answer, (b) => b.error),
    // Apprise API answers 204 "There was no configuration found." for a key it does not hold.
    emptySuccess: (status) => (status !== 204 ? undefined
      : stateless ? "it sent nothing (HTTP 204); check the Apprise URLs" : `it holds no configuration under the key ${channel.target!} (HTTP 204); check the key`),
    // 424 Failed Dependency: Apprise took the message but a service behind it failed to send it.
    transient: (status) => (status === 424 ? "a service behind it could not send the message (HTTP 424); it is tried again later" : undefined),
  };
}
