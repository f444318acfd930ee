/**
 * Browser-facing auth endpoints. /api/login and /api/logout are navigations (spec section 1),
 * so they answer with HTML and redirects; a JSON body on POST gets JSON back instead, for
 * scripts and tests. GET /api/logout signs out only when our own pages asked for it. Failures keep the typed e-mail and say what went wrong.
 * A password sign-in of an account with two-step sign-in on answers the code prompt instead of a
 * session (JSON: { twoFactorRequired: true, token }), and POST /api/login/two-factor finishes it.
 */
import { Hono, type Context } from "hono";
import { z, type ZodType } from "zod";
import { findAccountById } from "../../../../db/repositories/account-repository.ts";
import { deleteUserToken, findUserToken, replaceUserToken } from "../../../../db/repositories/user-token-repository.ts";
import type { UserDto } from "../../../../db/repositories/user-repository.ts";
import { registerSchema, signInSchema } from "../../../shared/schemas/auth.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { parseOrThrow, type AppEnv } from "../../lib/hono-env.ts";
import { isJsonType } from "../../lib/json-body.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import { toAuthUserDto, toSessionUser } from "./authenticate.ts";
import { clearSessionCookie, readSessionToken } from "./cookies.ts";
import { renderTwoFactorPage } from "./account-pages.ts";
import { renderAuthErrorPage, renderLoginPage, renderSignOutPage } from "./login-page.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { handleOidcCallback, oidcEnabled, startOidcSignIn } from "./oidc-flow.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { registerWithPassword, signInWithPassword } from "./service.ts";
import { invalidateSessionToken } from "./session.ts";
import { beginSession, fromOwnPage, safeReturnTo } from "./sign-in-session.ts";
import { verifySecondStep } from "./two-factor.ts";

const isJson = (c: Context<AppEnv>) => isJsonType(c.req.header("content-type"));
/** How long the code prompt waits after a right password. */
export const SECOND_STEP_MINUTES = 10;
const SECOND_STEP_EXPIRED = "Your sign-in took too long or was already finished. Please sign in again.";

/** JSON for scripts, or what a browser form sends; anything else is refused with 415. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (isJson(c)) return ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError(415, "Send the form as application/x-www-form-urlencoded, multipart/form-data or JSON");
  }
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
}

type FormKind = "signin" | "register";

/** Starts the session, or, for an account with two-step sign-in on, the code prompt. */
async function finishPasswordStep(c: Context<AppEnv>, user: UserDto, returnTo: string | undefined) {
  const account = await findAccountById(c.var.ctx.db, user.id);
  if (account?.twoFactorEnabled && !account.disabledAt) {
    const token = randomToken();
    await replaceUserToken(c.var.ctx.db, {
      id: hashToken(token), userId: user.id, purpose: "two_factor_sign_in", expiresAt: new Date(Date.now() + SECOND_STEP_MINUTES * 60_000),
    });
    if (isJson(c)) return c.json({ twoFactorRequired: true, token });
    return c.html(renderTwoFactorPage({ token, returnTo }));
  }
  await beginSession(c, user.id);
  if (isJson(c)) return c.json({ user: toAuthUserDto(toSessionUser(user)) });
  return c.redirect(returnTo ?? "/", 302);
}

/** Runs a sign-in or registration, answering with a redirect (forms) or JSON (scripts). */
const passwordEndpoint = <S extends ZodType>(form: FormKind, schema: S, run: (c: Context<AppEnv>, input: z.output<S>) => Promise<UserDto>) =>
  async (c: Context<AppEnv>) => {
    const { config } = c.var.ctx;
    if (oidcEnabled(config)) throw notFound("Password sign-in is disabled: this server signs in with single sign-on at /api/login");
    const body = await readForm(c);
    const returnTo = safeReturnTo(body.returnTo);
    c.header("Cache-Control", "no-store");
    try {
      const user = await run(c, parseOrThrow(schema, body, "form"));
      return await finishPasswordStep(c, user, returnTo);
    } catch (error) {
      if (!(error instanceof AppError) || isJson(c)) throw error;
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      const email = typeof body.email === "string" ? body.email.slice(0, 254) : undefined;
      const firstName = typeof body.firstName === "string" ? body.firstName.slice(0, 100) : undefined;
      const message = error.issues?.[0]?.message ?? error.message;
      return c.html(renderLoginPage({ form, error: message, email, firstName, returnTo }), error.status);
    }
  };

/** The fields of the code prompt's form, read by hand below: any other is refused by name. */
const secondStepFields = z.object({ token: z.unknown().optional(), code: z.unknown().optional(), returnTo: z.unknown().optional() });

/** POST /api/login/two-factor: the code after a right password; the prompt's token is used up only by a right code. */
async function secondStep(c: Context<AppEnv>) {
  const { db, cipher, ip } = c.var.ctx;
  const body = await readForm(c);
  const returnTo = safeReturnTo(body.returnTo);
  const token = typeof body.token === "string" ? body.token : "";
  c.header("Cache-Control", "no-store");
  try {
    parseOrThrow(secondStepFields, body, "form");
    const pending = isTokenShaped(token) ? await findUserToken(db, hashToken(token), "two_factor_sign_in", new Date()) : null;
    if (!pending) throw badRequest(SECOND_STEP_EXPIRED);
    const code = typeof body.code === "string" ? body.code : "";
    if (!code.trim()) throw badRequest("Enter a code.", [{ field: "code", message: "Enter a code." }]);
    await verifySecondStep(db, cipher, pending.userId, code, ip);
    if (!(await deleteUserToken(db, hashToken(token)))) throw badRequest(SECOND_STEP_EXPIRED);
    await beginSession(c, pending.userId, { secondFactor: true });
    const user = await findAccountById(db, pending.userId);
    if (isJson(c)) return c.json({ user: toAuthUserDto(toSessionUser(user!)) });
    return c.redirect(returnTo ?? "/", 302);
  } catch (error) {
    if (!(error instanceof AppError) || isJson(c)) throw error;
    for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
    if (error.message === SECOND_STEP_EXPIRED) return c.html(renderLoginPage({ error: error.message, returnTo }), error.status);
    return c.html(renderTwoFactorPage({ token, returnTo, error: error.message }), error.status);
  }
}

const signOut = async (c: Context<AppEnv>) => {
  const { db, config } = c.var.ctx;
  c.header("Cache-Control", "no-store");
  // A GET another site can trigger (a link, an <img>) must not end the session: it gets a button instead.
  if (c.req.method === "GET" && !fromOwnPage(c)) return c.html(renderSignOutPage());
  await invalidateSessionToken(db, readSessionToken(c));
  clearSessionCookie(c, config);
  const formPost = c.req.method === "POST" && /^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "");
  return c.req.method === "GET" || formPost ? c.redirect("/", 302) : c.json({ ok: true });
};

export const authRest = new Hono<AppEnv>()
  .get("/login", async (c) => {
    const { user, config } = c.var.ctx;
    const returnTo = safeReturnTo(c.req.query("returnTo"));
    c.header("Cache-Control", "no-store");
    if (user) return c.redirect(returnTo ?? "/", 302);
    if (oidcEnabled(config)) {
      try {
        return await startOidcSignIn(c, returnTo ?? "/");
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return c.html(renderAuthErrorPage(error.message), error.status);
      }
    }
    return c.html(renderLoginPage({ returnTo }));
  })
  .post("/login", passwordEndpoint("signin", signInSchema, (c, input) => signInWithPassword(c.var.ctx.db, input, c.var.ctx.ip)))
  .post("/login/two-factor", secondStep)
  .post("/register", passwordEndpoint("register", registerSchema, (c, input) => {
    assertAcceptablePassword(input.password, input.email);
    return registerWithPassword(c.var.ctx.db, input, c.var.ctx.ip);
  }))
  .get("/logout", signOut)
  .post("/logout", signOut)
  .get("/auth/callback", handleOidcCallback)
  .get("/auth/user", (c) => {
    c.header("Cache-Control", "no-store");
    const user = c.var.ctx.user;
    return user ? c.json(toAuthUserDto(user)) : c.json({ message: "Unauthorized" }, 401);
  })
  .get("/admin/ping", requireAdmin, (c) => c.json({ ok: true, user: toAuthUserDto(c.var.ctx.user!) }));
