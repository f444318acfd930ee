/**
 * Serves a Hono app on 127.0.0.1 at a free port, for fakes of third-party APIs in tests,
 * benchmarks and browser journeys. Fakes are Hono apps, so several can be mounted on one
 * server when one registrar's base URL serves more than one API (prices and domains).
 */
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export function startLoopbackServer(app: Hono<any>): Promise<LoopbackServer> {
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => {
          (server as import("node:http").Server).closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}
