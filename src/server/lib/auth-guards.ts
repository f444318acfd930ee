import type { MiddlewareHandler } from "hono";
import { forbidden, unauthorized } from "./errors.ts";
import type { AppEnv } from "./hono-env.ts";

/** REST counterpart of authedProcedure: 401 without a session. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.ctx.user) throw unauthorized();
  await next();
};

/** REST counterpart of adminProcedure: 401 signed out, 403 signed in without admin rights. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.ctx.user;
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw forbidden();
  await next();
};
