import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { jsonAnswer, type JsonAnswer } from "./json-cache.ts";

/** Below this size compression saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;

/** Answers a JSON answer (cached or not) with an ETag (304 when the client has it), compressed when asked. */
export function jsonAnswerResponse(
  c: Context,
  entry: JsonAnswer,
  { maxAgeSeconds = 60, vary = "Accept-Encoding" }: { maxAgeSeconds?: number; vary?: string } = {},
): Response {
  c.header("ETag", entry.etag);
  c.header("Cache-Control", `public, max-age=${maxAgeSeconds}`);
  c.header("Vary", vary);
  if (c.req.header("if-none-match") === entry.etag) return c.body(null, 304);
  c.header("Content-Type", "application/json; charset=UTF-8");
  const accepted = c.req.header("accept-encoding") ?? "";
  if (entry.byteLength >= MIN_COMPRESS_BYTES) {
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (encoding) {
      c.header("Content-Encoding", encoding);
      return c.body(view(entry.encoded(encoding)));
    }
  }
  // Under app.request() (tests) there is no Node response: bodyFor then joins into a new buffer.
  return c.body(view(entry.bodyFor((c.env as Partial<HttpBindings> | undefined)?.outgoing)));
}

/** The buffer's bytes as a Uint8Array, without copying them. */
const view = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/**
 * A public GET's answer with the same ETag/304 and Cache-Control as the cached price answers:
 * serialised per request (these reads are cheap), so a client or CDN revalidates for free.
 */
export const publicJsonResponse = (c: Context, value: unknown): Response => jsonAnswerResponse(c, jsonAnswer(JSON.stringify(value)));
