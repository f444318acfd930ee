/**
 * GET /setup?token=… (a page, mounted before the client's fallback) and POST /api/setup (its
 * form, same-origin only like every /api write). Signed-out visitors sign in first and come back.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/hono-env.ts";
import { completeSetup, checkSetupToken } from "./setup.ts";
import { renderSetupErrorPage, renderSetupPage } from "./setup-page.ts";

export const setupPage = new Hono<AppEnv>().get("/setup", async (c) => {
  const { db, user } = c.var.ctx;
  c.header("Cache-Control", "no-store");
  const token = c.req.query("token");
  const check = await checkSetupToken(db, token);
  if (!check.ok) return c.html(renderSetupErrorPage(check.message), check.status);
  if (!user) return c.redirect(`/api/login?returnTo=${encodeURIComponent(`/setup?token=${token}`)}`, 302);
  return c.html(renderSetupPage({ email: user.email, token: token! }));
});

export const setupRest = new Hono<AppEnv>().post("/setup", async (c) => {
  const { db, user } = c.var.ctx;
  c.header("Cache-Control", "no-store");
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    return c.json({ message: "Send the setup form (application/x-www-form-urlencoded or multipart/form-data)" }, 415);
  }
  const { token, ...others } = await c.req.parseBody();
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) return c.html(renderSetupErrorPage(`Unknown field "${unknown.slice(0, 100)}": the setup form sends only its token.`), 400);
  if (!user) return c.html(renderSetupErrorPage("Sign in first, then open the setup link again."), 401);
  const result = await completeSetup(db, typeof token === "string" ? token : undefined, user.id, new Date(), c.var.ctx.ip);
  if (!result.ok) return c.html(renderSetupErrorPage(result.message), result.status);
  return c.redirect("/admin", 302);
});
