/**
 * The client's address, for per-address limits. It is the TCP peer (the connection's remote
 * address) unless that peer is one of the configured proxies (TRUSTED_PROXIES). Then
 * X-Forwarded-For is walked from the right: each entry was appended by the hop to its right,
 * so entries are believed only while the hop that wrote them is trusted. The client is the
 * first entry (from the right) that is not a trusted proxy; everything further left was
 * written by the client itself and can say anything. A peer that is not a trusted proxy can
 * forge the header freely, so for it the header is never read.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

export interface TrustedProxies {
  /** Whether a (normalised) address is one of the configured proxies. */
  has(address: string): boolean;
}

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.1) is that IPv4 address; IPv6 is lower-cased. */
export function normalizeAddress(raw: string): string | undefined {
  let address = raw.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  const mapped = /^(?:0{0,4}:)*:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  return address.toLowerCase();
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (IPv4 and IPv6). Returns the
 * list, or the entries that are not an address or range.
 */
export function parseTrustedProxies(value: string): { proxies: TrustedProxies; invalid: string[] } {
  const list = new BlockList();
  const invalid: string[] = [];
  for (const raw of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [addressPart, prefixPart, extra] = raw.split("/");
    const address = normalizeAddress(addressPart ?? "");
    const family = address ? isIP(address) : 0;
    const max = family === 4 ? 32 : 128;
    // A mapped IPv4 range written as IPv6 (::ffff:10.0.0.0/104) becomes the IPv4 range (/8).
    const writtenAsIpv6 = isIP((addressPart ?? "").trim().replace(/^\[|\]$/g, "")) === 6;
    const prefix = prefixPart === undefined ? max
      : /^\d{1,3}$/.test(prefixPart) ? Number(prefixPart) - (family === 4 && writtenAsIpv6 ? 96 : 0) : NaN;
    if (!address || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      invalid.push(raw);
      continue;
    }
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return {
    proxies: { has: (a) => list.check(a, isIP(a) === 4 ? "ipv4" : "ipv6") },
    invalid,
  };
}

/**
 * The client behind `peer`: the peer itself unless it is a trusted proxy, else the right-most
 * X-Forwarded-For entry that is not a trusted proxy (or the left-most entry when every one is).
 * An entry that is not an address stops the walk at the trusted hop that passed it on.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string | undefined {
  let client = peer === undefined ? undefined : normalizeAddress(peer);
  if (client === undefined) return undefined;
  if (!trusted.has(client) || !forwardedFor) return client;
  const entries = forwardedFor.split(",");
  for (let i = entries.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(entries[i]!);
    if (hop === undefined) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}

/** The connection's remote address; undefined when the request came without a socket. */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() without an env, or an in-process app.fetch()
  }
}

export function clientIp(c: Context, trusted: TrustedProxies): string {
  return resolveClientAddress(peerAddress(c), c.req.header("x-forwarded-for"), trusted) ?? "unknown";
}

/** The eight 16-bit groups of an IPv6 address (zone index dropped), or undefined for anything else. */
function ipv6Groups(address: string): number[] | undefined {
  const plain = address.split("%")[0]!;
  if (isIP(plain) !== 6) return undefined;
  let text = plain;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The networks a per-client limit counts an address under (lib/rate-limiter.ts, consumeForClient).
 * An IPv4 address is one client. An IPv6 client usually holds a whole /64 (every device picks
 * its own interface identifiers, and privacy addresses change them daily), so its /64 is one
 * client; and one customer is often given a /56 (256 /64s), so that /56 is counted as well, as
 * the client's wider network. An address that is not an IP (e.g. "unknown") is its own client.
 */
export function clientNetworks(ip: string): { client: string; network?: string } {
  const groups = ipv6Groups(ip);
  if (!groups) return { client: normalizeAddress(ip) ?? ip };
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    // IPv4-mapped: the IPv4 address.
    return { client: [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".") };
  }
  const hex = (g: number) => g.toString(16);
  return {
    client: `${groups.slice(0, 4).map(hex).join(":")}::/64`,
    network: `${groups.slice(0, 3).map(hex).join(":")}:${hex(groups[3]! & 0xff00)}::/56`,
  };
}

/** The key a per-client limit counts `ip` under: the IPv4 address, or the IPv6 address's /64. */
export const clientKey = (ip: string): string => clientNetworks(ip).client;
