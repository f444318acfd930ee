/**
 * Where the metrics (lib/metrics.ts) are read, never publicly by default: on the server's port
 * only with METRICS_TOKEN set, and then only with `Authorization: Bearer <token>`; or on a port
 * of their own (METRICS_PORT, bound to METRICS_HOST, loopback by default), which answers nothing
 * but /metrics (and wants the token too when one is set). Worker processes, which open no other
 * port, serve them there.
 */
import { timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { metricsText } from "./metrics.ts";

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics, or a 401 without the token when one is required. */
export async function answerMetrics(c: Context, token: string | undefined): Promise<Response> {
  if (token && !bearerMatches(c.req.header("authorization"), token)) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    return c.json({ message: "The metrics need Authorization: Bearer <METRICS_TOKEN>." }, 401);
  }
  const { body, contentType } = await metricsText();
  c.header("Cache-Control", "no-store");
  return c.body(body, 200, { "Content-Type": contentType });
}

/** The metrics port: /metrics and nothing else. Resolves once it listens. */
export function serveMetrics(options: { port: number; hostname: string; token: string | undefined }): Promise<Server> {
  const app = new Hono();
  app.get("/metrics", (c) => answerMetrics(c, options.token));
  app.all("*", (c) => c.json({ message: "Only /metrics is served on this port." }, 404));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, () => resolve(server)) as Server;
  });
}
