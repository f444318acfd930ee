import { Hono } from "hono";
import type { AppEnv } from "../../lib/hono-env.ts";
import { resolveRedirect, type RedirectKind } from "./service.ts";

const redirect = (kind: RedirectKind) => async (c: import("hono").Context<AppEnv>) => {
  const target = await resolveRedirect(c.var.ctx, kind, { providerId: c.req.query("providerId"), domain: c.req.query("domain") });
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(target, 302);
};

export const redirectsRest = new Hono<AppEnv>().get("/r/register", redirect("register")).get("/r/transfer", redirect("transfer"));
