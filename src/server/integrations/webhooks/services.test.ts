import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networkPolicy, PUBLIC_WEB } from "../net/address-policy.ts";
import { buildPayload, type WebhookMessage } from "./formats.ts";
import { sendServiceRequest, WebhookError, type WebhookSendOptions } from "./send.ts";
import { serviceRequest, type ServiceChannel } from "./services.ts";
import { FAKE, startServiceFake, type FakeService, type ServiceFake } from "./testing/service-fakes.ts";

const message: WebhookMessage = {
  id: "notification-7", type: "domain.expiring", title: "example.com expires in 7 days",
  text: "example.com expires on 2027-03-01 at Porkbun.\n\nRenew it <soon> & keep it.", url: "https://tldscope.example/portfolio/example.com",
  createdAt: "2027-02-22T08:00:00.000Z",
};
/** User-given URLs on loopback are allowed, as an operator with nearby receivers would set WEBHOOK_ALLOW_PRIVATE. */
const options: WebhookSendOptions = { policy: networkPolicy("127.0.0.1:*"), timeoutMs: 2000 };

const fakes = {} as Record<FakeService, ServiceFake>;
beforeAll(async () => {
  for (const name of ["telegram", "pushover", "gotify", "matrix", "teams", "google_chat", "apprise"] as const) fakes[name] = await startServiceFake(name);
});
afterAll(async () => { await Promise.all(Object.values(fakes).map((f) => f.close())); });

const endpoints = () => ({ telegram: fakes.telegram.url, pushover: fakes.pushover.url });
const channel = (over: Partial<ServiceChannel> & Pick<ServiceChannel, "format">): ServiceChannel => ({ id: 3, url: null, target: null, credentials: {}, ...over });
const send = (c: ServiceChannel, m: WebhookMessage = message) => sendServiceRequest(serviceRequest(c, m, endpoints()), options);
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: unknown) => e as WebhookError);
const last = (fake: ServiceFake) => fake.delivered.at(-1)!;

const telegramChannel = (over: Partial<ServiceChannel["credentials"]> = {}, target: string = FAKE.telegramChat) =>
  channel({ format: "telegram", target, credentials: { botToken: FAKE.telegramToken, ...over } });

describe("Telegram Bot API", () => {
  it("sends HTML text naming the subject, what happened and the link to the chat", async () => {
    await send(telegramChannel());
    const got = last(fakes.telegram);
    expect(got.path).toBe(`/bot${FAKE.telegramToken}/sendMessage`);
    expect(got.fields).toMatchObject({ chat_id: FAKE.telegramChat, parse_mode: "HTML", link_preview_options: { is_disabled: true } });
    expect(got.fields.text).toBe("<b>example.com expires in 7 days</b>\n\nexample.com expires on 2027-03-01 at Porkbun.\n\nRenew it &lt;soon&gt; &amp; keep it."
      + '\n\n<a href="https://tldscope.example/portfolio/example.com">Open in TLDScope</a>');
  });

  it("keeps a long message within Telegram's 4,096 characters without cutting an entity in half", async () => {
    await send(telegramChannel(), { ...message, text: "&".repeat(5000) });
    const text = last(fakes.telegram).fields.text as string;
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toMatch(/(&amp;)+…\n\n<a href/);
  });

  it("says what Telegram answered to a wrong token or chat, for good, and never shows the token", async () => {
    const token = await failure(send(telegramChannel({ botToken: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDxxx" })));
    expect(token).toMatchObject({ retryable: false, status: 401 });
    expect(token.message).toMatch(/^Telegram at 127\.0\.0\.1 refused the message \(HTTP 401\): Unauthorized; check the channel's settings$/);
    const chat = await failure(send(telegramChannel({}, "-1009999")));
    expect(chat.message).toContain("Bad Request: chat not found");
    for (const e of [token, chat]) expect(e.message).not.toContain("AAHdq");
  });

  it("tries again after a 429 or an outage", async () => {
    fakes.telegram.fail(1, 429);
    const limited = await failure(send(telegramChannel()));
    expect(limited).toMatchObject({ retryable: true, status: 429 });
    expect(limited.message).toContain("Too Many Requests");
    fakes.telegram.fail(1, 502);
    expect(await failure(send(telegramChannel()))).toMatchObject({ retryable: true, status: 502 });
  });
});

describe("Pushover", () => {
  const pushover = (userKey: string = FAKE.pushoverUser) => channel({ format: "pushover", target: "…RsG", credentials: { appToken: FAKE.pushoverToken, userKey } });

  it("posts the documented form fields with the link as a supplementary URL", async () => {
    await send(pushover());
    const got = last(fakes.pushover);
    expect(got.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(got.fields).toMatchObject({
      token: FAKE.pushoverToken, user: FAKE.pushoverUser, title: message.title, message: message.text,
      url: message.url, url_title: "Open in TLDScope", timestamp: String(Date.parse(message.createdAt) / 1000),
    });
  });

  it("quotes Pushover's errors for a wrong user key and fails for good; 5xx is retried", async () => {
    const refused = await failure(send(pushover("uQiRzpo4DXghDmr9QzzfQu27cmVXXX")));
    expect(refused).toMatchObject({ retryable: false, status: 400 });
    expect(refused.message).toContain("user identifier is not a valid user, group, or subscribed user key");
    expect(refused.message).not.toContain(FAKE.pushoverToken);
    fakes.pushover.fail(1, 503);
    expect(await failure(send(pushover()))).toMatchObject({ retryable: true });
  });
});

describe("Gotify", () => {
  const gotify = (appToken: string = FAKE.gotifyToken, url = `${fakes.gotify.url}/`) => channel({ format: "gotify", url, credentials: { appToken } });

  it("posts the message with its key in X-Gotify-Key and the link as the click URL", async () => {
    await send(gotify(FAKE.gotifyToken, `${fakes.gotify.url}/gotify/`));
    const got = last(fakes.gotify);
    expect(got.path).toBe("/gotify/message");
    expect(got.headers["x-gotify-key"]).toBe(FAKE.gotifyToken);
    expect(got.fields).toMatchObject({
      title: message.title, message: message.text, priority: 5,
      extras: { "client::display": { contentType: "text/plain" }, "client::notification": { click: { url: message.url } } },
    });
  });

  it("fails for good on a wrong token; Gotify's own words are quoted from a public server only", async () => {
    const refused = await failure(send(gotify("wrong")));
    expect(refused).toMatchObject({ retryable: false, status: 401 });
    // This fake is on loopback: what a server on the operator's network says is not repeated to the user.
    expect(refused.message).toBe("Gotify at 127.0.0.1 refused the message (HTTP 401); check the channel's settings");
    const answer = JSON.stringify({ error: "Unauthorized", errorCode: 401, errorDescription: "you need to provide a valid access token or user credentials to access this api" });
    expect(serviceRequest(gotify(), message, endpoints()).explain!(401, answer)).toBe("you need to provide a valid access token or user credentials to access this api");
  });

  it("holds a user's Gotify server to the address policy", async () => {
    const refused = await failure(sendServiceRequest(serviceRequest(gotify(), message, endpoints()), { ...options, policy: PUBLIC_WEB }));
    expect(refused).toMatchObject({ kind: "address", retryable: false });
  });
});

describe("Matrix client-server API", () => {
  const matrix = (over: Partial<ServiceChannel> = {}) =>
    channel({ format: "matrix", url: `${fakes.matrix.url}/`, target: FAKE.matrixRoom, credentials: { accessToken: FAKE.matrixToken }, ...over });

  it("PUTs an m.text event with an HTML body, and a retry of the same delivery is the same transaction", async () => {
    const before = fakes.matrix.delivered.length;
    await send(matrix());
    await send(matrix());
    expect(fakes.matrix.delivered.length).toBe(before + 1);
    const [first, second] = fakes.matrix.received.slice(-2);
    expect(first!.method).toBe("PUT");
    expect(first!.path).toBe(`/_matrix/client/v3/rooms/${encodeURIComponent(FAKE.matrixRoom)}/send/m.room.message/tldscope-3-notification-7`);
    expect(second!.path).toBe(first!.path);
    expect(first!.headers.authorization).toBe(`Bearer ${FAKE.matrixToken}`);
    expect(first!.fields).toMatchObject({ msgtype: "m.text", format: "org.matrix.custom.html" });
    expect(first!.fields.body).toBe(`${message.title}\n\n${message.text}\n\n${message.url}`);
    expect(first!.fields.formatted_body).toContain("<strong>example.com expires in 7 days</strong>");
    expect(first!.fields.formatted_body).toContain("Renew it &lt;soon&gt; &amp; keep it.");
  });

  it("reports M_FORBIDDEN for a room the bot is not in and M_UNKNOWN_TOKEN for a bad token, for good", async () => {
    const forbidden = await failure(send(matrix({ target: "!other:matrix.example" })));
    expect(forbidden).toMatchObject({ retryable: false, status: 403 });
    const token = await failure(send(matrix({ credentials: { accessToken: "syt_wrong" } })));
    expect(token).toMatchObject({ retryable: false, status: 401 });
    expect(token.message).not.toContain("syt_wrong");
    // A public homeserver's words are quoted (this loopback fake's are not): the errcode first.
    const explain = serviceRequest(matrix(), message, endpoints()).explain!;
    expect(explain(403, JSON.stringify({ errcode: "M_FORBIDDEN", error: "User @bot:matrix.example not in room" }))).toBe("M_FORBIDDEN (User @bot:matrix.example not in room)");
    expect(explain(401, '{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token passed."}')).toBe("M_UNKNOWN_TOKEN (Invalid access token passed.)");
    fakes.matrix.fail(1, 429);
    expect(await failure(send(matrix()))).toMatchObject({ retryable: true, status: 429 });
  });
});

describe("Microsoft Teams and Google Chat webhooks", () => {
  it("posts an Adaptive Card with the title, the text's paragraphs as text runs (no Markdown) and an Open in TLDScope button to Teams", async () => {
    const payload = buildPayload("teams", message, null, 0);
    await sendServiceRequest({ url: `${fakes.teams.url}/workflows/abc/triggers/manual/paths/invoke?sig=s`, method: "POST", ...payload }, options);
    type Card = { body: Array<{ type: string; inlines: Array<{ type: string; text: string; weight?: string }> }>; actions: Array<{ type: string; url: string }> };
    const card = (last(fakes.teams).fields.attachments as Array<{ content: Card }>)[0]!.content;
    expect(card.body.map((b) => [b.type, b.inlines.map((i) => i.type)])).toEqual([0, 1, 2].map(() => ["RichTextBlock", ["TextRun"]]));
    expect(card.body.map((b) => b.inlines[0]!.text)).toEqual([message.title, ...message.text.split("\n\n")]);
    expect(card.body[0]!.inlines[0]!.weight).toBe("Bolder");
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open in TLDScope", url: message.url }]);
  });

  it("posts Chat-markup text with the title in bold and the link to Google Chat, and refuses a revoked token for good", async () => {
    const payload = buildPayload("google_chat", message, null, 0);
    await sendServiceRequest({ url: `${fakes.google_chat.url}/v1/spaces/AAA/messages?key=k&token=${FAKE.googleChatToken}`, method: "POST", ...payload }, options);
    expect(last(fakes.google_chat).fields.text).toBe(`*${message.title}*\nexample.com expires on 2027-03-01 at Porkbun.\n\nRenew it &lt;soon&gt; &amp; keep it.\n<${message.url}|Open in TLDScope>`);
    const refused = await failure(sendServiceRequest({ url: `${fakes.google_chat.url}/v1/spaces/AAA/messages?key=k&token=old`, method: "POST", ...payload }, options));
    expect(refused).toMatchObject({ retryable: false, status: 401 });
  });
});

describe("Apprise API", () => {
  it("posts to /notify/{key}, or to /notify/ with the URLs, as Apprise documents", async () => {
    await send(channel({ format: "apprise", url: `${fakes.apprise.url}/`, target: FAKE.appriseKey }));
    // "<soon>" is kept from reading as markup by a service Apprise hands the text on to.
    const text = message.text.replace("<soon>", "<\u2060soon>");
    expect(last(fakes.apprise)).toMatchObject({ path: "/notify/tldscope", fields: { title: message.title, type: "info", format: "text", body: `${text}\n\n${message.url}` } });
    await send(channel({ format: "apprise", url: fakes.apprise.url, credentials: { urls: "tgram://123/456 mailto://u:p@example.com" } }));
    expect(last(fakes.apprise)).toMatchObject({ path: "/notify/", fields: { urls: "tgram://123/456 mailto://u:p@example.com" } });
  });

  it("treats Apprise's 204 for a key it does not hold as a failure, not a delivery", async () => {
    const refused = await failure(send(channel({ format: "apprise", url: fakes.apprise.url, target: "nobody" })));
    expect(refused).toMatchObject({ retryable: false, status: 204 });
    expect(refused.message).toContain("no configuration under the key nobody");
  });

  it("tries again after Apprise's 424, when a service behind it failed to send", async () => {
    const failed = await failure(send(channel({ format: "apprise", url: fakes.apprise.url, target: FAKE.appriseFailingKey })));
    expect(failed).toMatchObject({ retryable: true, status: 424 });
    expect(failed.message).toContain("a service behind it could not send the message (HTTP 424)");
  });
});
