import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { networkPolicy } from "../net/address-policy.ts";
import type { WebhookMessage } from "./formats.ts";
import { answerError, checkWebhookUrl, MAX_RESPONSE_BYTES, parseWebhookUrl, sendWebhook, WebhookError, type WebhookSendOptions } from "./send.ts";
import { generateSigningSecret } from "./signature.ts";
import { verifyWebhookSignature } from "./testing/verify-signature.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A receiver on 127.0.0.1 at a free port; `answer` decides each reply. */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.end("ok");
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port, received, url: `http://127.0.0.1:${port}`,
    answerWith(fn: (res: ServerResponse) => void) { answer = fn; },
    reset() { received.length = 0; answer = (res) => res.end("ok"); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let other: Receiver;
beforeAll(async () => { receiver = await startReceiver(); other = await startReceiver(); });
afterAll(async () => { await receiver.close(); await other.close(); });
beforeEach(() => { receiver.reset(); other.reset(); });

/** The receivers listen on 127.0.0.1 at free ports: the operator lists that address on any port. */
const loopback: WebhookSendOptions = { policy: networkPolicy("127.0.0.1:*"), timeoutMs: 2000 };
const message: WebhookMessage = {
  id: "expiry:42:2026-12-01", type: "domain.expiring", title: "example.com expires in 7 days",
  text: "Renew it at Porkbun for $10.37 <cheapest> & save $4.", url: "https://tldscope.example/portfolio/42",
  createdAt: "2026-11-24T08:00:00.000Z", data: { domain: "example.com", daysLeft: 7 },
};

const failure = (promise: Promise<unknown>) =>
  promise.then(() => { throw new Error("expected the send to fail"); }, (error: unknown) => error as WebhookError);

describe("generic webhooks", () => {
  it("POST the notification as JSON, signed so the receiver can verify it with the secret", async () => {
    const secret = generateSigningSecret();
    const result = await sendWebhook({ url: `${receiver.url}/hooks/in?x=1`, format: "generic", secret }, message, loopback);
    expect(result.status).toBe(200);
    const got = receiver.received[0]!;
    expect(got).toMatchObject({ method: "POST", url: "/hooks/in?x=1" });
    expect(got.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(got.body)).toEqual({
      id: message.id, type: "domain.expiring", title: message.title, text: message.text, url: message.url,
      createdAt: message.createdAt, data: { domain: "example.com", daysLeft: 7 },
    });
    const check = { secret, timestamp: got.headers["x-tldscope-timestamp"] as string, signature: got.headers["x-tldscope-signature"] as string, body: got.body };
    expect(check.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(Math.abs(Number(check.timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(verifyWebhookSignature(check)).toEqual({ ok: true });
    // Any change to the body, the timestamp or the secret fails the check, and so does an old timestamp.
    expect(verifyWebhookSignature({ ...check, body: got.body.replace("7 days", "8 days") })).toMatchObject({ ok: false });
    expect(verifyWebhookSignature({ ...check, timestamp: String(Number(check.timestamp) - 1) })).toMatchObject({ ok: false });
    expect(verifyWebhookSignature({ ...check, secret: generateSigningSecret() })).toMatchObject({ ok: false });
    expect(verifyWebhookSignature({ ...check, now: Number(check.timestamp) + 301 })).toEqual({ ok: false, reason: "timestamp outside the tolerance" });
  });

  it("signs with the time of sending", async () => {
    await sendWebhook({ url: receiver.url, format: "generic", secret: "s3cret" }, message, { ...loopback, now: () => 1_700_000_000 });
    const got = receiver.received[0]!;
    expect(got.headers["x-tldscope-timestamp"]).toBe("1700000000");
    expect(verifyWebhookSignature({ secret: "s3cret", timestamp: "1700000000", signature: got.headers["x-tldscope-signature"] as string, body: got.body, now: 1_700_000_010 })).toEqual({ ok: true });
  });
});

describe("ready-made formats", () => {
  it("ntfy: the text as the body, title, tags and click link in headers, a non-ASCII title RFC 2047-encoded", async () => {
    await sendWebhook({ url: `${receiver.url}/alerts-topic`, format: "ntfy", secret: null }, message, loopback);
    const got = receiver.received[0]!;
    expect(got.url).toBe("/alerts-topic");
    expect(got.body).toBe(message.text);
    expect(got.headers).toMatchObject({ title: message.title, tags: "tldscope,domain.expiring", click: message.url });
    await sendWebhook({ url: `${receiver.url}/alerts-topic`, format: "ntfy", secret: null }, { ...message, title: "Prix réduit: 9 € pour .fr", url: undefined }, loopback);
    const encoded = receiver.received[1]!.headers.title as string;
    expect(encoded).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(Buffer.from(encoded.slice(10, -2), "base64").toString("utf8")).toBe("Prix réduit: 9 € pour .fr");
    expect(receiver.received[1]!.headers.click).toBeUndefined();
  });

  it("Slack: text as the fallback and a mrkdwn section linking the title, both with &, < and > escaped, and no link unfurled", async () => {
    await sendWebhook({ url: `${receiver.url}/services/T0/B0/token`, format: "slack", secret: null }, message, loopback);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toEqual({
      text: `${message.title}: Renew it at Porkbun for $10.37 &lt;cheapest&gt; &amp; save $4.`,
      blocks: [{ type: "section", text: { type: "mrkdwn", text: `*<${message.url}|example.com expires in 7 days>*\nRenew it at Porkbun for $10.37 &lt;cheapest&gt; &amp; save $4.` } }],
      unfurl_links: false, unfurl_media: false,
    });
  });

  it("Discord: one embed with title, description, link and time, and no mention is parsed", async () => {
    await sendWebhook({ url: `${receiver.url}/api/webhooks/1/token`, format: "discord", secret: null }, { ...message, text: "@everyone " + "x".repeat(5000) }, loopback);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({ title: message.title, url: message.url, timestamp: message.createdAt });
    expect(body.embeds[0].description).toHaveLength(4096);
    expect(body.embeds[0].description.endsWith("…")).toBe(true);
  });
});

describe("addresses the server refuses", () => {
  const none: WebhookSendOptions = { policy: networkPolicy("none"), timeoutMs: 2000 };
  const refusedLiterals: [string, RegExp][] = [
    ["https://127.0.0.1/hook", /is a loopback address \(127\.0\.0\.1 port 443\); this server does not send to loopback addresses/],
    ["https://2130706433/hook", /loopback address \(127\.0\.0\.1 port 443\)/],
    ["https://10.0.0.5/hook", /^Webhook address is a private network address \(10\.0\.0\.5 port 443\); this server does not send to private addresses unless its operator allows that address and port$/],
    ["https://172.20.1.1/", /private network address/],
    ["https://192.168.0.1/", /private network address/],
    ["https://100.64.1.1/", /private network address/],
    ["https://169.254.169.254/latest/meta-data", /link-local address \(169\.254\.169\.254\); this server never sends/],
    ["https://0.0.0.0/", /reserved address \(0\.0\.0\.0\)/],
    ["https://[::1]/", /loopback address \(::1 port 443\)/],
    ["https://[::ffff:127.0.0.1]/", /loopback address \(::ffff:7f00:1 port 443\)/],
    ["https://[::ffff:a00:5]/", /private network address/],
    ["https://[fd00::1]/", /private network address \(fd00::1 port 443\)/],
    ["https://[fe80::1]/", /link-local address/],
    ["https://[64:ff9b::a9fe:a9fe]/", /link-local address/],
    ["https://8.8.8.8:22/", /^Webhook address uses port 22; this server sends only to ports 80, 443, 8080 and 8443 unless its operator allows another$/],
    ["https://8.8.8.8:0/", /uses port 0/],
  ];
  it.each(refusedLiterals)("refuses %s before connecting", async (url, expected) => {
    const error = await failure(sendWebhook({ url, format: "ntfy", secret: null }, message, none));
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: "address", retryable: false });
    expect(error.message).toMatch(expected);
  });

  it("refuses a host name that resolves to loopback while loopback is not allowed, and sends nothing", async () => {
    const error = await failure(sendWebhook({ url: `https://localhost:${receiver.port}/hook`, format: "ntfy", secret: null }, message, none));
    expect(error).toMatchObject({ kind: "address", retryable: false });
    expect(error.message).toMatch(/^Webhook address resolves to a loopback address; this server does not send to loopback addresses unless its operator allows that address and port$/);
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses a host name when any one of its addresses is private, IPv6 included", async () => {
    const resolve = async () => [{ address: "93.184.215.14", family: 4 as const }, { address: "fd12::7", family: 6 as const }];
    const error = await failure(sendWebhook({ url: "https://hooks.example.com/x", format: "slack", secret: null }, message, { ...none, resolve }));
    expect(error.message).toBe("Webhook address resolves to a private network address; this server does not send to private addresses unless its operator allows that address and port");
  });

  it("keeps link-local refused even when private networks are allowed", async () => {
    const resolve = async () => [{ address: "169.254.169.254", family: 4 as const }];
    const error = await failure(sendWebhook({ url: "https://metadata.example/x", format: "generic", secret: "s" }, message, { policy: networkPolicy("private, 169.254.0.0/16:*"), timeoutMs: 1000, resolve }));
    expect(error).toMatchObject({ kind: "address" });
    const privateError = await failure(sendWebhook({ url: "https://10.1.2.3/x", format: "ntfy", secret: null }, message, loopback));
    expect(privateError.message).toMatch(/private network address \(10\.1\.2\.3 port 443\)/);
  });

  it("connects to the address it checked, not to a second DNS answer", async () => {
    let asked = 0;
    // A rebinding resolver: the first answer passes the check, any later one points elsewhere.
    const resolve = async () => (asked++ === 0 ? [{ address: "127.0.0.1", family: 4 as const }] : [{ address: "10.9.9.9", family: 4 as const }]);
    const result = await sendWebhook({ url: `http://rebind.test:${receiver.port}/hook`, format: "ntfy", secret: null }, message, { ...loopback, resolve });
    expect(result.status).toBe(200);
    expect(asked).toBe(1);
    expect(receiver.received[0]!.headers.host).toBe(`rebind.test:${receiver.port}`);
  });

  it("requires https unless the address is one the operator listed", () => {
    const https = "Webhook URL must start with https:// (this server sends webhooks over HTTPS only, except to addresses its operator allowed)";
    expect(() => parseWebhookUrl("http://8.8.8.8/x", networkPolicy("none"))).toThrow(https);
    expect(() => parseWebhookUrl("http://8.8.8.8/x", networkPolicy("loopback"))).toThrow(https);
    expect(parseWebhookUrl("http://127.0.0.1:8080/x", networkPolicy("loopback")).href).toBe("http://127.0.0.1:8080/x");
    expect(parseWebhookUrl("http://hooks.example.com/x", networkPolicy("none")).href).toBe("http://hooks.example.com/x"); // checked once resolved
    expect(() => parseWebhookUrl("ftp://hooks.example.com/x", networkPolicy("private"))).toThrow("Webhook URL must start with https://");
    expect(() => parseWebhookUrl("not a url", networkPolicy("none"))).toThrow(/not a valid URL/);
    expect(() => parseWebhookUrl("https://user:pw@hooks.example.com/x", networkPolicy("none"))).toThrow("Webhook URL must not contain a user name or password");
  });

  it("sends plain http to a host name only when its addresses are listed", async () => {
    const publicResolve = async () => [{ address: "93.184.215.14", family: 4 as const }];
    const error = await failure(sendWebhook({ url: "http://hooks.example.com/x", format: "ntfy", secret: null }, message, { ...none, resolve: publicResolve }));
    expect(error).toMatchObject({ kind: "invalid-url", retryable: false });
    const local = async () => [{ address: "127.0.0.1", family: 4 as const }];
    expect((await sendWebhook({ url: `http://hooks.local:${receiver.port}/x`, format: "ntfy", secret: null }, message, { ...loopback, resolve: local })).status).toBe(200);
  });

  it("with WEBHOOK_ALLOW_PRIVATE pairs, reaches exactly the listed address and port, and the keywords only the usual web ports", async () => {
    const pair = { policy: networkPolicy(`127.0.0.1:${receiver.port}`), timeoutMs: 2000 };
    expect((await sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, pair)).status).toBe(200);
    const otherPort = await failure(sendWebhook({ url: other.url, format: "ntfy", secret: null }, message, pair));
    expect(otherPort).toMatchObject({ kind: "address", retryable: false });
    expect(otherPort.message).toBe(`Webhook address is a loopback address (127.0.0.1 port ${other.port}); this server does not send to loopback addresses unless its operator allows that address and port`);
    const keyword = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, { policy: networkPolicy("loopback"), timeoutMs: 2000 }));
    expect(keyword).toMatchObject({ kind: "address" });
    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
  });

  it("sends to other ports of public hosts only when WEBHOOK_PORTS lists them", async () => {
    const publicResolve = async () => [{ address: "93.184.215.14", family: 4 as const }];
    const ssh = await failure(checkWebhookUrl("https://hooks.example.com:22/x", { policy: networkPolicy("none"), timeoutMs: 1000, resolve: publicResolve }));
    expect(ssh.message).toBe("Webhook address uses port 22; this server sends only to ports 80, 443, 8080 and 8443 unless its operator allows another");
    const wider = { policy: networkPolicy("none", "443,9443"), timeoutMs: 1000, resolve: publicResolve };
    expect((await checkWebhookUrl("https://hooks.example.com:9443/x", wider)).port).toBe("9443");
    expect((await failure(checkWebhookUrl("https://hooks.example.com:8080/x", wider))).message).toMatch(/uses port 8080; this server sends only to ports 443 and 9443/);
  });

  it("does not follow a redirect, and says so", async () => {
    receiver.answerWith((res) => { res.writeHead(302, { location: `${other.url}/elsewhere` }); res.end(); });
    const error = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, loopback));
    expect(error).toMatchObject({ kind: "redirect", retryable: false, status: 302 });
    expect(error.message).toBe("The webhook at 127.0.0.1 answered with a redirect (HTTP 302); redirects are not followed, so enter the address it redirects to");
    expect(other.received).toHaveLength(0);
  });
});

describe("failures", () => {
  it("a receiver that does not answer in time is a retryable timeout", async () => {
    receiver.answerWith(() => {});
    const started = Date.now();
    const error = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, { ...loopback, timeoutMs: 300 }));
    expect(error).toMatchObject({ kind: "timeout", retryable: true, message: "The webhook at 127.0.0.1 did not answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("the caller's signal abandons a request still waiting, as a retryable failure", async () => {
    receiver.answerWith(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, { ...loopback, timeoutMs: 5000, signal: controller.signal }));
    expect(error).toMatchObject({ retryable: true, message: "Sending the webhook to 127.0.0.1 was cancelled" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("5xx, 429 and 408 are retryable; 429 carries its Retry-After", async () => {
    for (const status of [500, 502, 503, 408]) {
      receiver.answerWith((res) => { res.writeHead(status); res.end("upstream  broke\n"); });
      const error = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, loopback));
      expect(error).toMatchObject({ kind: "http", retryable: true, status });
      expect(error.message).toBe(`The webhook at 127.0.0.1 is unavailable (HTTP ${status})`);
    }
    receiver.answerWith((res) => { res.writeHead(429, { "retry-after": "30" }); res.end(); });
    const limited = await failure(sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, loopback));
    expect(limited).toMatchObject({ retryable: true, status: 429, retryAfterMs: 30_000 });
  });

  it("other 4xx answers are permanent; what a receiver on a listed private address said is never repeated", async () => {
    receiver.answerWith((res) => { res.writeHead(404); res.end("PostgreSQL 15.4 on x86_64-pc-linux-gnu, internal-db-banner"); });
    const error = await failure(sendWebhook({ url: `${receiver.url}/services/T/B/secret-token`, format: "slack", secret: null }, message, loopback));
    expect(error).toMatchObject({ kind: "http", retryable: false, status: 404, message: "The webhook at 127.0.0.1 refused the message (HTTP 404); check the URL" });
    expect(error.message).not.toContain("secret-token");
    expect(error.message).not.toContain("internal-db-banner");
  });

  it("quotes at most 200 characters of what a receiver on a public address said", () => {
    const refused = answerError(404, {}, "no_service", "hooks.slack.com");
    expect(refused).toMatchObject({ retryable: false, message: "The webhook at hooks.slack.com refused the message (HTTP 404): no_service; check the URL" });
    const long = answerError(503, {}, "x".repeat(500), "hooks.slack.com");
    expect(long.message).toBe(`The webhook at hooks.slack.com is unavailable (HTTP 503): ${"x".repeat(199)}…`);
  });

  it("a refused connection is a retryable network failure", async () => {
    const closed = await startReceiver();
    await closed.close();
    const error = await failure(sendWebhook({ url: closed.url, format: "ntfy", secret: null }, message, loopback));
    expect(error).toMatchObject({ kind: "network", retryable: true, message: "Could not reach the webhook: 127.0.0.1 refused the connection" });
  });

  it("reads at most MAX_RESPONSE_BYTES of an answer that never ends", async () => {
    receiver.answerWith((res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write(Buffer.alloc(MAX_RESPONSE_BYTES * 2, "a"));
    });
    const result = await sendWebhook({ url: receiver.url, format: "ntfy", secret: null }, message, { ...loopback, timeoutMs: 3000 });
    expect(result.status).toBe(200);
    expect(result.durationMs).toBeLessThan(2500);
  });
});

describe("checkWebhookUrl", () => {
  it("resolves the host and refuses what sending would refuse, without sending anything", async () => {
    const resolve = async () => [{ address: "10.0.0.5", family: 4 as const }];
    const error = await failure(checkWebhookUrl("https://hooks.internal.example/x", { policy: networkPolicy("none"), timeoutMs: 1000, resolve }));
    expect(error).toMatchObject({ kind: "address", message: "Webhook address resolves to a private network address; this server does not send to private addresses unless its operator allows that address and port" });
    const publicResolve = async () => [{ address: "93.184.215.14", family: 4 as const }];
    expect((await checkWebhookUrl(" https://hooks.example.com/x ", { policy: networkPolicy("none"), timeoutMs: 1000, resolve: publicResolve })).href).toBe("https://hooks.example.com/x");
    const missing = async () => { throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }); };
    const notFound = await failure(checkWebhookUrl("https://nohost.example/x", { policy: networkPolicy("none"), timeoutMs: 1000, resolve: missing }));
    expect(notFound.message).toBe("Could not reach the webhook: the address nohost.example was not found (DNS)");
  });
});

describe("https", () => {
  const fixture = (name: string) => readFileSync(new URL(`./testing/${name}`, import.meta.url), "utf8");
  const cert = fixture("hook-test.crt");
  let tls: HttpsServer;
  let port: number;
  const seen: { servername: string | false; body: string }[] = [];
  beforeAll(async () => {
    tls = createHttpsServer({ key: fixture("hook-test.key"), cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ servername: (req.socket as TLSSocket & { servername?: string | false }).servername ?? false, body: Buffer.concat(chunks).toString("utf8") });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    port = (tls.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => { tls.closeAllConnections(); tls.close(() => resolve()); }));
  const resolve = async () => [{ address: "127.0.0.1", family: 4 as const }];

  it("connects to the checked address while the certificate is verified for the URL's host name", async () => {
    const result = await sendWebhook({ url: `https://hook.test:${port}/in`, format: "slack", secret: null }, message, { ...loopback, resolve, ca: cert });
    expect(result.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ servername: "hook.test" });
    expect(JSON.parse(seen.at(-1)!.body).text).toBe(`${message.title}: Renew it at Porkbun for $10.37 &lt;cheapest&gt; &amp; save $4.`);
  });

  it("refuses a certificate it cannot verify, as a network failure naming the host", async () => {
    const error = await failure(sendWebhook({ url: `https://hook.test:${port}/in`, format: "slack", secret: null }, message, { ...loopback, resolve }));
    expect(error).toMatchObject({ kind: "network", message: "Could not reach the webhook: the secure connection to hook.test failed (its TLS certificate could not be verified)" });
    const wrongName = await failure(sendWebhook({ url: `https://other.test:${port}/in`, format: "slack", secret: null }, message, { ...loopback, resolve, ca: cert }));
    expect(wrongName.message).toBe("Could not reach the webhook: the secure connection to other.test failed (its TLS certificate could not be verified)");
  });
});
