/**
 * The registry lookups one process makes: RDAP where the operator's RDAP_SERVERS_FILE, IANA's
 * bootstrap or the bundled supplement to it (in that order) names a server for the TLD, else
 * WHOIS over port 43 at the server RDAP_SERVERS_FILE or IANA's root zone database names (when
 * WHOIS_ENABLED), else "no registry service". Each protocol keeps its own politeness per server and its own
 * cache of answers; both take the owner's id so owners take turns at each server.
 */
import type { Db } from "../../../../db/client.ts";
import { outboundPolicy, whoisPolicy, type Config } from "../../config.ts";
import { bundledSupplement } from "../../integrations/rdap/bootstrap.ts";
import { RdapClient, type LookupOptions, type RdapOutcome, type RegistryMethod } from "../../integrations/rdap/client.ts";
import { noOperatorServers, readOperatorServers } from "../../integrations/rdap/operator-servers.ts";
import { askIanaForWhoisServer, WhoisClient } from "../../integrations/whois/client.ts";
import { parseServerAddress } from "../../integrations/whois/port43.ts";
import type { BootstrapSource } from "./registry-bootstrap.ts";
import type { RegistryLookup } from "./registry-check.ts";
import { whoisServerDirectory } from "./whois-servers.ts";

/** Requests one process has in flight at once to one RDAP server, and queries to one WHOIS server. */
const RDAP_MAX_IN_FLIGHT_PER_SERVER = 2;
const WHOIS_MAX_IN_FLIGHT_PER_SERVER = 1;
/** A WHOIS record is a few kilobytes; an answer past this is refused unread. */
export const WHOIS_MAX_ANSWER_BYTES = 1024 * 1024;

/** How a TLD's dates are found and the server asked: an RDAP server's host, a WHOIS host, or null (none, or not learned from IANA yet). */
export interface RegistryRoute {
  method: RegistryMethod;
  server: string | null;
  /** The server is one RDAP_SERVERS_FILE names (its RDAP server, or its WHOIS server for a TLD without RDAP). */
  byOperator: boolean;
}

/** The WHOIS servers stored from IANA, read without asking it: TLD → host, null where IANA lists none. */
type StoredWhoisServers = () => Promise<Map<string, string | null>>;

export class RegistryLookups implements RegistryLookup {
  constructor(
    readonly rdap: RdapClient,
    readonly whois: WhoisClient | null,
    private readonly storedWhois: StoredWhoisServers = async () => new Map(),
    /** RDAP_SERVERS_FILE's WHOIS servers, asked before IANA's. */
    private readonly operatorWhois: ReadonlyMap<string, string> = new Map(),
  ) {}

  async lookup(domain: string, options: LookupOptions): Promise<RdapOutcome> {
    const outcome = await this.rdap.lookup(domain, options);
    if (outcome.kind !== "no_service" || !this.whois) return outcome;
    return this.whois.lookup(domain, options);
  }

  /**
   * The route a lookup of a name under each TLD takes, in the order lookup() follows: the RDAP
   * client's own routeFor, else WHOIS when it is on (at the operator's server, else IANA's; a
   * TLD IANA has not been asked about yet has no host until its first lookup), else none. Asks
   * no server.
   */
  async routesFor(tlds: readonly string[]): Promise<Map<string, RegistryRoute>> {
    const stored = this.whois ? await this.storedWhois() : new Map<string, string | null>();
    const routes = new Map<string, RegistryRoute>();
    for (const tld of tlds) {
      const rdap = await this.rdap.routeFor(`nic.${tld}`);
      if (rdap) {
        routes.set(tld, { method: rdap.source, server: new URL(rdap.url).host, byOperator: rdap.source === "operator" });
        continue;
      }
      const operator = this.whois ? this.operatorWhois.get(tld) : undefined;
      const host = operator ?? stored.get(tld);
      if (!this.whois || host === null) routes.set(tld, { method: "none", server: null, byOperator: false });
      else routes.set(tld, { method: "whois", server: host ?? null, byOperator: operator !== undefined });
    }
    return routes;
  }
}

export function createRegistryLookups(db: Db, config: Config, bootstrap: BootstrapSource): RegistryLookups {
  const operator = config.RDAP_SERVERS_FILE ? readOperatorServers(config.RDAP_SERVERS_FILE) : noOperatorServers();
  const rdap = new RdapClient({
    bootstrap: () => bootstrap.current(),
    supplement: bundledSupplement(),
    operator: operator.rdap,
    baseUrlOverride: config.RDAP_BASE_URL_OVERRIDE,
    network: outboundPolicy(config),
    maxInFlightPerServer: RDAP_MAX_IN_FLIGHT_PER_SERVER,
    requestsPerSecondPerServer: config.RDAP_REQUESTS_PER_SECOND,
    cacheSeconds: config.RDAP_CACHE_SECONDS,
  });
  if (!config.WHOIS_ENABLED) return new RegistryLookups(rdap, null);
  const timeoutMs = config.WHOIS_TIMEOUT_SECONDS * 1000;
  const policy = whoisPolicy(config);
  const iana = parseServerAddress(config.WHOIS_IANA_SERVER);
  // IANA's address is the operator's to choose (a loopback fake in tests); its default is IANA's public server.
  const directory = whoisServerDirectory(db, (tld) =>
    askIanaForWhoisServer({ ...iana, trusted: config.WHOIS_IANA_SERVER !== "whois.iana.org" }, tld, { timeoutMs, maxBytes: 64 * 1024, policy }));
  const whois = new WhoisClient({
    serverFor: async (tld) => operator.whois.get(tld) ?? directory.serverFor(tld),
    override: config.WHOIS_SERVER_OVERRIDE ? parseServerAddress(config.WHOIS_SERVER_OVERRIDE) : undefined,
    maxInFlightPerServer: WHOIS_MAX_IN_FLIGHT_PER_SERVER,
    requestsPerSecondPerServer: config.WHOIS_REQUESTS_PER_SECOND,
    cacheSeconds: config.RDAP_CACHE_SECONDS,
    timeoutMs,
    maxBytes: WHOIS_MAX_ANSWER_BYTES,
    policy,
  });
  return new RegistryLookups(rdap, whois, () => directory.stored(), operator.whois);
}
