/**
 * What a server answering the HTTP helper cannot make it do: read past an answer's cap (huge,
 * endless, compressed), wait past the time limit for a slow answer, follow a redirect somewhere
 * it would not go by itself, or connect to a URL from outside the configuration that points at
 * this machine, its network or a cloud metadata address. Real servers on loopback.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { networkPolicy } from "./net/address-policy.ts";
import { HttpError, httpRequest, type HttpOptions, type HttpRequest } from "./http.ts";

interface Seen {
  path: string;
  headers: IncomingMessage["headers"];
}

/** A server on 127.0.0.1 whose answer each test sets; it counts the body bytes it managed to write. */
async function startServer() {
  const seen: Seen[] = [];
  let written = 0;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok");
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url!, headers: req.headers });
    const write = res.write.bind(res);
    res.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      written += Buffer.byteLength(chunk);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port, seen, url: `http://127.0.0.1:${port}`,
    get written() { return written; },
    answer(fn: typeof handler) { handler = fn; },
    reset() { seen.length = 0; written = 0; handler = (_req, res) => res.end("ok"); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

type TestServer = Awaited<ReturnType<typeof startServer>>;
let main: TestServer;
let other: TestServer;
beforeAll(async () => { main = await startServer(); other = await startServer(); });
afterAll(async () => { await main.close(); await other.close(); });
beforeEach(() => { main.reset(); other.reset(); });

const MB = 1024 * 1024;
const options: HttpOptions = { timeoutMs: 2000, attempts: 1 };
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: HttpError) => e);
const ask = (request: Partial<HttpRequest> & { url: string }, opts: HttpOptions = options) =>
  httpRequest({ service: "The RDAP server x.test", maxBytes: MB, ...request }, opts);

/** Writes `total` bytes in 64 KB chunks as fast as the client reads them (an endless answer with Infinity). */
function stream(res: ServerResponse, total: number, headers: Record<string, string> = {}) {
  res.writeHead(200, { "content-type": "application/json", ...headers });
  const chunk = Buffer.alloc(64 * 1024, "a");
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end();
  };
  res.on("close", () => { sent = total; });
  pump();
}

describe("answers past their cap", () => {
  it("stops reading a 300 MB answer soon after the cap and fails as too large, without retrying", async () => {
    main.answer((_req, res) => stream(res, 300 * MB));
    const started = Date.now();
    const error = await failure(ask({ url: `${main.url}/domain/huge.test` }, { ...options, attempts: 3, sleep: async () => {} }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: "too-large" });
    expect(error.message).toBe("The RDAP server x.test's answer is larger than 1 MB, more than it can be; it was not read to its end and nothing of it was used");
    expect(main.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
    // The socket's buffers let the sender get ahead of the reader, but nowhere near the 300 MB.
    await new Promise((r) => setTimeout(r, 100));
    expect(main.written).toBeLessThan(16 * MB);
  });

  it("refuses an answer whose Content-Length is over the cap before reading it", async () => {
    main.answer((_req, res) => { res.writeHead(200, { "content-length": String(50 * MB) }); res.write(Buffer.alloc(1024)); });
    const error = await failure(ask({ url: `${main.url}/x` }));
    expect(error.kind).toBe("too-large");
  });

  it("counts a compressed answer by what it decompresses to, so a small gzip bomb is refused", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * MB, 0));
    expect(bomb.length).toBeLessThan(MB / 4);
    main.answer((_req, res) => { res.writeHead(200, { "content-encoding": "gzip", "content-length": String(bomb.length) }); res.end(bomb); });
    const error = await failure(ask({ url: `${main.url}/x` }));
    expect(error.kind).toBe("too-large");
  });

  it("reads a compressed answer within the cap as its text", async () => {
    const body = JSON.stringify({ objectClassName: "domain", ldhName: "example.test" });
    main.answer((_req, res) => { res.writeHead(200, { "content-encoding": "gzip" }); res.end(gzipSync(body)); });
    expect((await ask({ url: `${main.url}/x` })).text).toBe(body);
  });

  it("reads an answer of exactly the cap", async () => {
    main.answer((_req, res) => stream(res, MB));
    expect((await ask({ url: `${main.url}/x` })).text).toHaveLength(MB);
  });
});

describe("slow answers", () => {
  it("gives up on an answer that drips in slower than the time limit, whatever it sent so far", async () => {
    main.answer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write("{"), 50);
      res.on("close", () => clearInterval(timer));
    });
    const started = Date.now();
    const error = await failure(ask({ url: `${main.url}/slow` }, { ...options, timeoutMs: 400 }));
    expect(error).toMatchObject({ kind: "timeout", message: "The RDAP server x.test did not answer within 400 ms; try again later" });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe("redirects", () => {
  it("does not follow a configured URL's redirect to another port of this machine", async () => {
    main.answer((_req, res) => { res.writeHead(302, { location: `${other.url}/admin` }); res.end(); });
    const error = await failure(ask({ url: `${main.url}/domain/a.test` }));
    expect(error).toMatchObject({ kind: "refused" });
    expect(error.message).toBe(`The RDAP server x.test cannot be asked: The address of 127.0.0.1 is a loopback address (127.0.0.1 port ${other.port}); this server does not connect to loopback addresses unless its operator allows that address and port`);
    expect(other.seen).toHaveLength(0);
  });

  it("does not follow a redirect to the cloud metadata address, whatever the operator allows", async () => {
    main.answer((_req, res) => { res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }); res.end(); });
    const error = await failure(ask({ url: `${main.url}/x`, network: networkPolicy("private, 0.0.0.0/0:*") }));
    expect(error.message).toMatch(/is a link-local address \(169\.254\.169\.254\); this server never connects to link-local addresses$/);
  });

  it("follows a redirect to another origin the policy allows, carrying none of the request's own headers", async () => {
    main.answer((_req, res) => { res.writeHead(302, { location: `${other.url}/moved?x=1` }); res.end(); });
    const res = await ask({
      url: `${main.url}/x`, headers: { authorization: "Bearer secret-key", "x-api-key": "k", accept: "application/json" },
      network: networkPolicy(`127.0.0.1:${other.port}`),
    });
    expect(res).toMatchObject({ status: 200, text: "ok" });
    expect(other.seen[0]!.path).toBe("/moved?x=1");
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
    expect(other.seen[0]!.headers["x-api-key"]).toBeUndefined();
    expect(other.seen[0]!.headers.accept).toBe("application/json");
    expect(main.seen[0]!.headers.authorization).toBe("Bearer secret-key");
  });

  it("does not send a request's body on to another origin", async () => {
    main.answer((_req, res) => { res.writeHead(307, { location: `${other.url}/in` }); res.end(); });
    const error = await failure(ask({ url: `${main.url}/x`, method: "POST", body: "{\"apikey\":\"k\"}", network: networkPolicy(`127.0.0.1:${other.port}`) }));
    expect(error.message).toBe("The RDAP server x.test redirected the request to another server, which is not followed with the request's body");
    expect(other.seen).toHaveLength(0);
  });

  it("stops after five redirects", async () => {
    main.answer((req, res) => { res.writeHead(302, { location: `${req.url}x` }); res.end(); });
    const error = await failure(ask({ url: `${main.url}/r` }));
    expect(error).toMatchObject({ kind: "refused", message: "The RDAP server x.test redirected more than 5 times; nothing was read" });
    expect(main.seen).toHaveLength(6);
  });

  it("asks the target of a redirect to another origin over https only", async () => {
    const resolve = async () => [{ address: "93.184.215.14", family: 4 as const }];
    main.answer((_req, res) => { res.writeHead(301, { location: "http://rdap.example/" }); res.end(); });
    // The configured URL may be plain http; a hop to another origin is not.
    const downgrade = await failure(ask({ url: `${main.url}/x` }, { ...options, resolve }));
    expect(downgrade.message).toMatch(/cannot be asked over plain http/);
  });
});

describe("URLs that did not come from the configuration", () => {
  const untrusted = { urlFrom: "elsewhere" as const };

  it.each([
    ["http://169.254.169.254/latest/meta-data/", /link-local address \(169\.254\.169\.254\)/],
    ["https://127.0.0.1/domain/x.test", /loopback address \(127\.0\.0\.1 port 443\)/],
    ["https://10.0.0.5/domain/x.test", /private network address \(10\.0\.0\.5 port 443\)/],
    ["https://[::ffff:169.254.169.254]/", /link-local address/],
    ["https://8.8.8.8:5432/", /uses port 5432/],
  ])("refuses %s before connecting", async (url, expected) => {
    const error = await failure(ask({ url, ...untrusted }));
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(expected);
  });

  it("refuses a host name that resolves to this machine, and asks DNS once, connecting to what it checked", async () => {
    let asked = 0;
    const resolve = async () => { asked++; return [{ address: "127.0.0.1", family: 4 as const }]; };
    const refused = await failure(ask({ url: `https://rdap.evil.test:${main.port}/`, ...untrusted }, { ...options, resolve }));
    expect(refused.message).toMatch(/resolves to a loopback address/);
    expect(main.seen).toHaveLength(0);

    // Listed by the operator (a benchmark's loopback servers): reached, plain http included, at the checked address.
    const rebinding = async () => (asked++ === 1 ? [{ address: "127.0.0.1", family: 4 as const }] : [{ address: "10.9.9.9", family: 4 as const }]);
    const res = await ask({ url: `http://rdap.local.test:${main.port}/domain/a.test`, ...untrusted, network: networkPolicy("127.0.0.1:*") }, { ...options, resolve: rebinding });
    expect(res.text).toBe("ok");
    expect(asked).toBe(2);
    expect(main.seen[0]!.headers.host).toBe(`rdap.local.test:${main.port}`);
  });

  it("asks a public host over https only", async () => {
    const resolve = async () => [{ address: "93.184.215.14", family: 4 as const }];
    const error = await failure(ask({ url: "http://rdap.cctld.test/domain/a.test", ...untrusted }, { ...options, resolve }));
    expect(error).toMatchObject({ kind: "refused", message: "The RDAP server x.test cannot be asked over plain http: this server asks servers it was not configured with over https only" });
  });
});
