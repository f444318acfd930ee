/**
 * The session cookie: HttpOnly (scripts never see the token), SameSite=Lax (sent on top-level
 * navigations such as the OIDC callback, not on cross-site subresource requests), Secure
 * whenever the app is served over HTTPS.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../config.ts";
import type { AppEnv } from "../../lib/hono-env.ts";

export const SESSION_COOKIE = "session";

export const useSecureCookies = (config: Config): boolean =>
  config.SECURE_COOKIES === true || (config.APP_URL?.startsWith("https:") ?? false);

export const readSessionToken = (c: Context<AppEnv>): string | undefined => getCookie(c, SESSION_COOKIE);

export function setSessionCookie(c: Context<AppEnv>, config: Config, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true, sameSite: "Lax", path: "/", secure: useSecureCookies(config), expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>, config: Config) {
  setCookie(c, SESSION_COOKIE, "", { httpOnly: true, sameSite: "Lax", path: "/", secure: useSecureCookies(config), maxAge: 0, expires: new Date(0) });
}
