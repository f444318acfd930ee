/**
 * One attempt of an outgoing request (../http.ts retries attempts): the request, the redirects it
 * follows, and its answer read up to a size cap. Built on node:http(s) rather than fetch so the
 * connection can be pinned to checked addresses (checked-address.ts) and the answer read as a
 * stream:
 * - A URL the operator configured is trusted as is, and so is a redirect to the same origin. Any
 *   other URL (one the caller marks untrusted, or a redirect to another origin) is checked before
 *   connecting: https (plain http only to an address the operator listed), every address its host
 *   resolves to and its port against the network policy, and the connection pinned to them.
 * - Redirects are followed one hop at a time, at most MAX_REDIRECTS, never from https to http; a
 *   hop to another origin carries none of the request's own headers (keys travel in them), and a
 *   request with a body is not sent on to another origin at all.
 * - The answer is decoded (gzip, deflate, br) and counted as it arrives: past `maxBytes` of decoded
 *   text the request is torn down and the attempt fails as too large, so a huge or endless answer
 *   costs at most the cap in memory, and a compressed bomb no more than its cap.
 * - Webhooks and chat services (webhooks/send.ts) use the same exchange with redirects returned
 *   rather than followed, their addresses checked before the call, a fresh connection each time,
 *   and the answer's text cut at the cap (only its status counts).
 */
import http from "node:http";
import https from "node:https";
import type { Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import type { NetworkPolicy } from "./address-policy.ts";
import { bareHost, checkUrlTarget, pinnedLookup, type ResolvedAddress, type Resolver } from "./checked-address.ts";

export const MAX_REDIRECTS = 5;

export interface ExchangeRequest {
  /** Named in messages ("The RDAP server rdap.example"). */
  service: string;
  url: URL;
  method: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  body: string | undefined;
  /** Whether `url` came from the operator's configuration (trusted as is) or from elsewhere (checked). */
  trusted: boolean;
  /** follow: up to MAX_REDIRECTS hops; error: a redirect fails the exchange; return: the redirect is the answer (its text unread). */
  redirect: "follow" | "error" | "return";
  maxBytes: number;
  policy: NetworkPolicy;
  resolve: Resolver;
  signal: AbortSignal;
  /** The addresses `url`'s host resolved to, checked against `policy` by the caller: the first hop connects to them without looking again. */
  checked?: ResolvedAddress[] | undefined;
  /** A new connection for this exchange alone, closed after it (no keep-alive pool). */
  fresh?: boolean | undefined;
  /** Certificate authorities to trust instead of the system's (with `fresh`; tests' self-signed receivers). */
  ca?: string | undefined;
  /** Only the status counts: text past `maxBytes` is cut off, and a body cut short ends the text, rather than failing the exchange. */
  statusOnly?: boolean | undefined;
}

export interface ExchangeAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Why an exchange ended without an answer; ../http.ts words it and decides whether to retry. */
export class ExchangeFailure extends Error {
  constructor(
    readonly kind: "connect" | "body" | "too-large" | "refused" | "unresolved",
    message: string,
    readonly code?: string,
    readonly host?: string,
  ) {
    super(message);
    this.name = "ExchangeFailure";
  }
}

// Keep-alive pools: one for trusted URLs, one for checked ones, so a socket opened to a trusted
// host's address is never handed to a request whose addresses were checked, or the other way.
const agents = {
  trusted: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  checked: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
};

/** Request headers a hop to another origin keeps: nothing that could carry a credential. */
const PORTABLE_HEADERS = new Set(["accept", "accept-language", "user-agent"]);

export async function exchange(request: ExchangeRequest): Promise<ExchangeAnswer> {
  let { url, method, headers, body } = request;
  const trustedOrigins = new Set(request.trusted ? [url.origin] : []);
  for (let hop = 0; ; hop++) {
    const pinned = trustedOrigins.has(url.origin) ? null : hop === 0 && request.checked ? request.checked : await check(request, url);
    const answer = await send(request, url, method, headers, body, pinned);
    const location = answer.location;
    if (!location) return answer.read();
    if (request.redirect === "return") {
      answer.discard();
      return { status: answer.status, headers: answer.headers, text: "" };
    }
    answer.discard();
    if (request.redirect === "error") {
      throw new ExchangeFailure("refused", `${request.service} answered with a redirect (HTTP ${answer.status}), which is not followed; check the configured URL`);
    }
    if (hop >= MAX_REDIRECTS) throw new ExchangeFailure("refused", `${request.service} redirected more than ${MAX_REDIRECTS} times; nothing was read`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new ExchangeFailure("refused", `${request.service} redirected to something that is not a URL`);
    }
    if (next.protocol !== "https:" && next.protocol !== "http:") throw new ExchangeFailure("refused", `${request.service} redirected to a ${next.protocol} URL, which is not followed`);
    if (url.protocol === "https:" && next.protocol === "http:") {
      throw new ExchangeFailure("refused", `${request.service} redirected from https to plain http, which is not followed`);
    }
    if (next.origin !== url.origin) {
      if (body !== undefined && (answer.status === 307 || answer.status === 308)) {
        throw new ExchangeFailure("refused", `${request.service} redirected the request to another server, which is not followed with the request's body`);
      }
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => PORTABLE_HEADERS.has(name.toLowerCase())));
    }
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"));
    }
    url = next;
  }
}

/** Checks an untrusted URL's scheme, addresses and port; the addresses to connect to. */
async function check(request: ExchangeRequest, url: URL): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = bareHost(url);
  if (url.username || url.password) throw new ExchangeFailure("refused", `${request.service}'s URL carries a user name or password, which is not sent`);
  const outcome = await checkUrlTarget(url, request.policy, request.resolve, { subject: `The address of ${host}`, verb: "connect" });
  if (!outcome.ok) {
    throw outcome.problem === "refused"
      ? new ExchangeFailure("refused", `${request.service} cannot be asked: ${outcome.message}`)
      : new ExchangeFailure("unresolved", outcome.message, undefined, host);
  }
  if (url.protocol !== "https:" && !outcome.target.listed) {
    throw new ExchangeFailure("refused", `${request.service} cannot be asked over plain http: this server asks servers it was not configured with over https only`);
  }
  return outcome.target.addresses;
}

interface Answered {
  status: number;
  headers: Headers;
  /** Set for a redirect to follow (3xx with a Location). */
  location: string | null;
  read(): Promise<ExchangeAnswer>;
  discard(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function send(
  request: ExchangeRequest, url: URL, method: string, headers: Record<string, string>, body: string | undefined,
  pinned: { address: string; family: 4 | 6 }[] | null,
): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const pool = pinned ? agents.checked : agents.trusted;
    const host = bareHost(url);
    let outgoing: http.ClientRequest;
    try {
      outgoing = transport.request(url, {
        method, signal: request.signal,
        agent: request.fresh ? false : url.protocol === "https:" ? pool.https : pool.http,
        ...(request.ca ? { ca: request.ca } : {}),
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
        headers: {
          accept: "*/*", "user-agent": "TLDScope", ...headers, "accept-encoding": "gzip, deflate, br",
          ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
        },
      });
    } catch (error) {
      // A header Node refuses to send (a line break in a value): nothing left the process.
      const e = error as NodeJS.ErrnoException;
      reject(new ExchangeFailure("connect", e.message, e.code, host));
      return;
    }
    outgoing.on("error", (error: NodeJS.ErrnoException) => reject(new ExchangeFailure("connect", error.message, error.code, host)));
    outgoing.on("response", (response) => {
      outgoing.removeAllListeners("error");
      outgoing.on("error", () => {}); // the body's reader reports what goes wrong from here on
      const status = response.statusCode ?? 0;
      const location = REDIRECTS.has(status) && typeof response.headers.location === "string" ? response.headers.location : null;
      resolve({
        status, location, headers: toHeaders(response.headers),
        read: () => readAnswer(request, response, status, host),
        // A redirect's body is never read: a huge one costs nothing (the socket is closed instead of drained).
        discard: () => { response.on("error", () => {}); response.destroy(); },
      });
    });
    outgoing.end(body);
  });
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function decoder(encoding: string | undefined): Transform | null {
  const e = (encoding ?? "").trim().toLowerCase();
  if (e === "gzip" || e === "x-gzip") return zlib.createGunzip();
  if (e === "deflate") return zlib.createInflate();
  if (e === "br") return zlib.createBrotliDecompress();
  return null;
}

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

function readAnswer(request: ExchangeRequest, response: http.IncomingMessage, status: number, host: string): Promise<ExchangeAnswer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new ExchangeFailure("too-large",
      `${request.service}'s answer is larger than ${megabytes(request.maxBytes)}, more than it can be; it was not read to its end and nothing of it was used`);
    const declared = Number(response.headers["content-length"]);
    const decode = decoder(response.headers["content-encoding"]);
    // A declared length over the cap is refused before a byte is read (only when it counts the text itself).
    if (!request.statusOnly && !decode && Number.isFinite(declared) && declared > request.maxBytes) {
      response.destroy();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const settle = () => {
      done = true;
      response.destroy();
      decode?.destroy();
      resolve({ status, headers: toHeaders(response.headers), text: new TextDecoder("utf-8").decode(Buffer.concat(chunks)) });
    };
    const fail = (failure: ExchangeFailure) => {
      if (done) return;
      // Where only the status counts, the text read so far is the answer, unless the caller stopped the exchange.
      if (request.statusOnly && failure.kind !== "too-large" && !request.signal.aborted) return settle();
      done = true;
      response.destroy();
      decode?.destroy();
      reject(failure);
    };
    const stream: Readable = decode ? response.pipe(decode) : response;
    stream.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > request.maxBytes) {
        if (request.statusOnly) {
          chunks.push(chunk.subarray(0, chunk.length - (size - request.maxBytes)));
          return settle();
        }
        return fail(tooLarge());
      }
      chunks.push(chunk);
    });
    stream.on("end", () => {
      if (done) return;
      if (!response.complete) return fail(new ExchangeFailure("body", "the connection closed before the answer's end", undefined, host));
      done = true;
      resolve({ status, headers: toHeaders(response.headers), text: new TextDecoder("utf-8").decode(Buffer.concat(chunks)) });
    });
    const broke = (error: NodeJS.ErrnoException) => fail(new ExchangeFailure("body", error.message, error.code, host));
    response.on("error", broke);
    if (decode) decode.on("error", broke);
    response.on("aborted", () => fail(new ExchangeFailure("body", "the connection closed before the answer's end", "ECONNRESET", host)));
  });
}
