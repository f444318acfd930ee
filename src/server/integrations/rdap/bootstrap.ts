/**
 * The IANA RDAP bootstrap for domains (RFC 9224): which RDAP server answers for which TLD.
 * The product ships a copy (db/seed/data/iana/rdap-dns-services.json, the file's `services`
 * array) and replaces it with a fresh download once a month (IANA_RDAP_BOOTSTRAP_URL).
 *
 * Some country-code registries run RDAP without being listed there (.de, .ch, .io, …): the
 * bundled supplement (db/seed/data/iana/cctld-rdap-supplement.json, each entry with its operator,
 * date and source) names their servers, and is asked only for a TLD the bootstrap does not cover.
 */
import { z } from "zod";
import bundledServices from "../../../../db/seed/data/iana/rdap-dns-services.json";
import bundledSupplementRows from "../../../../db/seed/data/iana/cctld-rdap-supplement.json";

const servicesSchema = z.array(z.tuple([z.array(z.string()), z.array(z.string())]).rest(z.unknown()));

/** The parts of IANA's dns.json the lookups read; anything else in it is ignored. */
export const bootstrapFileSchema = z.object({
  publication: z.string().optional(),
  services: servicesSchema,
});

export interface RdapBootstrap {
  /** The file's publication time when it carries one. */
  publication: string | null;
  /** Lower-case TLD (A-label) → base URL, ending in "/". */
  servers: Map<string, string>;
}

/**
 * An https base URL when the entry lists one (RFC 9224 §3 asks clients to prefer it), else the
 * first (.kg and .mg list plain http only: the client asks those over https, client.ts).
 */
function preferredUrl(urls: string[]): string | undefined {
  const chosen = urls.find((u) => u.startsWith("https://")) ?? urls[0];
  return chosen === undefined ? undefined : chosen.endsWith("/") ? chosen : `${chosen}/`;
}

export function bootstrapFromServices(services: z.infer<typeof servicesSchema>, publication: string | null = null): RdapBootstrap {
  const servers = new Map<string, string>();
  for (const [tlds, urls] of services) {
    const url = preferredUrl(urls);
    if (url) for (const tld of tlds) servers.set(tld.toLowerCase(), url);
  }
  return { publication, servers };
}

/** Reads a downloaded dns.json; throws a readable error when it is not one. */
export function parseBootstrapFile(text: string): z.infer<typeof bootstrapFileSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The RDAP bootstrap file is not JSON");
  }
  const parsed = bootstrapFileSchema.safeParse(json);
  if (!parsed.success) throw new Error("The RDAP bootstrap file has no readable services list");
  if (parsed.data.services.length === 0) throw new Error("The RDAP bootstrap file lists no services");
  return parsed.data;
}

export const bundledBootstrap = (): RdapBootstrap => bootstrapFromServices(servicesSchema.parse(bundledServices));

/** publishes_expiry: whether the registry's answers carry an expiration event, where that is known (DENIC's and SWITCH's do not). */
const supplementSchema = z.array(z.object({
  tld: z.string(), rdap_base_url: z.string(), backend_operator: z.string(), listed_since: z.string(), source: z.string(), note: z.string(),
  publishes_expiry: z.boolean().optional(),
}));

export type SupplementEntry = z.infer<typeof supplementSchema>[number];

/** The supplement's entries as shipped. */
export const bundledSupplementEntries = (): SupplementEntry[] => supplementSchema.parse(bundledSupplementRows);

/** The supplement's TLD → base URL (ending in "/"). */
export const bundledSupplement = (): Map<string, string> =>
  new Map(bundledSupplementEntries().map((row) => [row.tld.toLowerCase(), preferredUrl([row.rdap_base_url])!]));

/** The longest suffix of the domain `servers` names (RFC 9224 matches labels from the right). */
export function longestSuffixMatch<T>(servers: Map<string, T>, domain: string): T | undefined {
  const labels = domain.toLowerCase().split(".");
  for (let i = 1; i < labels.length; i++) {
    const found = servers.get(labels.slice(i).join("."));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The base URL for a domain: its longest suffix the bootstrap names, else the supplement's entry
 * for it, or null when no RDAP service covers it.
 */
export function rdapServerFor(bootstrap: RdapBootstrap, domain: string, supplement?: Map<string, string>): string | null {
  return rdapRouteFor(domain, { bootstrap, supplement })?.url ?? null;
}

/** Where a domain's RDAP server was found: RDAP_SERVERS_FILE, IANA's bootstrap, or the bundled supplement. */
export type RdapSource = "operator" | "iana_rdap" | "supplement";

export interface RdapRoute {
  source: RdapSource;
  /** The base URL as listed, ending in "/". */
  url: string;
}

export interface RdapRouteSources {
  operator?: Map<string, string> | undefined;
  bootstrap: RdapBootstrap;
  supplement?: Map<string, string> | undefined;
}

/**
 * The one order every lookup and the coverage page follow: the operator's file, then IANA's
 * bootstrap, then the supplement; null when none of them names a server for the domain.
 */
export function rdapRouteFor(domain: string, { operator, bootstrap, supplement }: RdapRouteSources): RdapRoute | null {
  const tried: [RdapSource, Map<string, string> | undefined][] = [["operator", operator], ["iana_rdap", bootstrap.servers], ["supplement", supplement]];
  for (const [source, servers] of tried) {
    const url = servers ? longestSuffixMatch(servers, domain) : undefined;
    if (url !== undefined) return { source, url };
  }
  return null;
}
