/**
 * Sends one webhook request, or one request to a chat or push service's API (services.ts; a PUT
 * for Matrix). The host name is resolved here, every address it resolves to and
 * the port are checked against the operator's policy (net/address-policy.ts: public addresses on the
 * usual web ports, and what WEBHOOK_ALLOW_PRIVATE and WEBHOOK_PORTS add), and the connection is
 * made to those checked addresses only (net/checked-address.ts), so a DNS answer that changes between
 * the check and the connection (DNS rebinding) is never asked for. The request is the server's one
 * HTTP exchange (net/http-exchange.ts) on a fresh connection. Redirects are not followed,
 * the whole exchange has one time limit, and at most MAX_RESPONSE_BYTES of the answer are read;
 * a receiver's words are quoted to the webhook's owner only when it is on a public address.
 * Messages name the host, never the URL: Slack and Discord URLs carry their token in the path,
 * and an ntfy topic name is its password. A service's address from the operator's configuration
 * (TELEGRAM_API_URL, PUSHOVER_API_URL) is the one exception to the policy: it is listed as it is.
 */
import { isIP } from "node:net";
import { checkTarget, onlyThisAddress, refusalMessage, type NetworkPolicy } from "../net/address-policy.ts";
import { bareHost, checkUrlTarget, portOf, systemResolve, type CheckedTarget, type ResolvedAddress, type Resolver } from "../net/checked-address.ts";
import { exchange, ExchangeFailure } from "../net/http-exchange.ts";
import { networkReason } from "../net/network-errors.ts";
import { buildPayload, type UrlFormat, type WebhookMessage } from "./formats.ts";

/** invalid-url and address failures are the URL's fault; the others are the receiver's or the network's. */
export type WebhookErrorKind = "invalid-url" | "address" | "timeout" | "network" | "redirect" | "http";

export class WebhookError extends Error {
  constructor(
    readonly kind: WebhookErrorKind,
    message: string,
    /** Worth trying again later (timeouts, network failures, 408, 429 and 5xx answers). */
    readonly retryable: boolean,
    readonly status?: number,
    /** The receiver's Retry-After, when it sent a readable one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "WebhookError";
  }
}

export interface WebhookTarget {
  url: string;
  format: UrlFormat;
  /** The signing secret, in clear; required for the generic format. */
  secret: string | null;
}

export type { ResolvedAddress };

export interface WebhookSendOptions {
  /** Public addresses on the usual web ports, and what the operator allows besides (config.ts webhookPolicy). */
  policy: NetworkPolicy;
  /** For the whole exchange: resolving, connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Replaceable in tests, to make a host name resolve where they need it. */
  resolve?: Resolver;
  /** Unix seconds, for the signature's timestamp. */
  now?: () => number;
  /** The caller's cancellation (a job being stopped): the request is abandoned as a retryable failure. */
  signal?: AbortSignal | undefined;
  /** Certificate authorities to trust instead of the system's (tests' self-signed receivers). */
  ca?: string | undefined;
}

export interface WebhookSendResult {
  status: number;
  durationMs: number;
}

/** More than any receiver's acknowledgement needs; the rest of a longer answer is not read. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_URL_LENGTH = 2048;

const WORDS = { subject: "Webhook address" };
const HTTPS_ONLY = "Webhook URL must start with https:// (this server sends webhooks over HTTPS only, except to addresses its operator allowed)";

/**
 * The URL, if a webhook may be sent to it: http or https, no user name or password, and, when
 * the host is an IP address, an address and port the policy allows (plain http only to one the
 * operator listed). Host names are checked when sending, where they are resolved.
 */
export function parseWebhookUrl(raw: string, policy: NetworkPolicy): URL {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH) throw new WebhookError("invalid-url", `Webhook URL is longer than ${MAX_URL_LENGTH} characters`, false);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookError("invalid-url", "Webhook URL is not a valid URL (it should look like https://example.com/hook)", false);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new WebhookError("invalid-url", "Webhook URL must start with https://", false);
  }
  if (url.username || url.password) {
    throw new WebhookError("invalid-url", "Webhook URL must not contain a user name or password", false);
  }
  const literal = bareHost(url);
  if (isIP(literal)) {
    const target = { host: literal, port: portOf(url), address: literal };
    const verdict = checkTarget(policy, target);
    if (!verdict.allowed) throw new WebhookError("address", refusalMessage(verdict, target, policy, { ...WORDS, literal: true }), false);
    if (url.protocol === "http:" && !verdict.listed) throw new WebhookError("invalid-url", HTTPS_ONLY, false);
  }
  return url;
}

/** Every address the URL's host stands for, each one checked against the policy (and http only to listed ones). */
async function resolveChecked(url: URL, options: WebhookSendOptions): Promise<CheckedTarget> {
  const outcome = await checkUrlTarget(url, options.policy, options.resolve ?? systemResolve, WORDS);
  if (!outcome.ok) {
    throw outcome.problem === "refused"
      ? new WebhookError("address", outcome.message, false)
      : new WebhookError("network", `Could not reach the webhook: ${outcome.message}`, true);
  }
  if (url.protocol === "http:" && !outcome.target.listed) throw new WebhookError("invalid-url", HTTPS_ONLY, false);
  return outcome.target;
}

/**
 * Whether a webhook may be sent to `raw` now: the URL checks of parseWebhookUrl, and every address
 * its host resolves to allowed. For saying so when a webhook is added, before anything is sent.
 */
export async function checkWebhookUrl(raw: string, options: WebhookSendOptions): Promise<URL> {
  const url = parseWebhookUrl(raw, options.policy);
  const limit = timeLimit({ timeoutMs: options.timeoutMs }, bareHost(url), `Looking up ${bareHost(url)} took longer than ${seconds(options.timeoutMs)}`);
  try {
    await limit.race(resolveChecked(url, options));
    return url;
  } finally {
    limit.clear();
  }
}

/** Sends `message` to the webhook; resolves on a 2xx answer and throws a WebhookError otherwise. */
export async function sendWebhook(target: WebhookTarget, message: WebhookMessage, options: WebhookSendOptions): Promise<WebhookSendResult> {
  const timestamp = (options.now ?? (() => Math.floor(Date.now() / 1000)))();
  const payload = buildPayload(target.format, message, target.secret, timestamp);
  return sendServiceRequest({ url: target.url, method: "POST", ...payload }, options);
}

/**
 * One request to a chat or push service: a webhook-style URL the user gave (checked against the
 * policy like any webhook), or an API whose address comes from the operator's configuration.
 */
export interface ServiceRequest {
  url: string;
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: string;
  /** Names the receiver in messages ("Telegram"); "The webhook" when left out. */
  service?: string;
  /**
   * The URL's origin comes from the operator's configuration (TELEGRAM_API_URL): it is reached
   * wherever it points, over http too, and its answers are quoted to the user.
   */
  configured?: boolean;
  /** The service's own words for a refusal, read from its answer (Telegram's description, Matrix's errcode). */
  explain?: (status: number, text: string) => string | undefined;
  /** A 2xx answer that still means nothing was sent (Apprise's 204 for an unknown key): the sentence saying so. */
  emptySuccess?: (status: number) => string | undefined;
  /** A refusal that is the service's passing trouble, worth trying again (Apprise's 424): the sentence saying so. */
  transient?: (status: number) => string | undefined;
}

/** A policy that lists exactly the configured URL's host and port (so plain http and loopback fakes work). */
const configuredPolicy = (url: URL): NetworkPolicy => onlyThisAddress(bareHost(url), portOf(url));

/** Sends one request; resolves on a 2xx answer and throws a WebhookError otherwise. */
export async function sendServiceRequest(request: ServiceRequest, baseOptions: WebhookSendOptions): Promise<WebhookSendResult> {
  const started = performance.now();
  const options = request.configured ? { ...baseOptions, policy: configuredPolicy(new URL(request.url)) } : baseOptions;
  const url = parseWebhookUrl(request.url, options.policy);
  const host = bareHost(url);
  const who = request.service ? `${request.service} at ${host}` : `The webhook at ${host}`;
  const { signal, stopped, race, clear } = timeLimit(options, host, `${who} did not answer within ${seconds(options.timeoutMs)}`);
  try {
    const checked = await race(resolveChecked(url, options));
    const status = await send({
      url, host, target: checked, resolve: options.resolve ?? systemResolve, policy: options.policy, method: request.method, body: request.body, headers: request.headers, signal, stopped, ca: options.ca,
      who, advice: request.service ? "check the channel's settings" : "check the URL", quote: request.configured === true || checked.public, explain: request.explain,
    });
    const empty = request.emptySuccess?.(status);
    if (empty) throw new WebhookError("http", `${who}: ${empty}`, false, status);
    return { status, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const transient = error instanceof WebhookError && !error.retryable && error.status !== undefined ? request.transient?.(error.status) : undefined;
    if (transient) throw new WebhookError("http", `${who}: ${transient}`, true, (error as WebhookError).status);
    throw error;
  } finally {
    clear();
  }
}

/**
 * The one time limit of a lookup or a whole exchange: `signal` aborts after options.timeoutMs
 * or when the caller's signal does, `stopped()` is the error for either, and `race` stops
 * waiting for a promise then (a resolver cannot be cancelled; its late answer is not waited
 * for). `clear` ends the timer.
 */
function timeLimit(options: Pick<WebhookSendOptions, "timeoutMs" | "signal">, host: string, timeoutMessage: string) {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const stopped = () => (options.signal?.aborted
    ? new WebhookError("network", `Sending the webhook to ${host} was cancelled`, true)
    : new WebhookError("timeout", timeoutMessage, true));
  const abandoned = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(stopped());
    signal.addEventListener("abort", () => reject(stopped()), { once: true });
  });
  abandoned.catch(() => {});
  return {
    signal, stopped,
    race: <T>(work: Promise<T>) => Promise.race([work, abandoned]),
    clear: () => clearTimeout(timer),
  };
}

interface Exchange {
  url: URL;
  host: string;
  target: CheckedTarget;
  /** Used only should the exchange look the host up again (it connects to `target`'s addresses). */
  resolve: Resolver;
  policy: NetworkPolicy;
  method: "POST" | "PUT";
  body: string;
  headers: Record<string, string>;
  /** "The webhook at host", "Telegram at host": who answered, in messages. */
  who: string;
  /** What to check after a refusal: "check the URL", "check the channel's settings". */
  advice: string;
  /** Whether the receiver's own words may be repeated to the user (a public address, or the operator's configured service). */
  quote: boolean;
  explain: ServiceRequest["explain"];
  /** Aborted at the time limit or by the caller: the request and its socket are destroyed. */
  signal: AbortSignal;
  /** The error for an aborted exchange: a timeout, or the caller's cancellation. */
  stopped: () => WebhookError;
  ca: string | undefined;
}

/**
 * One request through the server's HTTP exchange: to the checked addresses, on a connection of
 * its own (a pooled socket could lead to an address checked for another URL), a redirect answered
 * rather than followed, and at most MAX_RESPONSE_BYTES of the answer read (only its status counts).
 * The certificate is checked against the URL's host name (sent as SNI), not the pinned address.
 */
async function send({ url, host, target, resolve, policy, method, body, headers, who, advice, quote, explain, signal, stopped, ca }: Exchange): Promise<number> {
  let answer;
  try {
    answer = await exchange({
      service: who, url, method, headers, body, trusted: false, checked: target.addresses, redirect: "return", maxBytes: MAX_RESPONSE_BYTES,
      policy, resolve, signal, fresh: true, ca, statusOnly: true,
    });
  } catch (error) {
    if (signal.aborted) throw stopped();
    if (!(error instanceof ExchangeFailure)) throw error;
    if (error.kind === "refused" || error.kind === "unresolved") throw new WebhookError("address", error.message, false);
    const reason = networkReason(error.code, host);
    throw new WebhookError("network", `Could not reach the webhook: ${reason ?? `the connection to ${host} failed (${error.code ?? error.message})`}`, true);
  }
  if (signal.aborted) throw stopped();
  const { status, text } = answer;
  if (status >= 200 && status < 300) return status;
  // What a receiver on the operator's own network says is not for the user who aimed at it.
  throw answerError(status, answer.headers, quote ? text : "", host, { who, said: quote ? explain?.(status, text) : undefined, advice });
}

/**
 * The error for a receiver's non-2xx answer; `text` is what it said, empty when it must not be
 * repeated. `words.who` names the receiver, `words.said` is a service's own reading of its answer,
 * `words.advice` what to check after a refusal.
 */
export function answerError(
  status: number, headers: Headers | Record<string, string | string[] | undefined>, text: string, host: string, words: { who?: string; said?: string | undefined; advice?: string } = {},
): WebhookError {
  const who = words.who ?? `The webhook at ${host}`;
  if (status >= 300 && status < 400) {
    return new WebhookError("redirect", `${who} answered with a redirect (HTTP ${status}); redirects are not followed, so enter the address it redirects to`, false, status);
  }
  const said = excerpt(words.said ?? text);
  const suffix = said ? `: ${said}` : "";
  if (status === 408 || status === 429 || status >= 500) {
    const wait = retryAfter(headers instanceof Headers ? (headers.get("retry-after") ?? undefined) : headers["retry-after"]);
    return new WebhookError("http", `${who} is unavailable (HTTP ${status})${suffix}`, true, status, wait);
  }
  return new WebhookError("http", `${who} refused the message (HTTP ${status})${suffix}; ${words.advice ?? "check the URL"}`, false, status);
}

/** The start of a receiver's answer on one line, for the error shown to the webhook's owner. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

function retryAfter(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
