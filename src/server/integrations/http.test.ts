import { createServer } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLoopbackServer, type LoopbackServer } from "../testing/loopback.ts";
import { HttpError, httpRequest, retryAfterMs, type HttpOptions } from "./http.ts";

let answers: Response[] = [];
let seen: { method: string; url: string; body: string }[] = [];
const app = new Hono();
app.all("/*", async (c) => {
  seen.push({ method: c.req.method, url: c.req.url, body: await c.req.text() });
  return answers.shift() ?? c.text("ok");
});
let server: LoopbackServer;
const waits: number[] = [];
const options: HttpOptions = { timeoutMs: 500, sleep: async (ms) => { waits.push(ms); } };
const MAX = 1024 * 1024;

beforeAll(async () => { server = await startLoopbackServer(app); });
afterAll(() => server.close());
beforeEach(() => { answers = []; seen = []; waits.length = 0; });

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: HttpError) => e);

describe("httpRequest", () => {
  it("never names a header value in an error", async () => {
    const error = await failure(httpRequest({
      service: "Example", maxBytes: MAX, url: `${server.url}/v1`, headers: { authorization: "Bearer tok-secret\nvalue" },
    }, { ...options, attempts: 1 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toMatch(/^Could not reach Example \(/);
    expect(error.message).not.toContain("tok-secret");
  });

  it("sends method, query, headers and body, and reads the whole answer", async () => {
    const res = await httpRequest({
      service: "Example", maxBytes: MAX, url: `${server.url}/v1/things?a=1`, method: "POST", query: { key: "s e/cret" },
      headers: { "content-type": "application/json" }, body: "{\"x\":1}",
    }, options);
    expect(res).toMatchObject({ status: 200, text: "ok" });
    const request = seen[0]!;
    expect(request.method).toBe("POST");
    expect(new URL(request.url).searchParams.get("a")).toBe("1");
    expect(new URL(request.url).searchParams.get("key")).toBe("s e/cret");
    expect(request.body).toBe("{\"x\":1}");
  });

  it("does not retry a 4xx and never puts the URL (with its key) in the message", async () => {
    answers = [new Response("no", { status: 403 })];
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x`, query: { key: "secret" } }, options));
    expect(error).toMatchObject({ kind: "http", status: 403, message: "Example answered 403 Forbidden; check the API key and the account's API access" });
    expect(error.message).not.toContain("secret");
    expect(seen).toHaveLength(1);
  });

  it("hands a 4xx back when asked, while 429 and 5xx are still retried", async () => {
    answers = [new Response("", { status: 503 }), new Response("{\"message\":\"bad key\"}", { status: 401 })];
    const res = await httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x`, returnClientErrors: true }, options);
    expect(res).toMatchObject({ status: 401, text: "{\"message\":\"bad key\"}" });
    expect(seen).toHaveLength(2);
    answers = [new Response("", { status: 429, headers: { "retry-after": "7" } })];
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x`, returnClientErrors: true }, { ...options, attempts: 1 }));
    expect(error).toMatchObject({ kind: "http", status: 429, details: { retryAfterMs: 7000 } });
  });

  it("follows a redirect to the same origin by default and refuses any redirect when told to", async () => {
    answers = [new Response(null, { status: 302, headers: { location: "/there" } })];
    expect(await httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/here` }, options)).toMatchObject({ status: 200, text: "ok" });
    expect(new URL(seen[1]!.url).pathname).toBe("/there");
    seen = [];
    answers = [new Response(null, { status: 302, headers: { location: `${server.url}/there` } })];
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/here`, redirect: "error" }, { ...options, attempts: 1 }));
    expect(error).toMatchObject({ kind: "refused", message: "Example answered with a redirect (HTTP 302), which is not followed; check the configured URL" });
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/here"]);
  });

  it("honours Retry-After as an HTTP date, then backs off exponentially", async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    answers = [new Response("", { status: 503, headers: { "retry-after": inTwoSeconds } }), new Response("", { status: 502 })];
    const res = await httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x` }, { ...options, baseDelayMs: 100 });
    expect(res.status).toBe(200);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(waits[1]).toBe(200); // second retry: 100 ms doubled
  });

  it("gives up at once when Retry-After asks for longer than it is willing to wait", async () => {
    answers = [new Response("", { status: 429, headers: { "retry-after": "3600" } })];
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x` }, options));
    expect(error.message).toBe("Example answered 429 Too Many Requests and asked to wait 3600 s; try again later");
    expect(waits).toEqual([]);
  });

  it("retries a refused connection, then says it could not reach the service", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `http://127.0.0.1:${port}/` }, options));
    expect(error).toMatchObject({ kind: "network", details: { code: "ECONNREFUSED" } });
    expect(error.message).toBe("Could not reach Example: 127.0.0.1 refused the connection (ECONNREFUSED); check the network and try again later");
    expect(waits).toHaveLength(2);
  });

  it("says a secure connection failed, without blaming a certificate, for an https URL on a plain-HTTP port", async () => {
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: server.url.replace(/^http:/, "https:") }, { ...options, attempts: 1 }));
    expect(error).toMatchObject({ kind: "network", details: { code: "EPROTO" } });
    expect(error.message).toBe("Could not reach Example: the secure connection to 127.0.0.1 failed (EPROTO); check the network and try again later");
  });

  it("is cancelled by the caller during a backoff wait", async () => {
    answers = [new Response("", { status: 500 })];
    const controller = new AbortController();
    const error = await failure(httpRequest({ service: "Example", maxBytes: MAX, url: `${server.url}/x`, signal: controller.signal }, {
      ...options, sleep: (_ms, signal) => new Promise((_, reject) => {
        signal?.addEventListener("abort", () => reject(signal.reason));
        controller.abort();
      }),
    }));
    expect(error).toMatchObject({ kind: "cancelled", message: "The request to Example was cancelled" });
    expect(seen).toHaveLength(1);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates and ignores nonsense", () => {
    const now = Date.parse("2025-05-09T12:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Fri, 09 May 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Fri, 09 May 2025 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
