/**
 * OpenID Connect sign-in (authorization code + PKCE S256, through oidc-client.ts). The
 * per-attempt secrets (state, nonce, PKCE verifier, return path) travel in a short-lived
 * HttpOnly cookie sealed with an HMAC, so any process can finish a flow another one started,
 * with no table for it.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { randomNonce, randomPKCECodeVerifier, randomState } from "openid-client";
import { emailSchema } from "../../../shared/schemas/auth.ts";
import type { Config } from "../../config.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { useSecureCookies } from "./cookies.ts";
import { renderAuthErrorPage } from "./login-page.ts";
import { authorizationUrl, completeAuthorization } from "./oidc-client.ts";
import { signInWithOidc } from "./service.ts";
import { beginSession } from "./sign-in-session.ts";
import { CONTROL_CHARACTERS } from "../../../shared/schemas/plain-text.ts";

const FLOW_COOKIE = "oidc_flow";
const FLOW_PATH = "/api/auth";
const FLOW_SECONDS = 10 * 60;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  exp: number;
}

export const oidcEnabled = (config: Config) => !!(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);

const sealKey = (config: Config) => createHash("sha256").update(`oidc-flow\0${config.OIDC_CLIENT_SECRET}\0${config.APP_SECRET ?? ""}`).digest();
const mac = (config: Config, payload: string) => createHmac("sha256", sealKey(config)).update(payload).digest();

function seal(config: Config, flow: Flow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${mac(config, payload).toString("base64url")}`;
}

function unseal(config: Config, value: string | undefined): Flow | null {
  const [payload, signature] = value?.split(".") ?? [];
  if (!payload || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(config, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Flow;
  return flow.exp > Date.now() / 1000 ? flow : null;
}

const redirectUri = (c: Context<AppEnv>) => `${c.var.ctx.origin}${FLOW_PATH}/callback`;

export async function startOidcSignIn(c: Context<AppEnv>, returnTo: string) {
  const { config } = c.var.ctx;
  const flow: Flow = {
    state: randomState(), nonce: randomNonce(), verifier: randomPKCECodeVerifier(), returnTo, exp: Math.floor(Date.now() / 1000) + FLOW_SECONDS,
  };
  const url = await authorizationUrl(config, { redirectUri: redirectUri(c), state: flow.state, nonce: flow.nonce, codeVerifier: flow.verifier });
  setCookie(c, FLOW_COOKIE, seal(config, flow), {
    httpOnly: true, sameSite: "Lax", path: FLOW_PATH, secure: useSecureCookies(config), maxAge: FLOW_SECONDS,
  });
  c.header("Cache-Control", "no-store");
  return c.redirect(url.toString(), 302);
}

async function completeOidcSignIn(c: Context<AppEnv>): Promise<string> {
  const { config, db } = c.var.ctx;
  const flow = unseal(config, getCookie(c, FLOW_COOKIE));
  // The flow cookie is single-use whatever happens next.
  setCookie(c, FLOW_COOKIE, "", { httpOnly: true, sameSite: "Lax", path: FLOW_PATH, secure: useSecureCookies(config), maxAge: 0 });
  const query = c.req.query();
  if (!flow || !query.state || query.state !== flow.state) {
    throw badRequest("This sign-in link has expired or did not start here. Please try again.");
  }
  if (query.error) throw new AppError(401, `The identity provider did not sign you in (${query.error.slice(0, 100)}).`);
  if (!query.code) throw badRequest("The identity provider sent no authorization code.");
  // The provider's answer, read against the redirect URI it was sent to (not the proxied request URL).
  const callbackUrl = new URL(redirectUri(c));
  callbackUrl.search = new URL(c.req.url).search;
  const claims = await completeAuthorization(config, callbackUrl, { expectedState: flow.state, expectedNonce: flow.nonce, codeVerifier: flow.verifier });
  const user = await signInWithOidc(db, config, {
    subject: claims.sub,
    email: emailSchema.safeParse(claims.email).data ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    // The identity provider's name is not checked like a form's: its control characters (line breaks, direction overrides) become spaces.
    firstName: (typeof claims.given_name === "string" && claims.given_name.replace(new RegExp(CONTROL_CHARACTERS.source, "g"), " ").trim().slice(0, 100)) || null,
  });
  await beginSession(c, user.id);
  return flow.returnTo;
}

/** GET /api/auth/callback: a browser navigation, so failures render a page, not JSON. */
export async function handleOidcCallback(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  if (!oidcEnabled(c.var.ctx.config)) return c.html(renderAuthErrorPage("Single sign-on is not configured."), 404);
  try {
    return c.redirect(await completeOidcSignIn(c), 302);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return c.html(renderAuthErrorPage(error.message), error.status);
  }
}
