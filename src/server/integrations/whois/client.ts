/**
 * Looks a domain up at its registry's WHOIS server (port 43), for TLDs whose registry offers no
 * RDAP. Which server answers for a TLD is IANA's root zone database (its `whois:` entry, asked
 * of IANA's own WHOIS server and kept by the caller); `WHOIS_SERVER_OVERRIDE` sends every query
 * to one address instead (tests and journeys point it at a loopback fake), the queries still
 * shaped for the server IANA named. Politeness per server is the RDAP client's (net/host-gates.ts),
 * with its own limits. One lookup is one query: no retries here; a server saying it is asked
 * too often rests like an RDAP server after a 429.
 */
import type { NetworkPolicy } from "../net/address-policy.ts";
import { ServerGates } from "../net/host-gates.ts";
import type { LookupOptions, RdapOutcome } from "../rdap/client.ts";
import { readIanaTldAnswer, readWhoisAnswer } from "./answer.ts";
import { parseServerAddress, port43Query, WhoisError, type Port43Target } from "./port43.ts";

export interface WhoisClientOptions {
  /** The port-43 host IANA lists for a TLD (lower-case A-label), or null when it lists none; "host:port" asks another port. */
  serverFor: (tld: string) => Promise<string | null>;
  /** Every query goes to this address instead of the server's own (its name still shapes the query). */
  override?: { host: string; port: number } | undefined;
  maxInFlightPerServer: number;
  requestsPerSecondPerServer: number;
  cacheSeconds: number;
  timeoutMs: number;
  maxBytes: number;
  /** How long a server that says it is asked too often rests. */
  restMs?: number;
  now?: () => number;
  /** What a server IANA names may be reached at (config.ts whoisPolicy); the override is the operator's and is not checked. */
  policy: NetworkPolicy;
  resolve?: (host: string) => Promise<string[]>;
}

const CACHE_ENTRIES = 20_000;

/** The query line a registry's server expects: DENIC wants its "-T dn,ace" form, JPRS an English answer. */
export function whoisQueryFor(server: string, domain: string): string {
  if (server === "whois.denic.de") return `-T dn,ace ${domain}`;
  if (server === "whois.jprs.jp") return `${domain}/e`;
  return domain;
}

export class WhoisClient {
  readonly gates: ServerGates;
  private readonly cache = new Map<string, { at: number; outcome: RdapOutcome }>();
  private readonly now: () => number;

  constructor(private readonly options: WhoisClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.gates = new ServerGates(options.maxInFlightPerServer, options.requestsPerSecondPerServer, this.now);
  }

  private target(server: string): Port43Target {
    const override = this.options.override;
    if (override) return { name: server, host: override.host, port: override.port, trusted: true };
    const { host, port } = parseServerAddress(server);
    return { name: server, host, port, trusted: false };
  }

  /** `domain` is an A-label name; the outcome's `server` is "whois://" and the host IANA lists. */
  async lookup(domain: string, options: LookupOptions = {}): Promise<RdapOutcome> {
    const { signal, fairKey, fresh, abandon } = options;
    const name = domain.toLowerCase();
    const cached = this.cache.get(name);
    if (!fresh && cached && this.now() - cached.at < this.options.cacheSeconds * 1000) return cached.outcome;
    const tld = name.slice(name.lastIndexOf(".") + 1);
    let server: string | null;
    try {
      server = await this.options.serverFor(tld);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { kind: "error", server: "whois://", reason: `Could not learn from IANA which WHOIS server answers for .${tld}: ${reason}` };
    }
    if (server === null) return { kind: "no_service", server: "whois://" };
    const label = `whois://${server}`;
    const ran = await this.gates.run(server, () => this.query(server, name, signal), fairKey, abandon);
    if ("abandoned" in ran) return { kind: "abandoned" };
    if ("resting" in ran) return { kind: "retry_later", server: label, retryAt: new Date(ran.resting) };
    const outcome = ran.value;
    if (outcome.kind === "ok" || outcome.kind === "not_found") {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(name, { at: this.now(), outcome });
    }
    return outcome;
  }

  private async query(server: string, name: string, signal?: AbortSignal): Promise<RdapOutcome> {
    const label = `whois://${server}`;
    let text: string;
    try {
      text = await port43Query(this.target(server), whoisQueryFor(server, name), {
        timeoutMs: this.options.timeoutMs, maxBytes: this.options.maxBytes, policy: this.options.policy, signal, resolve: this.options.resolve,
      });
    } catch (error) {
      if (error instanceof WhoisError && error.kind === "cancelled") throw error;
      if (error instanceof WhoisError) return { kind: "error", server: label, reason: error.message };
      throw error;
    }
    const answer = readWhoisAnswer(name, text);
    switch (answer.kind) {
      case "ok": return { kind: "ok", server: label, record: answer.record };
      case "not_found": return { kind: "not_found", server: label };
      case "rate_limited": {
        const wait = this.options.restMs ?? 5 * 60_000;
        this.gates.rest(server, wait);
        return { kind: "retry_later", server: label, retryAt: new Date(this.now() + wait) };
      }
      case "unreadable": return { kind: "error", server: label, reason: `The WHOIS server ${server} sent an unreadable answer: ${answer.reason}` };
    }
  }
}

/**
 * Asks IANA's WHOIS server (the root zone database) which port-43 server answers for `tld`:
 * its host, or null when IANA lists none. Throws a WhoisError when IANA cannot be asked.
 */
export async function askIanaForWhoisServer(
  iana: { host: string; port: number; trusted: boolean }, tld: string,
  options: { timeoutMs: number; maxBytes: number; policy: NetworkPolicy; signal?: AbortSignal; resolve?: (host: string) => Promise<string[]> },
): Promise<string | null> {
  const text = await port43Query({ name: iana.host, ...iana }, tld, options);
  try {
    return readIanaTldAnswer(text);
  } catch (error) {
    throw new WhoisError("network", `IANA's WHOIS server ${iana.host} sent an unreadable answer: ${(error as Error).message}`);
  }
}
