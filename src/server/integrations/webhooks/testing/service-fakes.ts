/**
 * Loopback fakes of the chat and push services, each checking the request as the service
 * documents it (method, path, headers, body fields) and answering as the service does, errors
 * included: Telegram's `{"ok":false,"error_code":…,"description":…}`, Pushover's
 * `{"status":0,"errors":[…]}`, Gotify's `{"error","errorCode","errorDescription"}`, Matrix's
 * `{"errcode":"M_FORBIDDEN",…}`, Apprise API's 204 for an unknown key. A request that breaks the
 * documented format is answered 400 with `fake:` and what was wrong, so a test sees it.
 * `fail` makes the next answers an outage (the service's 5xx or 429) to test retries.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeService = "telegram" | "pushover" | "gotify" | "matrix" | "teams" | "google_chat" | "apprise";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The body read as the service reads it (JSON or form fields). */
  fields: Record<string, unknown>;
}

export interface ServiceFake {
  url: string;
  /** Requests the fake accepted as delivered (a Matrix transaction repeated is counted once). */
  delivered: ReceivedRequest[];
  /** Every request, accepted or not. */
  received: ReceivedRequest[];
  /** The next `times` requests get an outage answer (503, or 429 where the service rate-limits). */
  fail(times: number, status?: 429 | 502 | 503): void;
  close(): Promise<void>;
}

/** What the fake accepts: the only credentials, receivers and keys it knows. */
export const FAKE = {
  telegramToken: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
  telegramChat: "424242",
  pushoverToken: "azGDORePK8gMaC0QOYAMyEEuzJnyUi",
  pushoverUser: "uQiRzpo4DXghDmr9QzzfQu27cmVRsG",
  gotifyToken: "AbCdEf.123-_xyz",
  matrixToken: "syt_dGxkc2NvcGU_abcdefghijklmnop_0a1b2c",
  matrixRoom: "!OGEhHVWSdvArJzumhm:matrix.example",
  appriseKey: "tldscope",
  /** A key whose configuration names a service that fails: Apprise answers 424. */
  appriseFailingKey: "tldscope-down",
  googleChatToken: "tok-123",
} as const;

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const json = (status: number, body: unknown): Answer => ({ status, body });
const wrong = (what: string): Answer => ({ status: 400, body: `fake: ${what}` });

function readFields(req: IncomingMessage, body: string): Record<string, unknown> {
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) {
    try {
      const parsed = JSON.parse(body) as unknown;
      return parsed && typeof parsed === "object" ? parsed as Record<string, unknown> : {};
    } catch {
      return {};
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  return {};
}

const isJson = (req: IncomingMessage) => (req.headers["content-type"] ?? "").startsWith("application/json");

/** Telegram Bot API: POST /bot<token>/sendMessage, JSON { chat_id, text, parse_mode }. */
function telegram(req: IncomingMessage, path: string, f: Record<string, unknown>): Answer {
  const match = /^\/bot([^/]+)\/sendMessage$/.exec(path);
  if (req.method !== "POST" || !match) return json(404, { ok: false, error_code: 404, description: "Not Found" });
  if (match[1] !== FAKE.telegramToken) return json(401, { ok: false, error_code: 401, description: "Unauthorized" });
  if (!isJson(req)) return wrong("content-type is not application/json");
  if (typeof f.text !== "string" || !f.text) return json(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
  if (f.text.length > 4096) return json(400, { ok: false, error_code: 400, description: "Bad Request: message is too long" });
  if (f.parse_mode !== undefined && f.parse_mode !== "HTML") return wrong("parse_mode is not HTML");
  if (String(f.chat_id) !== FAKE.telegramChat) return json(400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
  return json(200, { ok: true, result: { message_id: 1, chat: { id: Number(FAKE.telegramChat), type: "private" }, date: Math.floor(Date.now() / 1000), text: f.text } });
}

/** Pushover: POST /1/messages.json with token, user and message (form or JSON). */
function pushover(req: IncomingMessage, path: string, f: Record<string, unknown>): Answer {
  const request = "5042853c-402d-4a18-abcb-168734a801de";
  if (req.method !== "POST" || path !== "/1/messages.json") return json(404, { status: 0, errors: ["not found"], request });
  if (f.token !== FAKE.pushoverToken) return json(400, { token: "invalid", errors: ["application token is invalid, see https://pushover.net/api"], status: 0, request });
  if (f.user !== FAKE.pushoverUser) return json(400, { user: "invalid", errors: ["user identifier is not a valid user, group, or subscribed user key"], status: 0, request });
  if (typeof f.message !== "string" || !f.message) return json(400, { message: "cannot be blank", errors: ["message cannot be blank"], status: 0, request });
  if (f.message.length > 1024 || (typeof f.title === "string" && f.title.length > 250) || (typeof f.url === "string" && f.url.length > 512)) {
    return json(400, { errors: ["message, title or url is too long"], status: 0, request });
  }
  return json(200, { status: 1, request });
}

/** Gotify: POST /message with X-Gotify-Key (or ?token=), JSON { message, title, priority, extras }. */
function gotify(req: IncomingMessage, path: string, f: Record<string, unknown>, query: URLSearchParams): Answer {
  if (req.method !== "POST" || !path.endsWith("/message")) return json(404, { error: "Not Found", errorCode: 404, errorDescription: "page not found" });
  if ((req.headers["x-gotify-key"] ?? query.get("token")) !== FAKE.gotifyToken) {
    return json(401, { error: "Unauthorized", errorCode: 401, errorDescription: "you need to provide a valid access token or user credentials to access this api" });
  }
  if (!isJson(req)) return wrong("content-type is not application/json");
  if (typeof f.message !== "string" || !f.message) return json(400, { error: "Bad Request", errorCode: 400, errorDescription: "Field 'message' is required" });
  return json(200, { id: 1, appid: 1, message: f.message, title: f.title, priority: f.priority, date: new Date().toISOString() });
}

/** Matrix: PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}, bearer token, an m.text event. */
function matrix(req: IncomingMessage, path: string, f: Record<string, unknown>, seen: Map<string, string>): Answer & { repeat?: boolean } {
  const match = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/send\/m\.room\.message\/([^/]+)$/.exec(path);
  if (!match) return json(404, { errcode: "M_UNRECOGNIZED", error: "Unrecognized request" });
  if (req.method !== "PUT") return json(405, { errcode: "M_UNRECOGNIZED", error: "Unrecognized request" });
  if (req.headers.authorization !== `Bearer ${FAKE.matrixToken}`) return json(401, { errcode: "M_UNKNOWN_TOKEN", error: "Invalid access token passed.", soft_logout: false });
  const room = decodeURIComponent(match[1]!);
  if (room !== FAKE.matrixRoom) return json(403, { errcode: "M_FORBIDDEN", error: `User @tldscope:matrix.example not in room ${room}` });
  if (f.msgtype !== "m.text" || typeof f.body !== "string") return json(400, { errcode: "M_BAD_JSON", error: "Content must have msgtype m.text and a body" });
  if (f.formatted_body !== undefined && f.format !== "org.matrix.custom.html") return wrong("formatted_body without format org.matrix.custom.html");
  const txn = `${FAKE.matrixToken}/${decodeURIComponent(match[2]!)}`;
  const earlier = seen.get(txn);
  if (earlier) return { ...json(200, { event_id: earlier }), repeat: true };
  const eventId = `$event${seen.size + 1}`;
  seen.set(txn, eventId);
  return json(200, { event_id: eventId });
}

/** Teams Workflows webhook: POST, JSON { type: "message", attachments: [Adaptive Card] }; 202 Accepted. */
function teams(req: IncomingMessage, f: Record<string, unknown>): Answer {
  if (req.method !== "POST" || !isJson(req)) return wrong("not a JSON POST");
  const attachment = (f.attachments as Array<Record<string, unknown>> | undefined)?.[0];
  const card = attachment?.content as Record<string, unknown> | undefined;
  if (f.type !== "message" || attachment?.contentType !== "application/vnd.microsoft.card.adaptive" || card?.type !== "AdaptiveCard") {
    return { status: 400, body: { error: { code: "InvalidRequestContent", message: "The request content is not a message with an Adaptive Card attachment." } } };
  }
  return { status: 202, body: "" };
}

/** Google Chat: POST /v1/spaces/{space}/messages?key=…&token=…, JSON { text } (or cardsV2). */
function googleChat(req: IncomingMessage, path: string, f: Record<string, unknown>, query: URLSearchParams): Answer {
  if (req.method !== "POST" || !/^\/v1\/spaces\/[^/]+\/messages$/.test(path)) return json(404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
  if (query.get("token") !== FAKE.googleChatToken || !query.get("key")) {
    return json(401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
  }
  if (typeof f.text !== "string" && !Array.isArray(f.cardsV2)) return json(400, { error: { code: 400, message: "Message cannot be empty.", status: "INVALID_ARGUMENT" } });
  return json(200, { name: "spaces/AAA/messages/1", text: f.text });
}

/** Apprise API: POST /notify/{key} or /notify/ with { urls }, JSON { body, title, type, format }. */
function apprise(req: IncomingMessage, path: string, f: Record<string, unknown>): Answer {
  if (req.method !== "POST" || !isJson(req)) return wrong("not a JSON POST");
  if (typeof f.body !== "string" || !f.body) return { status: 400, body: { error: "An invalid payload was specified." } };
  if (f.type !== undefined && !["info", "success", "warning", "failure"].includes(f.type as string)) return wrong("unknown type");
  if (path === "/notify/" || path === "/notify") {
    if (typeof f.urls !== "string" || !f.urls) return { status: 400, body: { error: "No valid URL(s) were specified." } };
    return { status: 200, body: { error: null } };
  }
  const key = /^\/notify\/([^/]+)$/.exec(path)?.[1];
  if (!key) return json(404, { error: "Not Found" });
  if (decodeURIComponent(key) === FAKE.appriseFailingKey) return { status: 424, body: "One or more notification could not be sent." };
  if (decodeURIComponent(key) !== FAKE.appriseKey) return { status: 204, body: "" };
  return { status: 200, body: "Notification(s) sent." };
}

export async function startServiceFake(service: FakeService): Promise<ServiceFake> {
  const delivered: ReceivedRequest[] = [];
  const received: ReceivedRequest[] = [];
  const transactions = new Map<string, string>();
  let failures: { left: number; status: number } = { left: 0, status: 503 };
  const answerOf = (req: IncomingMessage, path: string, fields: Record<string, unknown>, query: URLSearchParams): Answer & { repeat?: boolean } => {
    switch (service) {
      case "telegram": return telegram(req, path, fields);
      case "pushover": return pushover(req, path, fields);
      case "gotify": return gotify(req, path, fields, query);
      case "matrix": return matrix(req, path, fields, transactions);
      case "teams": return teams(req, fields);
      case "google_chat": return googleChat(req, path, fields, query);
      case "apprise": return apprise(req, path, fields);
    }
  };
  const outage = (status: number): Answer => {
    if (service === "telegram" && status === 429) return json(429, { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } });
    if (service === "matrix" && status === 429) return json(429, { errcode: "M_LIMIT_EXCEEDED", error: "Too Many Requests", retry_after_ms: 1000 });
    if (service === "pushover") return json(status, { status: 0, errors: ["internal error"], request: "x" });
    return { status, body: "Service Unavailable" };
  };
  const server: Server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const request: ReceivedRequest = { method: req.method ?? "", path: url.pathname, headers: req.headers, body, fields: readFields(req, body) };
      received.push(request);
      let answer: Answer & { repeat?: boolean };
      if (failures.left > 0) {
        failures.left -= 1;
        answer = outage(failures.status);
      } else {
        answer = answerOf(req, url.pathname, request.fields, url.searchParams);
        if (answer.status >= 200 && answer.status < 300 && answer.status !== 204 && !answer.repeat) delivered.push(request);
      }
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status, { "content-type": typeof answer.body === "string" ? "text/plain" : "application/json", ...answer.headers });
      res.end(answer.status === 204 ? undefined : text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delivered, received,
    fail: (times, status = 503) => { failures = { left: times, status }; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
