/**
 * What every successful sign-in does, whatever the method: invalidate the session the browser
 * presented (rotation, so a planted or stolen cookie dies at sign-in), start a new one and
 * send it back.
 */
import type { Context } from "hono";
import { findAccountById, recordSignIn } from "../../../../db/repositories/account-repository.ts";
import { forbidden } from "../../lib/errors.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { readSessionToken, setSessionCookie } from "./cookies.ts";
import { createSession, invalidateSessionToken } from "./session.ts";

export const ACCOUNT_DISABLED = "This account is disabled. Ask an administrator to enable it.";

/**
 * Refuses a disabled account (403), else starts its session and notes the sign-in.
 * `secondFactor`: the sign-in passed a code as well as the password (what the admin policy asks of an administrator's session).
 */
export async function beginSession(c: Context<AppEnv>, userId: number, options: { secondFactor?: boolean } = {}): Promise<void> {
  const { db, config, ip } = c.var.ctx;
  const account = await findAccountById(db, userId);
  if (!account || account.disabledAt) throw forbidden(ACCOUNT_DISABLED);
  await invalidateSessionToken(db, readSessionToken(c));
  const now = new Date();
  const { token, expiresAt } = await createSession(db, userId, config.SESSION_DAYS, now, { userAgent: c.req.header("user-agent"), ip, secondFactor: options.secondFactor === true });
  await recordSignIn(db, userId, now);
  setSessionCookie(c, config, token, expiresAt);
}

/**
 * Only same-origin paths: "/x" yes; "//evil.example", "/\\evil.example", "https://…" and
 * anything with control characters no, so sign-in can never become an open redirect.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2000) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const base = new URL("http://same.invalid");
  const url = new URL(value, base);
  if (url.origin !== base.origin) return undefined;
  // Looping back into the sign-in endpoints after signing in makes no sense.
  if (url.pathname.startsWith("/api/login") || url.pathname.startsWith("/api/logout")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether a navigation came from our own pages (or was typed into the address bar): by
 * Sec-Fetch-Site when the browser sends it, else by a same-origin Referer. `same-site` is a
 * sibling subdomain, which is not us.
 */
export function fromOwnPage(c: Context<AppEnv>): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const referer = c.req.header("referer");
  if (!referer || !URL.canParse(referer)) return false;
  const origin = new URL(referer).origin;
  return origin === new URL(c.req.url).origin || origin === c.var.ctx.origin;
}
