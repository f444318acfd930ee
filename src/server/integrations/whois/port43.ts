/**
 * One WHOIS exchange over TCP port 43 (RFC 3912): connect, send the query and CRLF, read until
 * the server closes. The whole exchange has a deadline, the answer a size cap (a WHOIS record is
 * a few kilobytes; a server streaming more is cut off and the answer refused), and the address
 * connected to is the one checked: a host name is resolved here and every address it resolves
 * to, and the port, are checked against the network policy (net/address-policy.ts: the operator's
 * OUTBOUND_ALLOW_PRIVATE, on port 43) as an HTTP request's are, unless the operator named the
 * server (an override, IANA's server).
 */
import { isIP } from "node:net";
import type { NetworkPolicy } from "../net/address-policy.ts";
import { checkAddresses, systemResolve } from "../net/checked-address.ts";
import { openSocket } from "../net/connect.ts";

export type WhoisErrorKind = "timeout" | "too_large" | "network" | "address" | "cancelled";

export class WhoisError extends Error {
  constructor(readonly kind: WhoisErrorKind, message: string) {
    super(message);
    this.name = "WhoisError";
  }
}

export interface Port43Target {
  /** What the messages call the server (its host name). */
  name: string;
  host: string;
  port: number;
  /** The operator named this address (WHOIS_SERVER_OVERRIDE, WHOIS_IANA_SERVER): it is connected to without the policy's check. */
  trusted: boolean;
}

export interface Port43Options {
  timeoutMs: number;
  maxBytes: number;
  /** What a server not named by the operator may be reached at (config.ts whoisPolicy). */
  policy: NetworkPolicy;
  signal?: AbortSignal | undefined;
  /** Resolves a host name (tests replace it). */
  resolve?: ((host: string) => Promise<string[]>) | undefined;
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

const resolveAll = async (host: string) => (await systemResolve(host)).map((a) => a.address);

/** The address to connect to: the host itself when it is one, else its first address, every one of them checked. */
async function addressOf(target: Port43Target, options: Port43Options): Promise<string> {
  const addresses = isIP(target.host) ? [target.host] : await (options.resolve ?? resolveAll)(target.host).catch(() => {
    throw new WhoisError("network", `The WHOIS server ${target.name} could not be found (its name does not resolve)`);
  });
  if (addresses.length === 0) throw new WhoisError("network", `The WHOIS server ${target.name} could not be found (its name does not resolve)`);
  if (!target.trusted) {
    const host = target.host.toLowerCase();
    const checked = checkAddresses(host, target.port, addresses, options.policy, { subject: `The address of ${host}`, verb: "connect" });
    if (!checked.ok) throw new WhoisError("address", `The WHOIS server ${target.name} cannot be asked: ${checked.message}`);
  }
  return addresses[0]!;
}

/** Sends `query` and resolves to the whole answer as text (UTF-8; Latin-1 bytes that are not UTF-8 read as themselves). */
export async function port43Query(target: Port43Target, query: string, options: Port43Options): Promise<string> {
  if (/[\r\n]/.test(query)) throw new WhoisError("network", "A WHOIS query is one line");
  const started = Date.now();
  const address = await addressOf(target, options);
  const left = options.timeoutMs - (Date.now() - started);
  if (left <= 0) throw new WhoisError("timeout", `The WHOIS server ${target.name} did not answer within ${duration(options.timeoutMs)}`);
  return new Promise<string>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new WhoisError("cancelled", "The WHOIS query was cancelled"));
      return;
    }
    const socket = openSocket(address, target.port);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: WhoisError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(decode(Buffer.concat(chunks)));
    };
    const onAbort = () => finish(new WhoisError("cancelled", "The WHOIS query was cancelled"));
    const timer = setTimeout(
      () => finish(new WhoisError("timeout", `The WHOIS server ${target.name} did not answer within ${duration(options.timeoutMs)}`)),
      left,
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) {
        finish(new WhoisError("too_large", `The WHOIS server ${target.name} sent more than ${Math.round(options.maxBytes / 1024)} KB, so its answer was not read`));
        return;
      }
      chunks.push(chunk);
    });
    socket.on("end", () => finish(null));
    socket.on("close", () => finish(null));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(new WhoisError("network", `The WHOIS server ${target.name} could not be reached (${error.code ?? error.message})`)));
    socket.on("connect", () => socket.write(`${query}\r\n`));
  });
}

function decode(bytes: Buffer): string {
  const utf8 = bytes.toString("utf8");
  return utf8.includes("\uFFFD") ? bytes.toString("latin1") : utf8;
}

/** "host" or "host:port" (port 43 when left out; an IPv6 address in brackets). */
export function parseServerAddress(text: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 43) };
  const [host, port] = text.split(":");
  return { host: host!, port: port === undefined ? 43 : Number(port) };
}
