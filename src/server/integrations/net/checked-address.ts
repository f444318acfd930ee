/**
 * Resolving a URL's host and checking every address it stands for against a network policy
 * (address-policy.ts) before connecting, then connecting only to those addresses: Node's connect
 * is given a `lookup` that answers the checked addresses, so a DNS answer that changes between
 * the check and the connection (DNS rebinding) is never asked for. Webhooks (../webhooks/send.ts)
 * and the server's other requests to URLs it did not get from its configuration (../http.ts) check
 * their targets here.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { checkTarget, refusalMessage, type NetworkPolicy } from "./address-policy.ts";
import { networkReason } from "./network-errors.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Answers a host name's addresses; tests replace it to make a name resolve where they need. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** The URL's host without IPv6 brackets, in lower case. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** The port a URL connects to, its scheme's default included. */
export const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80);

export interface CheckedTarget {
  addresses: ResolvedAddress[];
  /** Every address is one the operator listed (keyword or pair): plain http may be used. */
  listed: boolean;
  /** Every address is public: a receiver's own words may be shown to the user who aimed at it. */
  public: boolean;
}

export type CheckOutcome =
  | { ok: true; target: CheckedTarget }
  /** refused: the policy says no (a sentence saying why); unresolved: DNS failed (retry later). */
  | { ok: false; problem: "refused" | "unresolved"; message: string };

export interface CheckWords {
  /** Names the thing checked in a refusal: "Webhook address", "The address of rdap.example". */
  subject: string;
  /** What the server does to it: "send" (default) or "connect". */
  verb?: string;
}

/**
 * Resolves `url`'s host (a literal address is its own answer) and checks every address and the
 * port; refuses the whole host when any one address is refused.
 */
export async function checkUrlTarget(url: URL, policy: NetworkPolicy, resolve: Resolver, words: CheckWords): Promise<CheckOutcome> {
  const host = bareHost(url);
  const port = portOf(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, problem: "unresolved", message: networkReason(code, host) ?? `the address ${host} could not be resolved` };
    }
    if (!addresses.length) return { ok: false, problem: "unresolved", message: `the address ${host} was not found (DNS)` };
  }
  const checked = checkAddresses(host, port, addresses, policy, words);
  return checked.ok ? { ok: true, target: { addresses, listed: checked.listed, public: checked.public } } : { ok: false, problem: "refused", message: checked.message };
}

export type AddressesVerdict = { ok: true; listed: boolean; public: boolean } | { ok: false; message: string };

/**
 * Checks every address `host` resolved to (or the address `host` is) and the port against the
 * policy: refused, with the sentence saying why, when any one of them is. Every connection to a
 * host that did not come from the operator's configuration is made only after this check, and
 * only to an address it passed (HTTP, WHOIS over port 43, TLS probes).
 */
export function checkAddresses(
  host: string, port: number, addresses: readonly (string | ResolvedAddress)[], policy: NetworkPolicy, words: CheckWords,
): AddressesVerdict {
  let listed = true;
  let allPublic = true;
  for (const entry of addresses) {
    const target = { host, port, address: typeof entry === "string" ? entry : entry.address };
    const verdict = checkTarget(policy, target);
    if (!verdict.allowed) return { ok: false, message: refusalMessage(verdict, target, policy, { ...words, literal: isIP(host) !== 0 }) };
    listed &&= verdict.listed;
    allPublic &&= verdict.kind === "public";
  }
  return { ok: true, listed, public: allPublic };
}

/** Node's connect asks this instead of DNS: it can only answer addresses already checked. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
}
