/**
 * The tRPC door for cached public queries: a GET of /trpc/<path>?input=… whose procedure has
 * a cached answer is answered here from that serialised JSON, wrapped in tRPC 11's envelope
 * ({"result":{"data":…}}), with the same ETag/304 and compression as the REST door.
 * Anything else (bad input, a failing call, POST) falls through to tRPC itself, whose
 * procedures call the same cached service functions, so errors keep tRPC's one format.
 * A batch (`?batch=1`, or several comma-separated paths) is never answered here: the server
 * turns batching off (app.ts), so tRPC refuses it with a 400 before running any procedure.
 * Answering one would let a single URL naming a procedure hundreds of times make the server
 * build one answer per name.
 */
import type { MiddlewareHandler } from "hono";
import type { RequestContext } from "../trpc/context.ts";
import { jsonAnswerResponse } from "./cached-json-response.ts";
import type { AppEnv } from "./hono-env.ts";
import { jsonAnswerFromParts, digestOf, type JsonAnswer } from "./json-cache.ts";

/** Answers a procedure's cached JSON for a raw (unparsed) input, or null to leave it to tRPC. */
export type CachedQuery = (ctx: RequestContext, rawInput: unknown) => Promise<JsonAnswer> | null;

/**
 * One envelope per cached answer, made on first use (so its ETag, compression and text are
 * reused by this door and by the server render's calls, render-calls.ts).
 * The envelope is a fixed wrapping of the answer, so its ETag is derived from the answer's
 * (marked "t." so it never equals the REST door's) instead of hashing the text again.
 */
const envelopes = new WeakMap<JsonAnswer, JsonAnswer>();
const ENVELOPE_HEAD = Buffer.from('{"result":{"data":');
const ENVELOPE_TAIL = Buffer.from("}}");
export function envelopeOf(entry: JsonAnswer): JsonAnswer {
  let envelope = envelopes.get(entry);
  if (!envelope) {
    envelope = jsonAnswerFromParts([ENVELOPE_HEAD, ...entry.parts, ENVELOPE_TAIL], () => `t.${digestOf(entry.etag)}`);
    envelopes.set(entry, envelope);
  }
  return envelope;
}

function parseInput(raw: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (raw === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

export function cachedTrpcGets(endpoint: string, queries: Record<string, CachedQuery>): MiddlewareHandler<AppEnv> {
  const prefix = `${endpoint}/`;
  return async (c, next) => {
    if (c.req.method !== "GET" || !c.req.path.startsWith(prefix)) return next();
    // A batch, or a streaming client's JSON lines: tRPC's own handler answers (and refuses) those.
    if (c.req.query("batch") !== undefined) return next();
    const accept = c.req.header("trpc-accept") ?? c.req.header("accept") ?? "";
    if (accept.includes("application/jsonl")) return next();
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return next();
    }
    if (!Object.hasOwn(queries, path)) return next();
    const input = parseInput(c.req.query("input"));
    if (!input.ok) return next();
    const answer = queries[path]!(c.var.ctx, input.value);
    if (!answer) return next();
    let entry: JsonAnswer;
    try {
      entry = await answer;
    } catch {
      return next(); // tRPC calls it again and answers the error in its own format
    }
    // tRPC varies its answer on these too (JSON lines for a streaming client).
    return jsonAnswerResponse(c, envelopeOf(entry), { vary: "trpc-accept, accept, Accept-Encoding" });
  };
}
