/**
 * Which network addresses and ports the server may connect to for a URL that did not come from
 * its operator's configuration: a webhook a user typed, an RDAP server named by IANA's bootstrap
 * file, the target of a redirect. Without this check the server could be made to send requests
 * into its own network (an admin port on loopback, a database on 10.x, the cloud metadata
 * service on 169.254.169.254). Every address a host name resolves to is classified; callers then
 * connect only to addresses checked here.
 *
 * Public addresses are allowed on the usual web ports. Loopback and private addresses are
 * allowed only where the operator lists them: a keyword (`loopback`, `private`: those addresses
 * on the usual web ports) or a `host:port` / `CIDR:port` pair (`*` for any port). Link-local and
 * reserved addresses are never allowed, whatever the operator lists.
 */
import { BlockList, isIP } from "node:net";

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

/** The usual web ports: plain and TLS HTTP, and their common alternates. */
export const USUAL_WEB_PORTS: readonly number[] = [80, 443, 8080, 8443];

type Port = number | "any";

/** One thing the operator lets the server reach beyond public addresses on web ports. */
export type Allowance =
  /** `loopback` or `private`: addresses of these kinds, on the policy's ports. */
  | { type: "kinds"; kinds: ("loopback" | "private")[] }
  /** `10.0.0.0/8:9000`, `127.0.0.1:*`, `[::1]:8080`: addresses in the network, on that port. */
  | { type: "network"; list: BlockList; port: Port }
  /** `hooks.internal:8080`: that host name, whatever it resolves to (link-local and reserved aside), on that port. */
  | { type: "host"; host: string; port: Port };

export interface NetworkPolicy {
  allowances: Allowance[];
  /** The ports public addresses (and the keywords' addresses) may be reached on. */
  ports: ReadonlySet<number> | "any";
}

/** Public addresses on the usual web ports, nothing else. */
export const PUBLIC_WEB: NetworkPolicy = { allowances: [], ports: new Set(USUAL_WEB_PORTS) };

function parsePort(text: string): Port | null {
  if (text === "*") return "any";
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}

function parseNetwork(text: string): BlockList | null {
  const [address, prefixText, extra] = text.split("/");
  const family = isIP(address ?? "");
  if (!family || extra !== undefined) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  const list = new BlockList();
  list.addSubnet(address!, prefix, family === 4 ? "ipv4" : "ipv6");
  return list;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function parseAllowance(entry: string): Allowance | null | "none" {
  const text = entry.toLowerCase();
  if (text === "none") return "none";
  if (text === "loopback") return { type: "kinds", kinds: ["loopback"] };
  if (text === "private") return { type: "kinds", kinds: ["loopback", "private"] };
  // [IPv6 or IPv6/prefix]:port, or IPv4[/prefix]:port, or host:port.
  const bracketed = /^\[([^\]]+)\]:([^:]+)$/.exec(text);
  const [where, portText] = bracketed ? [bracketed[1]!, bracketed[2]!] : [text.slice(0, text.lastIndexOf(":")), text.slice(text.lastIndexOf(":") + 1)];
  if (!text.includes(":") || !where || (!bracketed && where.includes(":"))) return null;
  const port = parsePort(portText);
  if (port === null) return null;
  const list = parseNetwork(where);
  if (list) return { type: "network", list, port };
  if (!bracketed && HOST_NAME.test(where) && !/^[\d.]+$/.test(where)) return { type: "host", host: where, port };
  return null;
}

/**
 * Reads an allowance list (WEBHOOK_ALLOW_PRIVATE, OUTBOUND_ALLOW_PRIVATE): comma-separated
 * `none`, `loopback`, `private`, `host:port` or `CIDR:port` (IPv6 in brackets, `*` for any port).
 */
export function parseAllowances(value: string): { allowances: Allowance[]; invalid: string[] } {
  const allowances: Allowance[] = [];
  const invalid: string[] = [];
  for (const entry of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    const parsed = parseAllowance(entry);
    if (parsed === null) invalid.push(entry);
    else if (parsed !== "none") allowances.push(parsed);
  }
  return { allowances, invalid };
}

/** Reads a port list (WEBHOOK_PORTS): comma-separated port numbers, or `*` for any port. */
export function parsePorts(value: string): { ports: ReadonlySet<number> | "any"; invalid: string[] } {
  const entries = value.split(",").map((s) => s.trim()).filter(Boolean);
  if (entries.includes("*")) return { ports: "any", invalid: entries.filter((e) => e !== "*" && parsePort(e) === null) };
  const ports = new Set<number>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const port = parsePort(entry);
    if (typeof port === "number") ports.add(port);
    else invalid.push(entry);
  }
  return { ports, invalid };
}

/** A policy that lets through exactly one host name or address and port (a service's address from the operator's configuration). */
export function onlyThisAddress(host: string, port: number): NetworkPolicy {
  return networkPolicy(`${isIP(host) === 6 ? `[${host}]` : host}:${port}`);
}

/** A policy from the two settings; throws on an entry that is not one (config.ts has refused those already). */
export function networkPolicy(allowances: string, ports: string = USUAL_WEB_PORTS.join(",")): NetworkPolicy {
  const a = parseAllowances(allowances);
  const p = parsePorts(ports);
  if (a.invalid.length || p.invalid.length) throw new Error(`Not an allowance or a port: ${[...a.invalid, ...p.invalid].join(", ")}`);
  return { allowances: a.allowances, ports: p.ports };
}

/** A target: the URL's host name (lower case, no brackets), its port, and one address it resolved to. */
export interface Target {
  host: string;
  port: number;
  address: string;
}

export type Verdict =
  /** `listed`: an allowance of the operator names it (such a target may also be reached over plain http). */
  | { allowed: true; listed: boolean; kind: AddressKind }
  | { allowed: false; kind: AddressKind; reason: "address" | "port" };

/** The address as the allowances see it: an IPv4-mapped IPv6 address is its IPv4 address. */
function forMatching(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const plain = address.replace(/%.*$/, "");
  if (isIP(plain) === 6) {
    const groups = ipv6Groups(plain);
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return { address: ipv4From(groups[6]!, groups[7]!), family: "ipv4" };
    return { address: plain, family: "ipv6" };
  }
  return { address: plain, family: "ipv4" };
}

const portFits = (allowed: Port, port: number) => allowed === "any" || allowed === port;
const policyPort = (policy: NetworkPolicy, port: number) => policy.ports === "any" || policy.ports.has(port);

/** Whether the policy lets the server connect to `target`, and if not, why. */
export function checkTarget(policy: NetworkPolicy, target: Target): Verdict {
  const kind = classifyAddress(target.address);
  // Link-local (cloud metadata) and special-purpose addresses are never a legitimate target.
  if (kind === "link-local" || kind === "reserved") return { allowed: false, kind, reason: "address" };
  const match = forMatching(target.address);
  const listed = policy.allowances.some((a) => {
    if (a.type === "network") return portFits(a.port, target.port) && a.list.check(match.address, match.family);
    if (a.type === "host") return portFits(a.port, target.port) && a.host === target.host;
    return kind !== "public" && (a.kinds as AddressKind[]).includes(kind) && policyPort(policy, target.port);
  });
  if (listed) return { allowed: true, listed: true, kind };
  if (kind !== "public") return { allowed: false, kind, reason: "address" };
  return policyPort(policy, target.port) ? { allowed: true, listed: false, kind } : { allowed: false, kind, reason: "port" };
}

/**
 * Whether an allowance names this host and port without looking the host up: an IP address in a
 * listed network (or of a listed keyword's kind), or a listed host name.
 */
export function namedByAllowance(policy: NetworkPolicy, host: string, port: number): boolean {
  const name = host.toLowerCase();
  if (isIP(name)) {
    const verdict = checkTarget(policy, { host: name, port, address: name });
    return verdict.allowed && verdict.listed;
  }
  return policy.allowances.some((a) => a.type === "host" && a.host === name && portFits(a.port, port));
}

const KIND_WORDS: Record<Exclude<AddressKind, "public">, [string, string]> = {
  loopback: ["a loopback address", "loopback addresses"],
  private: ["a private network address", "private addresses"],
  "link-local": ["a link-local address", "link-local addresses"],
  reserved: ["a reserved address", "reserved or special-purpose addresses"],
};

const listPorts = (ports: ReadonlySet<number> | "any") => {
  const list = ports === "any" ? [] : [...ports].sort((a, b) => a - b).map(String);
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};

/**
 * Why a target is refused, as a sentence: "Webhook address resolves to a private network address;
 * this server does not send to private addresses". `subject` names what was checked ("Webhook
 * address", "The address of rdap.example"), `literal` says the URL names the address itself
 * rather than a host name, `verb` what the server does ("send", "connect"). A host name's refusal
 * says only the kind of address it resolves to, never the address or port: what an inside name
 * resolves to on this server's network is not told to whoever typed the name. An address typed
 * as such is quoted back, which tells nothing new.
 */
export function refusalMessage(
  verdict: Extract<Verdict, { allowed: false }>, target: Target, policy: NetworkPolicy,
  words: { subject: string; literal: boolean; verb?: string },
): string {
  const verb = words.verb ?? "send";
  if (verdict.reason === "port") {
    return `${words.subject} uses port ${target.port}; this server ${verb}s only to ports ${listPorts(policy.ports)} unless its operator allows another`;
  }
  const kind = verdict.kind as Exclude<AddressKind, "public">;
  const [one, many] = KIND_WORDS[kind];
  const configurable = kind === "loopback" || kind === "private";
  const where = !words.literal ? "" : configurable ? ` (${target.address} port ${target.port})` : ` (${target.address})`;
  return `${words.subject} ${words.literal ? "is" : "resolves to"} ${one}${where}; this server ${configurable ? `does not ${verb}` : `never ${verb}s`} to ${many}`
    + (configurable ? " unless its operator allows that address and port" : "");
}
