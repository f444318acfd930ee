/**
 * The `authenticate` hook createApp calls once per request: cookie → session → user. Admin
 * rights are the stored flag only (see admins.ts for what sets it).
 *
 * Cookie upkeep (sliding the expiry, clearing a dead cookie) waits until the answer exists:
 * sessionCookieUpkeep skips answers marked `Cache-Control: public`, because a Set-Cookie stored
 * by a shared cache (CDN) would hand one visitor's session to everyone else.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../../../../db/client.ts";
import type { UserDto } from "../../../../db/repositories/user-repository.ts";
import type { AuthUserDto } from "../../../shared/schemas/auth.ts";
import type { Config } from "../../config.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import type { SessionUser } from "../../trpc/context.ts";
import { clearSessionCookie, readSessionToken, SESSION_COOKIE, setSessionCookie } from "./cookies.ts";
import type { SessionDetailDto, SessionUserDto } from "../../../../db/repositories/session-repository.ts";
import { clientIp, parseTrustedProxies } from "../../lib/client-ip.ts";
import { adminsMustUseTwoFactor } from "./admin-users.ts";
import { extendSession, noteSessionUse, validateSessionToken } from "./session.ts";

export function toSessionUser(user: UserDto): SessionUser {
  return { id: user.id, email: user.email, firstName: user.firstName, isAdmin: user.isAdmin, timeZone: user.timeZone };
}

export const toAuthUserDto = (u: SessionUser): AuthUserDto => ({
  id: u.id, firstName: u.firstName, email: u.email, isAdmin: u.isAdmin, timeZone: u.timeZone, ...(u.adminNeedsTwoFactor ? { adminNeedsTwoFactor: true } : {}),
});

/**
 * The session's user as requests see it: while administrators must use two-step sign-in, an
 * administrator's session counts as an administrator's only when two-step sign-in is on and this
 * session's sign-in passed a code; otherwise it acts as an ordinary user's (turning two-step
 * sign-in on inside a session is not enough: the next sign-in with a code is). Single sign-on
 * accounts leave the second step to their identity provider.
 */
async function withAdminPolicy(db: Db, user: SessionUserDto, session: SessionDetailDto): Promise<SessionUser> {
  const sessionUser = toSessionUser(user);
  if (!user.isAdmin || user.oidcSubject !== null) return sessionUser;
  if (user.twoFactorEnabled && session.secondFactorAt !== null) return sessionUser;
  if (!(await adminsMustUseTwoFactor(db))) return sessionUser;
  return { ...sessionUser, isAdmin: false, adminNeedsTwoFactor: true };
}

type Upkeep = { kind: "clear" } | { kind: "refresh"; token: string };
const upkeepByRequest = new WeakMap<Context<AppEnv>, Upkeep>();

export function createSessionAuthenticator(db: Db, config: Config) {
  const trustedProxies = parseTrustedProxies(config.TRUSTED_PROXIES).proxies;
  return async (c: Context<AppEnv>): Promise<{ user: SessionUser; sessionId: string } | null> => {
    // Hashed static assets never depend on who asks; skip the session lookup for them.
    if (c.req.path.startsWith("/assets/")) return null;
    const token = readSessionToken(c);
    if (!token) return null;
    const valid = await validateSessionToken(db, token, config.SESSION_DAYS);
    if (!valid) {
      upkeepByRequest.set(c, { kind: "clear" });
      return null;
    }
    if (valid.needsRefresh) upkeepByRequest.set(c, { kind: "refresh", token });
    await noteSessionUse(db, valid.session, clientIp(c, trustedProxies));
    return { user: await withAdminPolicy(db, valid.user, valid.session), sessionId: valid.session.id };
  };
}

/** Runs after the handler; a no-op unless the authenticator above asked for upkeep. */
export const sessionCookieUpkeep: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const upkeep = upkeepByRequest.get(c);
  if (!upkeep) return;
  if (/\bpublic\b/i.test(c.res.headers.get("cache-control") ?? "")) return;
  // Sign-in and sign-out already decided what the cookie becomes.
  if (c.res.headers.getSetCookie().some((v) => v.startsWith(`${SESSION_COOKIE}=`))) return;
  const { db, config } = c.var.ctx;
  if (upkeep.kind === "clear") clearSessionCookie(c, config);
  else setSessionCookie(c, config, upkeep.token, await extendSession(db, upkeep.token, config.SESSION_DAYS));
};
