/**
 * The openings of raw connections and DNS resolvers for code outside integrations/net
 * (eslint.config.js refuses them anywhere else): a TCP socket to an address, TLS over such a
 * socket, and a DNS resolver asking given servers. A socket is given an address already checked
 * against the network policy (checked-address.ts checkAddresses) or one from the operator's
 * configuration (an override); it never looks a host name up itself. A resolver asks the
 * operator's DNS servers (DNS_SERVERS).
 */
import { connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from "node:tls";

export { Resolver as DnsResolver } from "node:dns/promises";

/** A TCP connection to `address` (an IP address, checked or configured) and `port`. */
export function openSocket(address: string, port: number): Socket {
  return netConnect({ host: address, port });
}

/** TLS over a socket from openSocket; `options.servername` is the host name the certificate is read for. */
export function openTls(socket: Socket, options: Omit<ConnectionOptions, "socket" | "host" | "port" | "path">): TLSSocket {
  return tlsConnect({ ...options, socket });
}
