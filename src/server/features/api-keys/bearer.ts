/**
 * Authorization: Bearer <key> on the public API. Without the header a request goes on as an
 * anonymous one; with it the key must work (else 401) and the request is counted against the
 * key's hourly allowance, whose state every answer reports in X-RateLimit-* headers. Those
 * headers belong to one key, so a keyed answer is private: a shared cache must not hand it to
 * another client (an anonymous answer stays public).
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { countApiKeyRequest } from "./rate-limit.ts";
import { resolveApiKey } from "./service.ts";

export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  if (header === undefined) return next();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw withChallenge("The Authorization header must be: Bearer <API key>");
  const db = c.var.ctx.db;
  const keyId = await resolveApiKey(db, match[1]!);
  if (keyId === null) throw withChallenge("Invalid or revoked API key");
  const { headers } = await countApiKeyRequest(db, keyId);
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  const cacheControl = c.res.headers.get("cache-control");
  if (cacheControl?.startsWith("public")) c.res.headers.set("Cache-Control", cacheControl.replace(/^public/, "private"));
};

const withChallenge = (message: string) =>
  new AppError(401, message, undefined, { "WWW-Authenticate": 'Bearer realm="TLDScope API"' });
