import type { MiddlewareHandler } from "hono";
import { forbidden, unauthorized } from "./errors.ts";
import type { AppEnv } from "./hono-env.ts";

/** REST counterpart of authedProcedure: 401 without a session; a signed-in answer is private, never stored by a cache. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.ctx.user) throw unauthorized();
  c.header("Cache-Control", "private, no-store");
  await next();
};

/** REST counterpart of adminProcedure: 401 signed out, 403 signed in without admin rights. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.ctx.user;
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw forbidden();
  await next();
};
