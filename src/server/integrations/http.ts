/**
 * The one way integrations call third-party HTTP APIs: a time limit per call, bounded retries
 * with exponential backoff on 429 and 5xx (honouring Retry-After), the caller's AbortSignal, a
 * cap on the size of every answer, redirects followed only hop by hop after checking each, URLs
 * that did not come from the configuration checked against the network policy (net/http-exchange.ts),
 * and errors whose messages name the service and say what to do, never the URL (API keys
 * travel in query strings) nor a header or query value. Nothing here logs a request or its headers.
 */
import { PUBLIC_WEB, type NetworkPolicy } from "./net/address-policy.ts";
import { systemResolve, type Resolver } from "./net/checked-address.ts";
import { exchange, ExchangeFailure } from "./net/http-exchange.ts";
import { redactSecrets } from "../lib/redact.ts";
import { networkReason } from "./net/network-errors.ts";

/**
 * too-large: the answer passed the request's maxBytes (not retried). refused: the URL, or a
 * redirect, goes where this server does not send requests (not retried).
 */
export type HttpErrorKind = "timeout" | "http" | "network" | "incomplete" | "cancelled" | "too-large" | "refused";

/** What callers that word their own messages need beyond the kind and the status. */
export interface HttpErrorDetails {
  /** The Retry-After of the last answer, when it had a readable one. */
  retryAfterMs?: number;
  /** The system error code of a network failure (ECONNREFUSED, ENOTFOUND…), when there is one. */
  code?: string;
  /** The host a network failure was about, for words like "the address … was not found". */
  host?: string;
}

export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind, message: string, readonly status?: number, readonly details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export interface HttpOptions {
  /** Per attempt, from sending the request to the last byte of the body. */
  timeoutMs?: number;
  /** Tries in all, the first included. */
  attempts?: number;
  /** First backoff wait; each retry doubles it. */
  baseDelayMs?: number;
  /** Longest wait between tries; a Retry-After beyond it ends the retries instead. */
  maxDelayMs?: number;
  /** Replaceable so tests need not wait real seconds. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Replaceable in tests, to make a host name resolve where they need it (checked URLs only). */
  resolve?: Resolver;
}

export interface HttpRequest {
  /** Named in every message: "Porkbun answered 503 …". */
  service: string;
  url: string;
  method?: "GET" | "POST";
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
  /**
   * Hand back a 4xx answer (429 aside) instead of throwing, for APIs that explain a refusal in
   * the body. 429 and 5xx are still retried, and throw once the retries are spent.
   */
  returnClientErrors?: boolean;
  /**
   * "follow" (the default): redirects are followed hop by hop, each hop to another origin checked
   * like an untrusted URL; "error" refuses them, for APIs whose keys travel in the URL.
   */
  redirect?: "follow" | "error";
  /**
   * The most bytes of the answer (decoded) read: a longer one fails as "too-large" and is not
   * read further. Each caller says what its answers need (docs/decisions/039).
   */
  maxBytes: number;
  /**
   * "configuration" (the default): the URL is the operator's own setting and is trusted as is.
   * "elsewhere": it came from data (IANA's bootstrap file, an answer), so its scheme, addresses
   * and port are checked against `network` before connecting.
   */
  urlFrom?: "configuration" | "elsewhere";
  /** What checked URLs may reach: public addresses on the usual web ports unless the operator allowed more. */
  network?: NetworkPolicy;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export const DEFAULT_HTTP_OPTIONS = { timeoutMs: 30_000, attempts: 3, baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;

const COUNT_WORDS = ["once", "twice", "three times", "four times", "five times"];
const times = (n: number) => COUNT_WORDS[n - 1] ?? `${n} times`;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => { signal?.removeEventListener("abort", onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(timer); reject(signal!.reason); };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry-After in milliseconds, from delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const retryable = (status: number) => status === 429 || status >= 500;

/** A cap in words, for callers' messages and the decision record's figures. */
export const MB = 1024 * 1024;

/** Sends the request, retrying what is worth retrying; resolves with any 2xx/3xx answer, body read in full (up to its cap). */
export async function httpRequest(request: HttpRequest, options: HttpOptions = {}): Promise<HttpResponse> {
  const { timeoutMs, attempts, baseDelayMs, maxDelayMs } = { ...DEFAULT_HTTP_OPTIONS, ...options };
  const wait = options.sleep ?? sleep;
  const { service, signal } = request;
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);

  const cancelled = () => new HttpError("cancelled", `The request to ${service} was cancelled`);
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw cancelled();
    const outcome = await attemptOnce(url, request, { timeoutMs, resolve: options.resolve ?? systemResolve }, cancelled);
    const last = attempt >= attempts;
    if ("response" in outcome) {
      const { response } = outcome;
      if (response.status < 400) return response;
      const label = `${response.status}${statusText(response.status)}`;
      if (!retryable(response.status)) {
        if (request.returnClientErrors) return response;
        throw new HttpError("http", `${service} answered ${label}${hintFor(response.status)}`, response.status);
      }
      const asked = retryAfterMs(response.headers.get("retry-after"));
      const details = asked === null ? {} : { retryAfterMs: asked };
      if (last) throw new HttpError("http", `${service} answered ${label} ${times(attempt)}; try again later`, response.status, details);
      if (asked !== null && asked > maxDelayMs) {
        throw new HttpError("http", `${service} answered ${label} and asked to wait ${Math.ceil(asked / 1000)} s; try again later`, response.status, details);
      }
      await pause(asked ?? Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
    } else {
      // A refused or reset connection is as passing as a 503; a timeout is not retried, so a
      // silent service costs one time limit, not several.
      if (outcome.error.kind !== "network" || last) throw outcome.error;
      await pause(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
    }
  }

  async function pause(ms: number) {
    try {
      await wait(ms, signal);
    } catch {
      throw cancelled();
    }
  }
}

async function attemptOnce(
  url: URL, request: HttpRequest, options: { timeoutMs: number; resolve: Resolver }, cancelled: () => HttpError,
): Promise<{ response: HttpResponse } | { error: HttpError }> {
  const { service } = request;
  const { timeoutMs } = options;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  try {
    const answer = await exchange({
      service, url, method: request.method ?? "GET", headers: request.headers ?? {}, body: request.body,
      trusted: request.urlFrom !== "elsewhere", redirect: request.redirect ?? "follow", maxBytes: request.maxBytes,
      policy: request.network ?? PUBLIC_WEB, resolve: options.resolve, signal,
    });
    return { response: answer };
  } catch (error) {
    if (request.signal?.aborted) return { error: cancelled() };
    if (timeout.signal.aborted) return { error: new HttpError("timeout", `${service} did not answer within ${seconds(timeoutMs)}; try again later`) };
    if (!(error instanceof ExchangeFailure)) throw error;
    return { error: toHttpError(error, url, request) };
  } finally {
    clearTimeout(timer);
  }
}

function toHttpError(failure: ExchangeFailure, url: URL, request: HttpRequest): HttpError {
  const { service } = request;
  if (failure.kind === "too-large") return new HttpError("too-large", failure.message);
  if (failure.kind === "refused") return new HttpError("refused", failure.message);
  const { code } = failure;
  const host = failure.host ?? url.hostname;
  const details = code ? { code, host } : { host };
  if (failure.kind === "unresolved") return new HttpError("network", `Could not reach ${service}: ${failure.message}; check the network and try again later`, undefined, details);
  const reason = withoutRequestValues(code ?? failure.message, url, request);
  if (failure.kind === "body") return new HttpError("incomplete", `${service}'s answer broke off before its end (${reason}); try again later`, undefined, details);
  // Operators read these (price-source runs): the sentence first, the system code after it.
  const known = networkReason(code, host);
  return new HttpError("network", known
    ? `Could not reach ${service}: ${known} (${code}); check the network and try again later`
    : `Could not reach ${service} (${reason}); check the network and try again later`, undefined, details);
}

/** A low-level error's text without the request's URL, query values or header values (credentials travel in them). */
const withoutRequestValues = (text: string, url: URL, request: HttpRequest) =>
  redactSecrets(text, [url.href, ...url.searchParams.values(), ...Object.values(request.headers ?? {})], { pairs: false });

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
  408: "Request Timeout", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
  503: "Service Unavailable", 504: "Gateway Timeout",
};
const statusText = (status: number) => (STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : "");

function hintFor(status: number): string {
  if (status === 401 || status === 403) return "; check the API key and the account's API access";
  if (status === 404) return "; check the configured API URL";
  return "";
}
