/**
 * Reads the certificate a host serves over TLS: connects (SNI = the host name), takes the peer
 * certificate and closes, without sending or reading any application data. Whether it chains to
 * a trusted root comes from the handshake (authorized / authorizationError, against Node's
 * bundled roots plus the operator's extra CA file), whether it covers the name from
 * tls.checkServerIdentity. The connection is refused before it is made when the host resolves to
 * an address the network policy refuses (loopback, private, link-local…), and it is bounded by
 * a timeout and by the bytes the handshake may read.
 */
import { X509Certificate } from "node:crypto";
import { checkServerIdentity, type PeerCertificate, type SecureContext } from "node:tls";
import type { NetworkPolicy } from "../net/address-policy.ts";
import { checkAddresses } from "../net/checked-address.ts";
import { openSocket, openTls } from "../net/connect.ts";

/** What failing to verify means, as the history records it. */
export type CertificateProblem = "expired" | "not_yet_valid" | "name_mismatch" | "untrusted" | "self_signed" | "unreachable" | "refused";

export interface CertificateFacts {
  issuer: string;
  subjectNames: string[];
  validFrom: Date;
  validTo: Date;
  fingerprint: string;
  coversName: boolean;
  trusted: boolean;
  /** The first problem found, or null when the certificate verifies for the name. */
  problem: Exclude<CertificateProblem, "unreachable" | "refused"> | null;
  detail: string | null;
}

export type ProbeOutcome = { ok: true; certificate: CertificateFacts } | { ok: false; problem: "unreachable" | "refused"; detail: string };

export interface ProbeOptions {
  host: string;
  port: number;
  /** Addresses the host resolves to (the caller resolves through its own resolvers). */
  resolve: (host: string) => Promise<string[]>;
  policy: NetworkPolicy;
  /** When set, connect here instead (the operator's configuration; tests point it at a loopback fake). SNI stays the host. */
  connectOverride?: { host: string; port: number };
  /** Trusted roots (Node's plus the operator's extra ones), made into a context once: parsing them per connection costs more than the handshake. */
  secureContext: SecureContext;
  timeoutMs: number;
  /** The handshake may read at most this many bytes (a certificate chain is a few kilobytes). */
  maxBytes: number;
  /** Called with the address connected to, around the connection (per-host politeness). */
  gate: (address: string, run: () => Promise<ProbeOutcome>) => Promise<ProbeOutcome>;
  now?: Date;
}

/**
 * Self-signed means the served certificate's issuer is its own subject and its own key signed
 * it. OpenSSL's SELF_SIGNED_CERT_IN_CHAIN only says some certificate in the chain is (an
 * authority's root sent along with the leaf): that leaf is from an untrusted authority.
 */
function isSelfSigned(cert: PeerCertificate): boolean {
  if (!cert.raw) return false;
  try {
    const x509 = new X509Certificate(cert.raw);
    return x509.checkIssued(x509) && x509.verify(x509.publicKey);
  } catch {
    return false;
  }
}

function dn(part: Record<string, string | string[] | undefined> | undefined): string {
  if (!part) return "";
  return ["CN", "O", "C"].filter((k) => part[k]).map((k) => `${k}=${[part[k]].flat().join("+")}`).join(", ");
}

function subjectNamesOf(cert: PeerCertificate): string[] {
  const names = (cert.subjectaltname ?? "").split(",").map((s) => s.trim()).filter((s) => s.startsWith("DNS:")).map((s) => s.slice(4).toLowerCase());
  if (names.length === 0 && typeof cert.subject?.CN === "string") names.push(cert.subject.CN.toLowerCase());
  return [...new Set(names)].sort();
}

/** The facts of a served certificate, and its first problem (expired before anything else: it is what an owner must fix first). */
export function readCertificate(host: string, cert: PeerCertificate, authorizationError: string | null, now: Date): CertificateFacts {
  const validFrom = new Date(cert.valid_from);
  const validTo = new Date(cert.valid_to);
  const identity = checkServerIdentity(host, cert);
  const coversName = identity === undefined;
  const trusted = authorizationError === null;
  let problem: CertificateFacts["problem"] = null;
  let detail: string | null = null;
  if (validTo.getTime() <= now.getTime() || authorizationError === "CERT_HAS_EXPIRED") {
    problem = "expired";
    detail = `The certificate ended on ${validTo.toISOString().slice(0, 10)}`;
  } else if (validFrom.getTime() > now.getTime() || authorizationError === "CERT_NOT_YET_VALID") {
    problem = "not_yet_valid";
    detail = `The certificate is valid only from ${validFrom.toISOString().slice(0, 10)}`;
  } else if (authorizationError && isSelfSigned(cert)) {
    problem = "self_signed";
    detail = "The certificate is self-signed: no trusted authority vouches for it";
  } else if (authorizationError) {
    problem = "untrusted";
    const issuer = dn(cert.issuer as unknown as Record<string, string>);
    detail = `The certificate's issuer${issuer ? ` (${issuer})` : ""} is not a trusted authority: it does not chain to a trusted root (${authorizationError})`;
  } else if (!coversName) {
    problem = "name_mismatch";
    detail = `The certificate does not cover ${host}; it is for ${subjectNamesOf(cert).join(", ") || "no name"}`;
  }
  return {
    issuer: dn(cert.issuer as unknown as Record<string, string>), subjectNames: subjectNamesOf(cert), validFrom, validTo,
    fingerprint: cert.fingerprint256, coversName, trusted, problem, detail,
  };
}

export async function probeCertificate(options: ProbeOptions): Promise<ProbeOutcome> {
  let address: string;
  let port = options.port;
  if (options.connectOverride) {
    address = options.connectOverride.host;
    port = options.connectOverride.port;
  } else {
    let addresses: string[];
    try {
      addresses = await options.resolve(options.host);
    } catch (error) {
      return { ok: false, problem: "unreachable", detail: `${options.host} could not be resolved (${(error as Error).message})` };
    }
    if (addresses.length === 0) return { ok: false, problem: "unreachable", detail: `${options.host} has no address (no A or AAAA record)` };
    const checked = checkAddresses(options.host, port, addresses, options.policy, { subject: options.host, verb: "connect" });
    if (!checked.ok) return { ok: false, problem: "refused", detail: checked.message };
    address = addresses[0]!;
  }
  return options.gate(address, () => handshake(options, address, port));
}

function handshake(options: ProbeOptions, address: string, port: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const raw = openSocket(address, port);
    const socket = openTls(raw, {
      servername: options.host, secureContext: options.secureContext, rejectUnauthorized: false, ALPNProtocols: ["http/1.1"],
      // The name is checked by readCertificate, so authorizationError speaks of the chain alone.
      checkServerIdentity: () => undefined,
    });
    let settled = false;
    const finish = (outcome: ProbeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(sizeWatch);
      socket.destroy();
      raw.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({
      ok: false, problem: "unreachable", detail: `${options.host} port ${options.port} did not complete a TLS handshake within ${Math.round(options.timeoutMs / 1000)} s`,
    }), options.timeoutMs);
    const sizeWatch = setInterval(() => {
      if (raw.bytesRead > options.maxBytes) {
        finish({ ok: false, problem: "unreachable", detail: `${options.host} port ${options.port} sent more than ${options.maxBytes} bytes without completing a TLS handshake` });
      }
    }, 25);
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate(false);
      if (!cert || !cert.valid_to) {
        finish({ ok: false, problem: "unreachable", detail: `${options.host} port ${options.port} served no certificate` });
        return;
      }
      const error = socket.authorized ? null : String((socket.authorizationError as unknown as { code?: string })?.code ?? socket.authorizationError ?? "UNKNOWN");
      finish({ ok: true, certificate: readCertificate(options.host, cert, error, options.now ?? new Date()) });
    });
    const failed = (error: NodeJS.ErrnoException) => finish({
      ok: false, problem: "unreachable", detail: `${options.host} port ${options.port}: ${describeError(error)}`,
    });
    socket.once("error", failed);
    raw.once("error", failed);
  });
}

function describeError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ECONNREFUSED": return "the connection was refused (nothing listens on that port)";
    case "ECONNRESET": return "the connection was reset during the TLS handshake";
    case "EHOSTUNREACH": case "ENETUNREACH": return "the address cannot be reached";
    default: return `the TLS handshake failed (${error.code ?? error.message})`;
  }
}
