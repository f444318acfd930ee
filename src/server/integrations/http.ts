/**
 * The one way integrations call third-party HTTP APIs: a time limit per call, bounded retries
 * with exponential backoff on 429 and 5xx (honouring Retry-After), the caller's AbortSignal,
 * and errors whose messages name the service and say what to do, never the URL (API keys
 * travel in query strings) nor a header or query value. Nothing here logs a request or its headers.
 */
import { redactSecrets } from "../lib/redact.ts";
import { networkReason } from "./network-errors.ts";

export type HttpErrorKind = "timeout" | "http" | "network" | "incomplete" | "cancelled";

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
  /** "error" refuses redirects, for APIs whose keys travel in the URL (default "follow"). */
  redirect?: "follow" | "error";
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

/** Sends the request, retrying what is worth retrying; resolves with any 2xx/3xx answer, body read in full. */
export async function httpRequest(request: HttpRequest, options: HttpOptions = {}): Promise<HttpResponse> {
  const { timeoutMs, attempts, baseDelayMs, maxDelayMs } = { ...DEFAULT_HTTP_OPTIONS, ...options };
  const wait = options.sleep ?? sleep;
  const { service, signal } = request;
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);

  const cancelled = () => new HttpError("cancelled", `The request to ${service} was cancelled`);
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw cancelled();
    const outcome = await attemptOnce(url, request, timeoutMs, cancelled);
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
  url: URL, request: HttpRequest, timeoutMs: number, cancelled: () => HttpError,
): Promise<{ response: HttpResponse } | { error: HttpError }> {
  const { service } = request;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  const classify = (error: unknown, stage: "connect" | "body"): HttpError => {
    if (request.signal?.aborted) return cancelled();
    if (timeout.signal.aborted) return new HttpError("timeout", `${service} did not answer within ${seconds(timeoutMs)}; try again later`);
    const code = causeOf(error)?.code;
    const reason = withoutRequestValues(code ?? causeOf(error)?.message ?? (error instanceof Error ? error.message : String(error)), url, request);
    const details = code ? { code, host: url.hostname } : { host: url.hostname };
    // Operators read these (price-source runs): the sentence first, the system code after it.
    const known = networkReason(code, url.hostname);
    return stage === "connect"
      ? new HttpError("network", known
        ? `Could not reach ${service}: ${known} (${code}); check the network and try again later`
        : `Could not reach ${service} (${reason}); check the network and try again later`, undefined, details)
      : new HttpError("incomplete", `${service}'s answer broke off before its end (${reason}); try again later`, undefined, details);
  };
  try {
    let res: Response;
    try {
      res = await fetch(url, { method: request.method ?? "GET", headers: request.headers, body: request.body, signal, redirect: request.redirect ?? "follow" });
    } catch (error) {
      return { error: classify(error, "connect") };
    }
    try {
      const text = await res.text();
      return { response: { status: res.status, headers: res.headers, text } };
    } catch (error) {
      return { error: classify(error, "body") };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A low-level error's text without the request's URL, query values or header values (credentials travel in them). */
const withoutRequestValues = (text: string, url: URL, request: HttpRequest) =>
  redactSecrets(text, [url.href, ...url.searchParams.values(), ...Object.values(request.headers ?? {})], { pairs: false });

const causeOf = (error: unknown) => (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;

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
