/**
 * JSON endpoints read JSON only. Without this check a body sent as text/plain (which a form on
 * another site can post without a CORS preflight) would be parsed as JSON all the same.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError, badRequest } from "./errors.ts";
import type { AppEnv } from "./hono-env.ts";

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const BODY_TOO_LARGE = "Request body too large (max 2 MB)";
export const JSON_ONLY = "Send the request body as JSON (Content-Type: application/json)";

export const isJsonType = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? "");

/** Whether the request says it carries a body (a declared type or length, or a chunked upload). */
export function declaresBody(c: Context): boolean {
  const length = c.req.header("content-length");
  return !!c.req.header("content-type") || !!c.req.header("transfer-encoding") || (length !== undefined && length !== "0");
}

/** For routes whose every write reads JSON (tRPC): 415 for a body of any other type. */
export const jsonBodiesOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && declaresBody(c) && !isJsonType(c.req.header("content-type"))) {
    return c.json({ message: JSON_ONLY }, 415);
  }
  await next();
};

/** The parsed JSON body of a REST request: 415 when it is not declared JSON, 400 when it does not parse. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  if (!isJsonType(c.req.header("content-type"))) throw new AppError(415, JSON_ONLY);
  return c.req.json().catch(() => {
    throw badRequest("The request body must be JSON");
  });
}
