/**
 * REST doors of the account flows. /api/password-reset… and /api/account/email/confirm are
 * reached from a mail or the sign-in page: a GET shows a form, the form's POST acts, and each
 * POST takes a form (answered with a page) or JSON (answered with JSON). /api/account… is the
 * signed-in user's own account, beside the account.* tRPC procedures.
 */
import { z } from "zod";
import { Hono, type Context } from "hono";
import {
  changeEmailSchema, changePasswordSchema, deleteAccountSchema, passwordResetRequestSchema, passwordResetSchema, sessionIdSchema,
  timeZoneSchema, twoFactorConfirmSchema, twoFactorEnableSchema, twoFactorSetupSchema,
} from "../../../shared/schemas/account.ts";
import { listActiveApiKeysByUser } from "../../../../db/repositories/api-key-repository.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { parseOrThrow, pathId, type AppEnv } from "../../lib/hono-env.ts";
import { isJsonType, readJsonBody } from "../../lib/json-body.ts";
import { exportAccountData, deleteAccount } from "./account-data.ts";
import { mailConfigured } from "../../domain/account-mail.ts";
import { renderConfirmEmailPage, renderDonePage, renderForgotPage, renderLinkProblemPage, renderResetPage } from "./account-pages.ts";
import {
  accountOverview, changePassword, confirmEmailChange, disableTwoFactor, emailChangeOfToken, enableTwoFactor, newRecoveryCodes, requestEmailChange,
  setTimeZone, signOutOtherSessions, signOutSession, startTwoFactorSetup, type AccountCtx,
} from "./account-service.ts";
import { clearSessionCookie } from "./cookies.ts";
import { oidcEnabled } from "./oidc-flow.ts";
import { accountOfResetToken, requestPasswordReset, resetPassword, RESET_SENT } from "./password-reset.ts";
import { readForm } from "./rest.ts";

const isJson = (c: Context<AppEnv>) => isJsonType(c.req.header("content-type"));
const accountCtx = (c: Context<AppEnv>): AccountCtx => ({ ...c.var.ctx, user: c.var.ctx.user! });
const SIGN_IN = { href: "/api/login", label: "Go to sign in" };

/** A form post answered with a page, whatever happens; JSON callers get JSON and the error as thrown. */
async function formAction(c: Context<AppEnv>, act: (body: Record<string, unknown>) => Promise<Response>, onError: (error: AppError, body: Record<string, unknown>) => Response | Promise<Response>) {
  c.header("Cache-Control", "no-store");
  const body = await readForm(c);
  try {
    return await act(body);
  } catch (error) {
    if (!(error instanceof AppError) || isJson(c)) throw error;
    for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
    return onError(error, body);
  }
}

const firstMessage = (error: AppError) => error.issues?.[0]?.message ?? error.message;

const passwordResetRest = new Hono<AppEnv>()
  .use("/password-reset/*", async (c, next) => {
    if (oidcEnabled(c.var.ctx.config)) throw notFound("This server signs in with single sign-on: reset your password with your identity provider.");
    await next();
  })
  .use("/password-reset", async (c, next) => {
    if (oidcEnabled(c.var.ctx.config)) throw notFound("This server signs in with single sign-on: reset your password with your identity provider.");
    await next();
  })
  .get("/password-reset/request", (c) => {
    c.header("Cache-Control", "no-store");
    return c.html(renderForgotPage({ mailConfigured: mailConfigured(c.var.ctx.config) }));
  })
  .post("/password-reset/request", (c) => formAction(c, async (body) => {
    const { email } = parseOrThrow(passwordResetRequestSchema, body, "form");
    await requestPasswordReset(c.var.ctx, email);
    return isJson(c) ? c.json({ message: RESET_SENT }, 202) : c.html(renderForgotPage({ mailConfigured: true, sent: RESET_SENT, email }), 202);
  }, (error, body) => c.html(renderForgotPage({
    mailConfigured: mailConfigured(c.var.ctx.config), error: firstMessage(error), email: typeof body.email === "string" ? body.email.slice(0, 254) : undefined,
  }), error.status)))
  .get("/password-reset", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const token = c.req.query("token") ?? "";
    try {
      const account = await accountOfResetToken(c.var.ctx.db, token);
      return c.html(renderResetPage({ token, email: account.email, apiKeys: (await listActiveApiKeysByUser(c.var.ctx.db, account.id)).length }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.html(renderLinkProblemPage("This link no longer works", error.message, { href: "/api/password-reset/request", label: "Ask for a new link" }), error.status);
    }
  })
  .post("/password-reset", (c) => formAction(c, async (body) => {
    const input = parseOrThrow(passwordResetSchema, body, "form");
    const done = await resetPassword(c.var.ctx, input.token, input.password, { keepApiKeys: input.keepApiKeys });
    if (isJson(c)) return c.json({ ok: true, apiKeysRevoked: done.apiKeysRevoked, keptApiKeys: done.keptApiKeys });
    const keys = done.apiKeysRevoked ? " Any API keys of the account were revoked: make new ones once signed in if you need them." : "";
    return c.html(renderDonePage("Password changed", `Your new password is set, and every device that was signed in was signed out.${keys} Sign in with it now.`, SIGN_IN));
  }, (error, body) => {
    const token = typeof body.token === "string" ? body.token.slice(0, 100) : "";
    // A form error keeps the form; a link that stopped working says so.
    return error.issues ? c.html(renderResetPage({ token, error: firstMessage(error) }), error.status)
      : c.html(renderLinkProblemPage("This link no longer works", error.message, { href: "/api/password-reset/request", label: "Ask for a new link" }), error.status);
  }));

const emailConfirmRest = new Hono<AppEnv>()
  .get("/account/email/confirm", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const token = c.req.query("token") ?? "";
    try {
      const { account, newEmail } = await emailChangeOfToken(c.var.ctx.db, token);
      return c.html(renderConfirmEmailPage({ token, newEmail, currentEmail: account.email }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.html(renderLinkProblemPage("This link no longer works", error.message, { href: "/settings/account", label: "Account settings" }), error.status);
    }
  })
  .post("/account/email/confirm", (c) => formAction(c, async (body) => {
    parseOrThrow(z.object({ token: z.unknown().optional() }), body, "form");
    const { email } = await confirmEmailChange(c.var.ctx, typeof body.token === "string" ? body.token : "");
    if (isJson(c)) return c.json({ email });
    return c.html(renderDonePage("Address changed", `Your account now uses ${email}.`, { href: "/settings/account", label: "Account settings" }));
  }, (error) => c.html(renderLinkProblemPage("The address was not changed", error.message, { href: "/settings/account", label: "Account settings" }), error.status)));

const signedInAccountRest = new Hono<AppEnv>()
  .use("/account", requireUser)
  .use("/account/*", requireUser)
  .get("/account", async (c) => c.json(await accountOverview(accountCtx(c))))
  .post("/account/password", async (c) => c.json(await changePassword(accountCtx(c), parseOrThrow(changePasswordSchema, await readJsonBody(c), "body"))))
  .post("/account/email", async (c) => c.json(await requestEmailChange(accountCtx(c), parseOrThrow(changeEmailSchema, await readJsonBody(c), "body")), 202))
  .put("/account/time-zone", async (c) => c.json(await setTimeZone(accountCtx(c), parseOrThrow(timeZoneSchema, await readJsonBody(c), "body").timeZone)))
  .get("/account/sessions", async (c) => c.json((await accountOverview(accountCtx(c))).sessions))
  .delete("/account/sessions/:id", async (c) => {
    const result = await signOutSession(accountCtx(c), pathId(c, sessionIdSchema, "You have no session with this id."));
    if (result.current) clearSessionCookie(c, c.var.ctx.config);
    return c.json(result);
  })
  .post("/account/sessions/sign-out-others", async (c) => c.json(await signOutOtherSessions(accountCtx(c))))
  .post("/account/two-factor/setup", async (c) => c.json(await startTwoFactorSetup(accountCtx(c), parseOrThrow(twoFactorSetupSchema, await readJsonBody(c), "body"))))
  .post("/account/two-factor/enable", async (c) => c.json(await enableTwoFactor(accountCtx(c), parseOrThrow(twoFactorEnableSchema, await readJsonBody(c), "body"))))
  .post("/account/two-factor/disable", async (c) => c.json(await disableTwoFactor(accountCtx(c), parseOrThrow(twoFactorConfirmSchema, await readJsonBody(c), "body"))))
  .post("/account/two-factor/recovery-codes", async (c) =>
    c.json(await newRecoveryCodes(accountCtx(c), parseOrThrow(twoFactorConfirmSchema, await readJsonBody(c), "body"))))
  .get("/account/export", async (c) => {
    const data = await exportAccountData(accountCtx(c));
    c.header("Content-Disposition", `attachment; filename="tldscope-account-${data.exportedAt.slice(0, 10)}.json"`);
    return c.json(data);
  })
  .post("/account/delete", async (c) => {
    const result = await deleteAccount(accountCtx(c), parseOrThrow(deleteAccountSchema, await readJsonBody(c), "body"));
    clearSessionCookie(c, c.var.ctx.config);
    return c.json(result);
  });

export const accountRest = new Hono<AppEnv>()
  .route("/", passwordResetRest)
  .route("/", emailConfirmRest)
  .route("/", signedInAccountRest);
