/**
 * The client's address. Behind a trusted proxy it is the address that proxy saw, which the
 * proxy appends as the right-most X-Forwarded-For entry; with `hops` proxies in a chain it is
 * the hops-th entry from the right. Entries further left were written by the client itself and
 * can say anything, so they are never used.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function forwardedClient(forwardedFor: string | undefined, hops: number): string | undefined {
  const entries = (forwardedFor ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  // Fewer entries than proxies: the request skipped part of the chain, so nothing here is trustworthy.
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}

export function clientIp(c: Context, trustProxy: boolean, hops: number): string {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), hops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}
