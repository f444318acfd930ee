/**
 * Looks domains up at their registry's RDAP server (RFC 9082 `domain/<name>`). One lookup
 * makes one request: no retries and no sleeping here. A 429 makes the server rest for its
 * Retry-After and the answer is "retry later", for the job to reschedule. Answers that say
 * something about the domain (found, not registered) are reused for `cacheSeconds`.
 */
import { domainToASCII } from "node:url";
import { HttpError, httpRequest } from "../http.ts";
import { rdapServerFor, type RdapBootstrap } from "./bootstrap.ts";
import { parseDomainAnswer, RdapAnswerError, type RdapDomainRecord } from "./domain-answer.ts";
import { ServerGates } from "./server-gate.ts";

export type RdapOutcome =
  | { kind: "ok"; server: string; record: RdapDomainRecord }
  | { kind: "not_found"; server: string }
  /** No server answers for the TLD; `server` names the protocol's lookup that said so ("whois://" when WHOIS was asked too). */
  | { kind: "no_service"; server?: string }
  | { kind: "error"; server: string; reason: string }
  | { kind: "retry_later"; server: string; retryAt: Date }
  /** Given up while waiting for a slot (LookupOptions.abandon): no request was made. */
  | { kind: "abandoned" };

export interface LookupOptions {
  /** Cancels the request itself. */
  signal?: AbortSignal | undefined;
  /** The owner's id: owners take turns for one server's slots (server-gate.ts). */
  fairKey?: string | number | undefined;
  /** Ask the registry even when a recent answer is cached (the owner asked for a check). */
  fresh?: boolean | undefined;
  /** Gives up a lookup still waiting for a slot when it aborts. */
  abandon?: AbortSignal | undefined;
}

export interface RdapClientOptions {
  /** The bootstrap in force (read per lookup, so a monthly refresh takes effect without a restart). */
  bootstrap: () => Promise<RdapBootstrap> | RdapBootstrap;
  /** Replaces every TLD's base URL (tests and benchmarks point lookups at a loopback fake). */
  baseUrlOverride?: string | undefined;
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

  /** The base URL that answers for this domain, or null when its TLD has no RDAP service. */
  async serverFor(domain: string): Promise<string | null> {
    const found = rdapServerFor(await this.options.bootstrap(), domain);
    if (found === null) return null;
    const override = this.options.baseUrlOverride;
    return override ? (override.endsWith("/") ? override : `${override}/`) : found;
  }

  async lookup(domain: string, options: LookupOptions = {}): Promise<RdapOutcome> {
    const { signal, fairKey, fresh, abandon } = options;
    const name = domainToASCII(domain) || domain;
    const cached = this.cache.get(name);
    if (!fresh && cached && this.now() - cached.at < this.options.cacheSeconds * 1000) return cached.outcome;
    const server = await this.serverFor(name);
    if (server === null) return { kind: "no_service" };
    const host = new URL(server).host;
    const ran = await this.gates.run(host, () => this.request(server, host, name, signal), fairKey, abandon);
    if ("abandoned" in ran) return { kind: "abandoned" };
    if ("resting" in ran) return { kind: "retry_later", server, retryAt: new Date(ran.resting) };
    const outcome = ran.value;
    if (outcome.kind === "ok" || outcome.kind === "not_found") {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(name, { at: this.now(), outcome });
    }
    return outcome;
  }

  private async request(server: string, host: string, name: string, signal?: AbortSignal): Promise<RdapOutcome> {
    try {
      const res = await httpRequest(
        {
          service: `The RDAP server ${host}`, url: `${server}domain/${encodeURIComponent(name)}`, signal,
          headers: { accept: "application/rdap+json, application/json" }, returnClientErrors: true,
        },
        { attempts: 1, timeoutMs: this.options.timeoutMs ?? 15_000 },
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
