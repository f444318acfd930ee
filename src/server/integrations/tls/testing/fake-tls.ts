/**
 * A TLS server on loopback serving, for each SNI name, the certificate the test set for it
 * (`serve("shop.example", cert)`); a name without one gets `fallback`, or, when `fallback` is
 * null, has its handshake refused, as a host that serves no HTTPS. `delayMs` holds each
 * handshake back (benchmarks); `maxConcurrent` is the most connections it had open at once.
 */
import { createServer, type Server, type TLSSocket } from "node:tls";
import { createSecureContext, type SecureContext } from "node:tls";
import type { TestCertificate } from "./test-certificates.ts";

export interface FakeTls {
  host: string;
  port: number;
  serve(name: string, certificate: TestCertificate): void;
  delayMs: number;
  /** SNI names of the handshakes, in order. */
  handshakes: string[];
  maxConcurrent: number;
  close(): Promise<void>;
  server: Server;
}

export async function startFakeTls(fallback: TestCertificate | null, host = "127.0.0.1"): Promise<FakeTls> {
  const contexts = new Map<string, SecureContext>();
  let open = 0;
  const fallbackContext = fallback ? createSecureContext({ key: fallback.key, cert: fallback.cert }) : undefined;
  const server = createServer({
    ...(fallback ? { key: fallback.key, cert: fallback.cert } : {}),
    SNICallback: (name, done) => {
      fake.handshakes.push(name);
      const context = contexts.get(name.toLowerCase()) ?? fallbackContext;
      const reply = () => (context ? done(null, context) : done(new Error(`no certificate for ${name}`)));
      if (fake.delayMs > 0) setTimeout(reply, fake.delayMs);
      else reply();
    },
  });
  const fake: FakeTls = {
    host, port: 0, delayMs: 0, handshakes: [], maxConcurrent: 0, server,
    serve: (name, c) => void contexts.set(name.toLowerCase(), createSecureContext({ key: c.key, cert: c.cert })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.on("connection", (socket) => {
    open++;
    fake.maxConcurrent = Math.max(fake.maxConcurrent, open);
    socket.once("close", () => open--);
  });
  server.on("secureConnection", (socket: TLSSocket) => socket.end());
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  fake.port = (server.address() as { port: number }).port;
  return fake;
}
