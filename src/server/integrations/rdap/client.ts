/**
 * Looks domains up at their registry's RDAP server (RFC 9082 `domain/<name>`). One lookup
 * makes one request: no retries and no sleeping here. A 429 makes the server rest for its
 * Retry-After and the answer is "retry later", for the job to reschedule. Answers that say
 * something about the domain (found, not registered) are reused for `cacheSeconds`.
 *
 * A server named by IANA's bootstrap, its bundled supplement or the operator's RDAP_SERVERS_FILE
 * is not trusted: it is asked over https only, at an address and port the network policy allows
 * (public, usual web ports), and so is every redirect it answers; RDAP_BASE_URL_OVERRIDE is
 * trusted.
 * A bootstrap entry that lists plain http only (.kg and .mg) is asked at the same address over
 * https, never over http, where anyone on the path could change the answer (and a fallback to
 * http would hand that to whoever blocks https); only an address the operator listed in
 * OUTBOUND_ALLOW_PRIVATE is asked over http as listed. An answer is read up to
 * ANSWER_CAPS.rdapDomain; no link inside an answer is ever followed.
 */
import { domainToASCII } from "node:url";
import { namedByAllowance, type NetworkPolicy } from "../net/address-policy.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { Resolver } from "../net/checked-address.ts";
import { HttpError, httpRequest } from "../http.ts";
import { rdapRouteFor, type RdapBootstrap, type RdapRoute, type RdapSource } from "./bootstrap.ts";
import { parseDomainAnswer, RdapAnswerError, type RdapDomainRecord } from "./domain-answer.ts";
import { ServerGates } from "../net/host-gates.ts";

/**
 * `source` (RDAP answers only): where the server asked was found (bootstrap.ts rdapRouteFor).
 * A WHOIS answer's `server` is "whois://" and the port-43 host.
 */
export type RdapOutcome =
  | { kind: "ok"; server: string; record: RdapDomainRecord; source?: RdapSource }
  | { kind: "not_found"; server: string; source?: RdapSource }
  /** No server answers for the TLD; `server` names the protocol's lookup that said so ("whois://" when WHOIS was asked too). */
  | { kind: "no_service"; server?: string }
  | { kind: "error"; server: string; reason: string; source?: RdapSource }
  | { kind: "retry_later"; server: string; retryAt: Date; source?: RdapSource }
  /** Given up while waiting for a slot (LookupOptions.abandon): no request was made. */
  | { kind: "abandoned" };

/** How a TLD's registration dates are found: an RDAP server (and where it was found), WHOIS, or nothing. */
export type RegistryMethod = RdapSource | "whois" | "none";

/** The method a finished lookup used, read from its outcome; null when no server was reached for a reason of its own (a failure before any was chosen). */
export function lookupMethod(outcome: Exclude<RdapOutcome, { kind: "abandoned" }>): RegistryMethod | null {
  if (outcome.kind === "no_service") return "none";
  if (outcome.server.startsWith("whois://")) return "whois";
  return outcome.source ?? null;
}

export interface LookupOptions {
  /** Cancels the request itself. */
  signal?: AbortSignal | undefined;
  /** The owner's id: owners take turns for one server's slots (net/host-gates.ts). */
  fairKey?: string | number | undefined;
  /** Ask the registry even when a recent answer is cached (the owner asked for a check). */
  fresh?: boolean | undefined;
  /** Gives up a lookup still waiting for a slot when it aborts. */
  abandon?: AbortSignal | undefined;
}

export interface RdapClientOptions {
  /** The bootstrap in force (read per lookup, so a monthly refresh takes effect without a restart). */
  bootstrap: () => Promise<RdapBootstrap> | RdapBootstrap;
  /** TLD → base URL for TLDs the bootstrap does not cover (bootstrap.ts bundledSupplement); asked under the same network policy. */
  supplement?: Map<string, string> | undefined;
  /** TLD → base URL from RDAP_SERVERS_FILE, asked before the bootstrap; under the same network policy. */
  operator?: Map<string, string> | undefined;
  /** Replaces every TLD's base URL (tests and benchmarks point lookups at a loopback fake); trusted, as the operator's own. */
  baseUrlOverride?: string | undefined;
  /** What the bootstrap's servers (and any redirect) may reach: OUTBOUND_ALLOW_PRIVATE (config.ts outboundPolicy). */
  network: NetworkPolicy;
  /** Replaceable in tests, to make a host name resolve where they need it. */
  resolve?: Resolver;
  maxInFlightPerServer: number;
  requestsPerSecondPerServer: number;
  cacheSeconds: number;
  timeoutMs?: number;
  /** A 429 without a readable Retry-After rests the server this long. */
  defaultRetryAfterMs?: number;
  now?: () => number;
}

const CACHE_ENTRIES = 20_000;

export class RdapClient {
  readonly gates: ServerGates;
  private readonly cache = new Map<string, { at: number; outcome: RdapOutcome }>();
  private readonly now: () => number;

  constructor(private readonly options: RdapClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.gates = new ServerGates(options.maxInFlightPerServer, options.requestsPerSecondPerServer, this.now);
  }

  /** Where this domain's RDAP server is found and its base URL as listed, or null when its TLD has no RDAP service. */
  async routeFor(domain: string): Promise<RdapRoute | null> {
    const { operator, supplement } = this.options;
    return rdapRouteFor(domain, { operator, bootstrap: await this.options.bootstrap(), supplement });
  }

  /** The base URL that answers for this domain, or null when its TLD has no RDAP service. */
  async serverFor(domain: string): Promise<string | null> {
    const route = await this.routeFor(domain);
    return route === null ? null : this.askedUrl(route.url);
  }

  /** The URL asked for a listed base URL: the override when set, https for an http entry the policy does not list. */
  private askedUrl(found: string): string {
    const override = this.options.baseUrlOverride;
    if (override) return override.endsWith("/") ? override : `${override}/`;
    const url = new URL(found);
    const listed = namedByAllowance(this.options.network, url.hostname.replace(/^\[|\]$/g, ""), url.port ? Number(url.port) : 80);
    return url.protocol === "http:" && !listed ? `https:${found.slice("http:".length)}` : found;
  }

  async lookup(domain: string, options: LookupOptions = {}): Promise<RdapOutcome> {
    const { signal, fairKey, fresh, abandon } = options;
    const name = domainToASCII(domain) || domain;
    const cached = this.cache.get(name);
    if (!fresh && cached && this.now() - cached.at < this.options.cacheSeconds * 1000) return cached.outcome;
    const route = await this.routeFor(name);
    if (route === null) return { kind: "no_service" };
    const server = this.askedUrl(route.url);
    const host = new URL(server).host;
    const ran = await this.gates.run(host, () => this.request(server, host, name, signal), fairKey, abandon);
    if ("abandoned" in ran) return { kind: "abandoned" };
    if ("resting" in ran) return { kind: "retry_later", server, retryAt: new Date(ran.resting), source: route.source };
    const outcome: RdapOutcome = { ...ran.value, source: route.source };
    if (outcome.kind === "ok" || outcome.kind === "not_found") {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(name, { at: this.now(), outcome });
    }
    return outcome;
  }

  private async request(server: string, host: string, name: string, signal?: AbortSignal): Promise<Exclude<RdapOutcome, { kind: "no_service" | "abandoned" }>> {
    try {
      const res = await httpRequest(
        {
          service: `The RDAP server ${host}`, url: `${server}domain/${encodeURIComponent(name)}`, signal,
          headers: { accept: "application/rdap+json, application/json" }, returnClientErrors: true,
          maxBytes: ANSWER_CAPS.rdapDomain, urlFrom: this.options.baseUrlOverride ? "configuration" : "elsewhere", network: this.options.network,
        },
        { attempts: 1, timeoutMs: this.options.timeoutMs ?? 15_000, ...(this.options.resolve ? { resolve: this.options.resolve } : {}) },
      );
      if (res.status === 404) return { kind: "not_found", server };
      if (res.status !== 200) return { kind: "error", server, reason: `The RDAP server ${host} answered ${res.status}` };
      return { kind: "ok", server, record: parseDomainAnswer(res.text) };
    } catch (error) {
      if (error instanceof HttpError && error.kind === "cancelled") throw error;
      if (error instanceof HttpError && error.status === 429) {
        const wait = error.details.retryAfterMs ?? this.options.defaultRetryAfterMs ?? 60_000;
        this.gates.rest(host, wait);
        return { kind: "retry_later", server, retryAt: new Date(this.now() + wait) };
      }
      if (error instanceof RdapAnswerError) return { kind: "error", server, reason: `The RDAP server ${host} sent an unreadable answer: ${error.message}` };
      if (error instanceof HttpError) return { kind: "error", server, reason: error.message };
      throw error;
    }
  }
}
