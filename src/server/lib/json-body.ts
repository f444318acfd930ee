/**
 * JSON endpoints read JSON only. Without this check a body sent as text/plain (which a form on
 * another site can post without a CORS preflight) would be parsed as JSON all the same.
 *
 * JSON nested deeper than JSON_MAX_DEPTH is refused before it is parsed: no input of this API
 * nests that deep, and a body of nothing but `[` (2 MB fit under the body limit) otherwise
 * costs a full parse, and the validation and error reporting after it, on the one event loop
 * every other request waits on. The depth is found by one linear scan that stops at the limit.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError, badRequest } from "./errors.ts";
import type { AppEnv } from "./hono-env.ts";

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const BODY_TOO_LARGE = "Request body too large (max 2 MB)";
export const JSON_ONLY = "Send the request body as JSON (Content-Type: application/json)";
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP = `JSON nested more than ${JSON_MAX_DEPTH} levels deep (arrays and objects) is not accepted`;

export const isJsonType = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? "");

const OPEN_ARRAY = 0x5b, CLOSE_ARRAY = 0x5d, OPEN_OBJECT = 0x7b, CLOSE_OBJECT = 0x7d, QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * Whether `[`/`{` outside strings nest deeper than `limit` anywhere in the text. Linear, stops at
 * the first level past the limit, and reads malformed text as well (JSON.parse judges that).
 */
export function jsonNestsDeeperThan(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if ((ch === CLOSE_ARRAY || ch === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return false;
}

/** Whether the request says it carries a body (a declared type or length, or a chunked upload). */
export function declaresBody(c: Context): boolean {
  const length = c.req.header("content-length");
  return !!c.req.header("content-type") || !!c.req.header("transfer-encoding") || (length !== undefined && length !== "0");
}

const isWrite = (method: string) => method !== "GET" && method !== "HEAD";

/** Requests whose JSON body has passed the depth check (so readJsonBody need not scan it again). */
const depthChecked = new WeakSet<Request>();

/** The JSON body's text, or null when it nests too deep. Reads through Hono's body cache, so handlers read it again for free. */
async function boundedJsonText(c: Context): Promise<string | null> {
  const text = await c.req.text();
  if (!depthChecked.has(c.req.raw)) {
    if (jsonNestsDeeperThan(text)) return null;
    depthChecked.add(c.req.raw);
  }
  return text;
}

/**
 * For /api/*: a write declared as JSON is refused with 400 when it nests too deep, before any
 * route parses it (including routes that read JSON or forms themselves).
 */
export const jsonDepthLimited: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isWrite(c.req.method) && isJsonType(c.req.header("content-type")) && (await boundedJsonText(c)) === null) {
    return c.json({ message: JSON_TOO_DEEP }, 400);
  }
  await next();
};

/**
 * For tRPC, whose every write reads JSON: 415 for a body of any other type, 400 for a JSON body
 * or a GET's `input=` JSON nesting too deep.
 */
export const jsonBodiesOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isWrite(c.req.method)) {
    if (declaresBody(c)) {
      if (!isJsonType(c.req.header("content-type"))) return c.json({ message: JSON_ONLY }, 415);
      if ((await boundedJsonText(c)) === null) return c.json({ message: JSON_TOO_DEEP }, 400);
    }
  } else {
    const input = c.req.query("input");
    if (input !== undefined && jsonNestsDeeperThan(input)) return c.json({ message: JSON_TOO_DEEP }, 400);
  }
  await next();
};

/** The parsed JSON body of a REST request: 415 when it is not declared JSON, 400 when it nests too deep or does not parse. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  if (!isJsonType(c.req.header("content-type"))) throw new AppError(415, JSON_ONLY);
  const text = await boundedJsonText(c);
  if (text === null) throw badRequest(JSON_TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body must be JSON");
  }
}
