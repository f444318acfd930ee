import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { COLOR_MODE_SCRIPT } from "../../shared/color-mode-script.ts";
import type { AppEnv } from "./hono-env.ts";

/** The one inline script index.html carries, allowed by its hash and no other. */
const colorModeScriptHash = `'sha256-${createHash("sha256").update(COLOR_MODE_SCRIPT).digest("base64")}'`;

/**
 * Chakra (emotion) injects style tags at run time, hence 'unsafe-inline' for styles only.
 * These are defaults: a header a route set itself is left as it is (e.g. Referrer-Policy:
 * no-referrer on pages whose address holds a token, and on the redirect to a registrar).
 */
export const securityHeaders = () =>
  secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", colorModeScriptHash],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
  });

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests a browser sent from another site. Browsers always send
 * Origin on cross-origin POST/PUT/DELETE and Sec-Fetch-Site on modern engines; clients that
 * send neither (curl, server-to-server) carry no ambient cookies, so they are let through.
 * Sec-Fetch-Site `same-site` (a sibling subdomain, perhaps someone else's) counts as foreign.
 */
export const sameOriginOnly = (allowedOrigins: string[] = []): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (UNSAFE.has(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const own = new URL(c.req.url).origin;
    const allowed = new Set([own, ...allowedOrigins]);
    // A form posted from one of our pages served with Referrer-Policy: no-referrer carries
    // Origin "null"; the browser's Sec-Fetch-Site (which no page can set) tells it is ours. Any
    // other "null" (a sandboxed frame, a data: page) is foreign.
    const nullOrigin = origin === "null" && site !== "same-origin";
    const foreignOrigin = !!origin && (nullOrigin || (origin !== "null" && !allowed.has(origin)));
    const foreignSite = site === "cross-site" || site === "same-site";
    if (foreignOrigin || foreignSite) return c.json({ message: "Cross-origin request refused" }, 403);
  }
  await next();
};
