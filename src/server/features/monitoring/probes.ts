/**
 * The monitoring's network tools from the configuration: DNS through DNS_SERVERS, and TLS
 * probes that resolve hosts through the same resolvers, apply the outgoing address policy
 * (OUTBOUND_ALLOW_PRIVATE, on the implicit-TLS ports hosts may be watched on: MONITOR_PORTS), trust
 * Node's roots plus TLS_EXTRA_CA_FILE, and keep TLS_MAX_IN_FLIGHT_PER_HOST per address with at
 * most MAX_WAITING_PER_ADDRESS more waiting (gateThrough).
 */
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates } from "node:tls";
import { dnsServers, tlsProbePolicy, type Config } from "../../config.ts";
import { DnsRecords } from "../../integrations/dns/records.ts";
import { ServerGates } from "../../integrations/net/host-gates.ts";
import { probeCertificate, type ProbeOptions, type ProbeOutcome } from "../../integrations/tls/probe.ts";

/** A certificate chain is a few kilobytes; a handshake reading more than this is cut off. */
const MAX_HANDSHAKE_BYTES = 256 * 1024;

export interface MonitorProbes {
  dns: DnsRecords;
  tlsGates: ServerGates;
  /** `stop`: when it aborts, a probe still waiting for a slot gives up its place (AddressBusy). */
  probe(host: string, port: number, stop?: AbortSignal): Promise<ProbeOutcome>;
}

export function monitorProbes(config: Config): MonitorProbes {
  const dns = new DnsRecords({
    servers: dnsServers(config), timeoutMs: config.DNS_TIMEOUT_SECONDS * 1000, maxInFlightPerServer: config.DNS_MAX_IN_FLIGHT_PER_SERVER, perSecondPerServer: 200,
  });
  const secureContext = createSecureContext({ ca: [...rootCertificates, ...(config.TLS_EXTRA_CA_FILE ? [readFileSync(config.TLS_EXTRA_CA_FILE, "utf8")] : [])] });
  const tlsGates = new ServerGates(config.TLS_MAX_IN_FLIGHT_PER_HOST, 20);
  const policy = tlsProbePolicy(config);
  const override = config.TLS_CONNECT_OVERRIDE ? splitHostPort(config.TLS_CONNECT_OVERRIDE) : undefined;
  const resolve = addressesThrough(dns);
  return {
    dns, tlsGates,
    probe: (host, port, stop) => probeCertificate({
      host, port, resolve, policy, connectOverride: override, secureContext, timeoutMs: config.TLS_TIMEOUT_SECONDS * 1000, maxBytes: MAX_HANDSHAKE_BYTES,
      gate: gateThrough(tlsGates, MAX_WAITING_PER_ADDRESS, stop),
    }),
  };
}

/**
 * Handshakes that may wait for a slot at one address, beyond those in flight. Past it a probe is
 * not queued and its entry is checked in a later run (monitor-check.ts): many domains on one slow
 * or dead address (3 at a time, up to TLS_TIMEOUT_SECONDS each) then hold about a quarter of a
 * run's 200 workers, not every one of them, and the other addresses' entries go on.
 */
export const MAX_WAITING_PER_ADDRESS = 50;

/** A probe not made this run: its address had MAX_WAITING_PER_ADDRESS handshakes waiting. */
export class AddressBusy extends Error {
  constructor(readonly address: string) {
    super(`${address} has too many certificate checks waiting; not tried this run`);
    this.name = "AddressBusy";
  }
}

/**
 * The probe's gate at each address: `gates`' limits, and no queue past `maxWaiting`; once `stop`
 * aborts (another host of the entry was put off), a probe still waiting gives up its place.
 * A probe not made throws AddressBusy.
 */
export function gateThrough(gates: ServerGates, maxWaiting = MAX_WAITING_PER_ADDRESS, stop?: AbortSignal): ProbeOptions["gate"] {
  return async (address, run) => {
    if (stop?.aborted || gates.waitingAt(address) >= maxWaiting) throw new AddressBusy(address);
    const ran = await gates.run(address, run, "", stop);
    if ("value" in ran) return ran.value;
    // Abandoned (stop aborted while it waited), or resting (the monitoring never asks the gates to rest).
    throw new AddressBusy(address);
  };
}

/** A host's IPv4 and IPv6 addresses through the monitoring's resolvers (fails when neither answers). */
export function addressesThrough(dns: DnsRecords): (host: string) => Promise<string[]> {
  return async (host) => {
    const [v4, v6] = await Promise.all([dns.lookup(host, "A"), dns.lookup(host, "AAAA")]);
    if (!v4.ok && !v6.ok) throw new Error(v4.reason);
    return [...(v4.ok ? v4.records : []), ...(v6.ok ? v6.records : [])];
  };
}

function splitHostPort(value: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(value)!;
  return { host: m[1]!, port: m[2] ? Number(m[2]) : 443 };
}
