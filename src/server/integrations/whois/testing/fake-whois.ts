/**
 * A loopback WHOIS server (port 43 protocol on a free port) for tests, benchmarks and browser
 * journeys. It reads one query line, answers from `answers` (keyed by the query as sent, e.g.
 * "example.io" or DENIC's "-T dn,ace example.de"), else from `answerEvery`, else with `notFound`,
 * after `delayMs`, and closes. It records the queries and the most it was answering at once.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface FakeWhois {
  server: Server;
  host: string;
  port: number;
  /** "127.0.0.1:PORT", as WHOIS_SERVER_OVERRIDE takes it. */
  address: string;
  answers: Map<string, string>;
  /** The answer for a query `answers` does not hold. */
  notFound: string;
  delayMs: number;
  /** Never answers, keeps the connection open (a server that hangs). */
  hang: boolean;
  /** Streams this many bytes of filler instead of an answer (a server that does not stop). */
  floodBytes: number;
  queries: string[];
  /** Queries received and not answered yet; the most of them at once. */
  answering: number;
  maxAnswering: number;
  close(): Promise<void>;
}

export async function startFakeWhois(options: { delayMs?: number; answerEvery?: (query: string) => string | undefined } = {}): Promise<FakeWhois> {
  const sockets = new Set<Socket>();
  const state = {
    answers: new Map<string, string>(), notFound: "No match for the queried name.\r\n", delayMs: options.delayMs ?? 0,
    hang: false, floodBytes: 0, queries: [] as string[], answering: 0, maxAnswering: 0,
  } as FakeWhois;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n");
      if (end === -1) return;
      const query = received.slice(0, end);
      state.queries.push(query);
      if (state.hang) return;
      state.answering++;
      state.maxAnswering = Math.max(state.maxAnswering, state.answering);
      const done = () => state.answering--;
      setTimeout(() => {
        if (state.floodBytes > 0) {
          const line = Buffer.from(`${"x".repeat(1023)}\n`);
          let sent = 0;
          const pump = () => {
            while (sent < state.floodBytes && !socket.destroyed) {
              sent += line.length;
              if (!socket.write(line)) return void socket.once("drain", pump);
            }
            socket.end(done);
          };
          return pump();
        }
        const answer = state.answers.get(query) ?? options.answerEvery?.(query) ?? state.notFound;
        socket.end(answer.replace(/\r?\n/g, "\r\n"), done);
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(state, {
    server, host: "127.0.0.1", port, address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => {
      for (const s of sockets) s.destroy();
      server.close(() => done());
    }),
  });
  return state;
}
