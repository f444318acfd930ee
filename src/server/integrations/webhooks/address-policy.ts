/**
 * Which network addresses a webhook may be sent to. A webhook URL is typed by a user, so without
 * this check the server could be made to POST into its own network (an admin port on loopback, a
 * database on 10.x, the cloud metadata service on 169.254.169.254). Every address a host name
 * resolves to is classified; the sender then connects only to addresses checked here.
 */
import { BlockList, isIP } from "node:net";

/** What the operator lets webhooks reach beyond the public internet (WEBHOOK_ALLOW_PRIVATE). */
export type WebhookNetworkPolicy = "none" | "loopback" | "private";

/**
 * public: routable on the internet. loopback: this machine. private: a private or shared network
 * (RFC 1918, carrier-grade NAT, IPv6 unique local). link-local: the local link, where cloud
 * metadata services answer. reserved: unspecified, multicast, broadcast, documentation and other
 * special-purpose ranges that no receiver legitimately has.
 */
export type AddressKind = "public" | "loopback" | "private" | "link-local" | "reserved";

const RANGES: Record<Exclude<AddressKind, "public">, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]],
  private: [
    ["10.0.0.0", 8, "ipv4"], ["172.16.0.0", 12, "ipv4"], ["192.168.0.0", 16, "ipv4"], ["100.64.0.0", 10, "ipv4"],
    ["fc00::", 7, "ipv6"], ["64:ff9b:1::", 48, "ipv6"],
  ],
  "link-local": [["169.254.0.0", 16, "ipv4"], ["fe80::", 10, "ipv6"]],
  reserved: [
    ["0.0.0.0", 8, "ipv4"], ["192.0.0.0", 24, "ipv4"], ["192.0.2.0", 24, "ipv4"], ["192.88.99.0", 24, "ipv4"],
    ["198.18.0.0", 15, "ipv4"], ["198.51.100.0", 24, "ipv4"], ["203.0.113.0", 24, "ipv4"], ["224.0.0.0", 4, "ipv4"],
    ["240.0.0.0", 4, "ipv4"],
    ["::", 128, "ipv6"], ["ff00::", 8, "ipv6"], ["2001::", 32, "ipv6"], ["2001:db8::", 32, "ipv6"], ["3fff::", 20, "ipv6"],
    ["100::", 64, "ipv6"],
  ],
};

const LISTS = Object.fromEntries(Object.entries(RANGES).map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return [kind, list];
})) as Record<Exclude<AddressKind, "public">, BlockList>;

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4From = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries and is delivered to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const zerosUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zerosUpTo(5) && groups[5] === 0xffff) return ipv4From(groups[6]!, groups[7]!);
  if (zerosUpTo(6) && (groups[6]! !== 0 || groups[7]! > 1)) return ipv4From(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return ipv4From(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return ipv4From(groups[1]!, groups[2]!);
  return undefined;
}

/** What kind of network `address` (an IPv4 or IPv6 literal, without brackets) belongs to. */
export function classifyAddress(address: string): AddressKind {
  const plain = address.replace(/%.*$/, "");
  const family = isIP(plain);
  if (family === 0) return "reserved";
  if (family === 6) {
    const groups = ipv6Groups(plain);
    const inner = embeddedIpv4(groups);
    if (inner) return classifyAddress(inner);
    // Only 2000::/3 is allocated as global unicast; everything else is special-purpose.
    const kind = kindIn(plain, "ipv6");
    if (kind !== "public") return kind;
    return (groups[0]! & 0xe000) === 0x2000 ? "public" : "reserved";
  }
  return kindIn(plain, "ipv4");
}

function kindIn(address: string, family: "ipv4" | "ipv6"): AddressKind {
  for (const kind of ["loopback", "private", "link-local", "reserved"] as const) {
    if (LISTS[kind].check(address, family)) return kind;
  }
  return "public";
}

/** Whether the operator's policy lets a webhook be sent to an address of this kind. */
export function kindAllowed(kind: AddressKind, policy: WebhookNetworkPolicy): boolean {
  if (kind === "public") return true;
  if (kind === "loopback") return policy !== "none";
  if (kind === "private") return policy === "private";
  // Link-local (cloud metadata) and special-purpose addresses are never a webhook receiver.
  return false;
}

const KIND_WORDS: Record<Exclude<AddressKind, "public">, [string, string]> = {
  loopback: ["a loopback address", "loopback addresses"],
  private: ["a private network address", "private addresses"],
  "link-local": ["a link-local address", "link-local addresses"],
  reserved: ["a reserved address", "reserved or special-purpose addresses"],
};

/**
 * "Webhook address resolves to a private network address (10.0.0.5); this server does not send
 * to private addresses". `literal`: the URL names the address itself rather than a host name.
 */
export function refusalMessage(address: string, kind: Exclude<AddressKind, "public">, literal: boolean): string {
  const [one, many] = KIND_WORDS[kind];
  const configurable = kind === "loopback" || kind === "private";
  return `Webhook address ${literal ? "is" : "resolves to"} ${one} (${address}); this server ${configurable ? "does not" : "never"} send${configurable ? "" : "s"} to ${many}`;
}
