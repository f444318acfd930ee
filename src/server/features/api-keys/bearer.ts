/**
 * Authorization: Bearer <key>. Without the header a request goes on as it came (anonymous, or
 * signed in by its session cookie); with it the key must work (else 401) and the request is
 * counted against the key's hourly allowance, whose state every answer reports in X-RateLimit-*
 * headers. Those headers belong to one key, so a keyed answer is private: a shared cache must
 * not hand it to another client (an anonymous answer stays public).
 *
 * On the public API (apiKeyAuth) a key only counts. On its owner's own routes (apiKeyAsOwner:
 * portfolio, forecast, watches, notifications) it also signs the request in as its owner, who is
 * never an administrator through a key; a read key makes GET (and HEAD) calls only, a 403
 * otherwise. A browser cannot send the header to another site without that site's CORS consent,
 * which this one never gives, so a keyed request needs no same-origin check.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { countApiKeyRequest } from "./rate-limit.ts";
import { apiKeyOwner, resolveApiKey, type ResolvedApiKey } from "./service.ts";

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The working key the request carries; undefined without an Authorization header; 401 for a bad one. */
async function keyOf(c: Context<AppEnv>): Promise<ResolvedApiKey | undefined> {
  const header = c.req.header("authorization");
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw withChallenge("The Authorization header must be: Bearer <API key>");
  const key = await resolveApiKey(c.var.ctx.db, match[1]!);
  if (!key) throw withChallenge("Invalid or revoked API key");
  return key;
}

/** Counts the request, runs the route, and marks its answer as the key's alone. */
async function counted(c: Context<AppEnv>, key: ResolvedApiKey, next: () => Promise<void>) {
  const { headers } = await countApiKeyRequest(c.var.ctx.db, key.id);
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  const cacheControl = c.res.headers.get("cache-control");
  if (cacheControl?.startsWith("public")) c.res.headers.set("Cache-Control", cacheControl.replace(/^public/, "private"));
}

export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = await keyOf(c);
  if (!key) return next();
  return counted(c, key, next);
};

export const apiKeyAsOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = await keyOf(c);
  if (!key) return next();
  if (key.scope === "read" && !READ_METHODS.has(c.req.method)) {
    throw new AppError(403, "This API key can only read. Make a key with read and write access on the API keys page to add, change or remove.");
  }
  const owner = await apiKeyOwner(c.var.ctx.db, key);
  if (!owner) throw withChallenge("Invalid or revoked API key");
  // The key, not a cookie that came with it, says who is asking.
  c.var.ctx.user = owner;
  c.var.ctx.sessionId = null;
  return counted(c, key, next);
};

const withChallenge = (message: string) =>
  new AppError(401, message, undefined, { "WWW-Authenticate": 'Bearer realm="TLDScope API"' });
