/**
 * The tRPC door for cached public queries: a GET of /trpc/<path>?input=… (or a batch,
 * /trpc/a,b?batch=1&input={"0":…}) whose every procedure has a cached answer is answered
 * here from that serialised JSON, wrapped in tRPC 11's envelope ({"result":{"data":…}},
 * an array of them for a batch), with the same ETag/304 and compression as the REST door.
 * Anything else (bad input, a failing call, streaming, POST) falls through to tRPC itself,
 * whose procedures call the same cached service functions, so errors keep tRPC's one format.
 */
import type { MiddlewareHandler } from "hono";
import type { RequestContext } from "../trpc/context.ts";
import { cachedJsonResponse } from "./cached-json-response.ts";
import type { AppEnv } from "./hono-env.ts";
import { cachedJsonParts, digestOf, sha1, type CachedJson } from "./json-cache.ts";

/** Answers a procedure's cached JSON for a raw (unparsed) input, or null to leave it to tRPC. */
export type CachedQuery = (ctx: RequestContext, rawInput: unknown) => Promise<CachedJson> | null;

/**
 * One envelope per cached answer, made on first use (so its ETag and compression are reused).
 * The envelope is a fixed wrapping of the answer, so its ETag is derived from the answer's
 * (marked "t." so it never equals the REST door's) instead of hashing the text again.
 */
const envelopes = new WeakMap<CachedJson, CachedJson>();
const ENVELOPE_HEAD = Buffer.from('{"result":{"data":');
const ENVELOPE_TAIL = Buffer.from("}}");
const COMMA = Buffer.from(",");
function envelopeOf(entry: CachedJson): CachedJson {
  let envelope = envelopes.get(entry);
  if (!envelope) {
    envelope = cachedJsonParts([ENVELOPE_HEAD, ...entry.parts, ENVELOPE_TAIL], () => `t.${digestOf(entry.etag)}`);
    envelopes.set(entry, envelope);
  }
  return envelope;
}

function batchOf(entries: CachedJson[]): CachedJson {
  const parts: Buffer[] = [Buffer.from("[")];
  for (const [i, e] of entries.entries()) parts.push(...(i ? [COMMA] : []), ...envelopeOf(e).parts);
  parts.push(Buffer.from("]"));
  return cachedJsonParts(parts, () => `b.${sha1(entries.map((e) => envelopeOf(e).etag).join(","))}`);
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
    // httpBatchStreamLink asks for JSON lines: tRPC's own streaming answers those.
    const accept = c.req.header("trpc-accept") ?? c.req.header("accept") ?? "";
    if (accept.includes("application/jsonl")) return next();
    const batch = c.req.query("batch") === "1";
    let paths: string[];
    try {
      paths = decodeURIComponent(c.req.path.slice(prefix.length)).split(",");
    } catch {
      return next();
    }
    if ((!batch && paths.length !== 1) || !paths.every((p) => Object.hasOwn(queries, p))) return next();
    const input = parseInput(c.req.query("input"));
    if (!input.ok) return next();
    if (batch && (typeof input.value !== "object" || input.value === null)) return next();

    const pending: Promise<CachedJson>[] = [];
    for (const [index, path] of paths.entries()) {
      const raw = batch ? (input.value as Record<string, unknown>)[index] : input.value;
      const answer = queries[path]!(c.var.ctx, raw);
      if (!answer) {
        for (const p of pending) p.catch(() => undefined); // abandoned: tRPC answers the whole call
        return next();
      }
      pending.push(answer);
    }
    let entries: CachedJson[];
    try {
      entries = await Promise.all(pending);
    } catch {
      return next(); // tRPC calls it again and answers the error in its own format
    }
    const body = batch ? batchOf(entries) : envelopeOf(entries[0]!);
    // tRPC varies its answer on these too (JSON lines for a streaming client).
    return cachedJsonResponse(c, body, { vary: "trpc-accept, accept, Accept-Encoding" });
  };
}
