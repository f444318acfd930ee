/**
 * The Hono application: middleware, REST shims under /api, tRPC under /trpc and the built
 * client with a single-page fallback. Built by createApp so tests drive it with app.request().
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { trpcServer } from "@hono/trpc-server";
import type { TRPCError } from "@trpc/server";
import { serveStatic } from "@hono/node-server/serve-static";
import { compress } from "hono/compress";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Config } from "./config.ts";
import { createSessionAuthenticator, sessionCookieUpkeep, toAuthUserDto } from "./features/auth/authenticate.ts";
import { readSessionToken } from "./features/auth/cookies.ts";
import { accountsRest } from "./features/accounts/rest.ts";
import { apiDocsRest } from "./features/api-docs/rest.ts";
import { apiKeyAsOwner, apiKeyAuth } from "./features/api-keys/bearer.ts";
import { apiKeysRest } from "./features/api-keys/rest.ts";
import { accountRest } from "./features/auth/account-rest.ts";
import { adminUsersRest } from "./features/auth/admin-users-rest.ts";
import { authRest } from "./features/auth/rest.ts";
import { setupPage, setupRest } from "./features/auth/setup-rest.ts";
import { catalogueRest } from "./features/catalogue/rest.ts";
import { contactRest } from "./features/contact/rest.ts";
import { notificationsRest } from "./features/notifications/rest.ts";
import { monitoringRest } from "./features/monitoring/rest.ts";
import { portfolioRest } from "./features/portfolio/rest.ts";
import { registryCoverageRest } from "./features/portfolio/registry-coverage-rest.ts";
import { priceChecksRest } from "./features/price-checks/rest.ts";
import { priceEngineRest } from "./features/price-engine/rest.ts";
import { NO_PRICE_SOURCES, type PriceSources } from "./features/price-engine/sources.ts";
import { pricesRest } from "./features/prices/rest.ts";
import { providersRest } from "./features/providers/rest.ts";
import { redirectsRest } from "./features/redirects/rest.ts";
import { clientIp, parseTrustedProxies } from "./lib/client-ip.ts";
import { siteRest } from "./features/site/rest.ts";
import { faviconRest } from "./features/site/favicon.ts";
import { sitemapRest } from "./features/site/sitemap.ts";
import { statusFeed } from "./features/status/feed.ts";
import { statusRest } from "./features/status/rest.ts";
import { createCredentialCipher, type CredentialCipher } from "./lib/credential-cipher.ts";
import { createTokenSigner, type TokenSigner } from "./lib/signed-token.ts";
import { AppError } from "./lib/errors.ts";
import { htmlError, wantsHtml } from "./lib/error-page.ts";
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE, jsonBodiesOnly, jsonDepthLimited } from "./lib/json-body.ts";
import { httpMetricsMiddleware, labelRoute, setMetricSources } from "./lib/metrics.ts";
import { answerMetrics } from "./lib/metrics-route.ts";
import { configurePriceCache, currentPricesVersion, invalidatePriceCache } from "./domain/price-cache.ts";
import { notReadyAnswer, Readiness } from "./lib/readiness.ts";
import { createRouteLabels, createRoutePreloads } from "./render/route-preloads.ts";
import { createPageCache, etagMatches, pageCacheKey, type CachedPage } from "./render/page-cache.ts";
import { renderCallsFor } from "./render/render-calls.ts";
import type { RenderCalls } from "./render/render-port.ts";
import { canServerRender, withClientPageTitle } from "./render/page-html.ts";
import { renderPageHtml, type PageAnswer } from "./render/server-render.ts";
import type { ViteManifest } from "./render/vite-manifest.ts";
import type { AppEnv } from "./lib/hono-env.ts";
import type { Logger } from "./lib/logger.ts";
import { sameOriginOnly, securityHeaders } from "./lib/security.ts";
import { cachedTrpcGets } from "./lib/trpc-cached-get.ts";
import type { RequestContext, SessionUser } from "./trpc/context.ts";
import { appRouter, cachedQueries } from "./trpc/root.ts";

export interface AppDeps {
  db: Db;
  /** The job queue, started by main.ts; requests only enqueue and read. */
  queue: JobQueue;
  config: Config;
  log: Logger;
  /** Directory of the built client (index.html + assets); omitted in API-only tests. */
  clientDir?: string | undefined;
  /** Resolves the signed-in user from the request; defaults to the cookie session. */
  authenticate?: (c: Context<AppEnv>) => Promise<{ user: SessionUser; sessionId: string } | null>;
  /** Price sources for fetches; without them a fetch reports that no source is available. */
  priceSources?: PriceSources | undefined;
  /** What to do after prices change; defaults to dropping this process's cached price answers. */
  onPricesChanged?: ((db: Db) => void) | undefined;
  /** Registrar credentials key; defaults to one derived from config.APP_SECRET (main.ts resolves the SQLite key file). */
  cipher?: CredentialCipher;
  /** Signs link tokens (unsubscribe links); defaults to one keyed by config.APP_SECRET, like the cipher. */
  signer?: TokenSigner;
  /** What GET /api/ready reports (main.ts marks boot's steps); ready throughout when omitted. */
  readiness?: Readiness;
}

/**
 * A request made with this env (app.request(url, init, WARM_UP_ENV)) renders its page without the
 * page cache: main.ts warms the renderers with real renders before the process says it is ready.
 * A request from the network cannot carry it.
 */
export const WARM_UP_ENV = { warmUp: true } as const;
const isWarmUp = (c: Context<AppEnv>) => (c.env as { warmUp?: unknown } | undefined)?.warmUp === true;

export function createApp(deps: AppDeps) {
  const { db, queue, config, log } = deps;
  const app = new Hono<AppEnv>();
  const authenticate = deps.authenticate ?? createSessionAuthenticator(db, config);
  // Behind a TLS-terminating proxy the request URL says http://, but browsers send the public origin.
  const publicOrigin = config.APP_URL ? new URL(config.APP_URL).origin : undefined;
  const trustedProxies = parseTrustedProxies(config.TRUSTED_PROXIES).proxies;
  configurePriceCache(config.PRICE_CACHE_SECONDS);
  const priceSources = deps.priceSources ?? NO_PRICE_SOURCES;
  const onPricesChanged = deps.onPricesChanged ?? invalidatePriceCache;
  const cipher = deps.cipher ?? (config.APP_SECRET ? createCredentialCipher(config.APP_SECRET) : undefined);
  if (!cipher) throw new Error("createApp needs a credentials cipher or APP_SECRET");
  const signer = deps.signer ?? (config.APP_SECRET ? createTokenSigner(config.APP_SECRET) : undefined);
  if (!signer) throw new Error("createApp needs a token signer or APP_SECRET");

  /** The context of a request or of a render's call: a new RequestContext field is filled in here once. */
  const contextFor = (own: Pick<RequestContext, "requestId" | "user" | "sessionId" | "ip" | "markPrivate"> & { origin: () => string }): RequestContext => {
    let requestLog: Logger | undefined;
    return {
      db, queue, config, requestId: own.requestId,
      // A child logger per request costs more than most requests do: made on first use.
      get log() {
        return (requestLog ??= log.child({ reqId: own.requestId }));
      },
      user: own.user, sessionId: own.sessionId, ip: own.ip,
      get origin() {
        return own.origin();
      },
      priceSources, onPricesChanged, cipher, signer, markPrivate: own.markPrivate,
    };
  };

  // First, so each request is timed whole, by the route pattern it matched (lib/metrics.ts); the warm-up's renders are not counted there.
  app.use(httpMetricsMiddleware(isWarmUp));
  app.use(requestId());
  const logRequests = log.isLevelEnabled("debug");
  app.use(async (c, next) => {
    const started = logRequests ? performance.now() : 0;
    const auth = await authenticate(c);
    let privateAnswer = false;
    const ctx = contextFor({
      requestId: c.var.requestId, user: auth?.user ?? null, sessionId: auth?.sessionId ?? null, ip: clientIp(c, trustedProxies),
      origin: () => publicOrigin ?? new URL(c.req.url).origin,
      markPrivate: () => {
        privateAnswer = true;
      },
    });
    c.set("ctx", ctx);
    await next();
    if (privateAnswer) c.header("Cache-Control", "private, no-store");
    if (logRequests) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      ctx.log.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
    }
  });
  app.use(sessionCookieUpkeep);
  app.use(securityHeaders());
  // JSON and pages over 1 KB go out gzip-compressed when the client accepts it (the cached price
  // answers arrive already encoded, and built assets are precompressed, so those pass through).
  // A client that accepts no encoding gets the answer as it is, so the answer need not be inspected.
  const compressAccepted = compress();
  const compressWhenAccepted: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.header("accept-encoding") ? compressAccepted(c, next) : next();
  app.use("/api/*", compressWhenAccepted);
  app.use("/trpc/*", compressWhenAccepted);
  const trustedOrigins = publicOrigin ? [publicOrigin] : [];
  const limitBodies = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json({ message: BODY_TOO_LARGE }, 413) });
  // GET and HEAD requests carry no body (the request object has none to read); checking one
  // would only build the full request object for nothing.
  const limitBody: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBodies(c, next);
  // JSON nesting deeper than any input needs is refused before a route parses it (json-body.ts).
  const sameOrigin = sameOriginOnly(trustedOrigins);
  // RFC 8058's one-click unsubscribe is posted by mail providers from their own servers; its
  // signed token authorises it, never a cookie, so a foreign origin cannot abuse a session there.
  const sameOriginUnlessUnsubscribe: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.path === "/api/notifications/unsubscribe" ? next() : sameOrigin(c, next);
  app.use("/api/*", sameOriginUnlessUnsubscribe, limitBody, jsonDepthLimited);
  // The documented public API (openapi.json) is what API keys are counted on.
  app.use("/api/domain-prices/*", apiKeyAuth);
  app.use("/api/currencies", apiKeyAuth);
  app.use("/api/service-providers/*", apiKeyAuth);
  app.use("/api/registry-operators", apiKeyAuth);
  app.use("/api/tlds/*", apiKeyAuth);
  app.use("/api/data-last-updated", apiKeyAuth);
  app.use("/api/registry-coverage", apiKeyAuth);
  // A key also acts as its owner on the owner's own data (read, or read and write by its scope).
  app.use("/api/user-domains/*", apiKeyAsOwner);
  app.use("/api/notifications/*", apiKeyAsOwner);
  // Every tRPC write is JSON; REST routes check their own bodies (some take forms or CSV).
  // GET inputs (`input=`) are JSON too: both are refused when they nest too deep.
  app.use("/trpc/*", sameOriginOnly(trustedOrigins), limitBody, jsonBodiesOnly);

  // A navigation (a link opened in a tab) gets the message as a page (lib/error-page.ts); API clients get JSON.
  const origin = (c: Context<AppEnv>) => c.var.ctx?.origin ?? publicOrigin ?? new URL(c.req.url).origin;
  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      if (wantsHtml(c)) return htmlError(c, error.status, error.message, origin(c));
      return c.json({ message: error.message, ...(error.issues ? { issues: error.issues } : {}) }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      if (wantsHtml(c)) return htmlError(c, error.status, error.message || "Bad request", origin(c));
      return c.json({ message: error.message || "Bad request" }, error.status);
    }
    (c.var.ctx?.log ?? log).error({ err: error, path: c.req.path }, "unhandled error");
    if (wantsHtml(c)) return htmlError(c, 500, "The server could not answer this request. Please try again later.", origin(c));
    return c.json({ message: "Internal server error" }, 500);
  });

  const readiness = deps.readiness ?? new Readiness("ready");
  // Behind the token only: without METRICS_TOKEN the metrics are not on this port at all.
  if (config.METRICS_TOKEN) app.get("/metrics", (c) => answerMetrics(c, config.METRICS_TOKEN));
  const api = new Hono<AppEnv>()
    .get("/health", (c) => c.json({ status: "ok" }))
    .get("/ready", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(readiness.report(), readiness.ready ? 200 : 503);
    })
    .route("/", catalogueRest)
    .route("/", pricesRest)
    .route("/", providersRest)
    .route("/", redirectsRest)
    .route("/", authRest)
    .route("/", accountRest)
    .route("/", adminUsersRest)
    .route("/", setupRest)
    .route("/", portfolioRest)
    .route("/", registryCoverageRest)
    .route("/", monitoringRest)
    .route("/", priceEngineRest)
    .route("/", priceChecksRest)
    .route("/", contactRest)
    .route("/", statusRest)
    .route("/", siteRest)
    .route("/", accountsRest)
    .route("/", apiKeysRest)
    .route("/", notificationsRest)
    .route("/", apiDocsRest);
  app.route("/api", api);
  app.all("/api/*", (c) =>
    wantsHtml(c)
      ? htmlError(c, 404, `There is no page at ${c.req.path}.`, origin(c))
      : c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404));

  const onTrpcError = ({ error, path }: { error: TRPCError; path: string | undefined }) => {
    if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error.cause ?? error, path }, "tRPC error");
  };
  app.use("/trpc/*", cachedTrpcGets("/trpc", cachedQueries));
  app.use(
    "/trpc/*",
    trpcServer({
      endpoint: "/trpc",
      router: appRouter,
      // The client sends one call per request (httpLink). A batch URL can name a procedure
      // hundreds of times and make one request build hundreds of answers, so tRPC refuses
      // every batch (GET or POST) with a 400 before creating a context or running a call.
      allowBatching: false,
      createContext: (_opts, c) => (c as Context<AppEnv>).var.ctx as unknown as Record<string, unknown>,
      // The headers an AppError carries (Retry-After on a 429) reach tRPC answers as they reach REST ones.
      responseMeta: ({ errors }) => ({ headers: appErrorHeaders(errors) }),
      onError: onTrpcError,
    }),
  );

  // A server page, so it must be routed before the client's single-page fallback.
  app.route("/", setupPage);
  app.route("/", sitemapRest);
  app.route("/", faviconRest);
  app.route("/", statusFeed);
  // The server render's tRPC calls, answered in process (render/render-calls.ts) with the context a
  // /trpc request without cookies gets here; what that cannot answer goes through the app itself.
  const renderCalls = renderCallsFor({
    router: appRouter,
    cachedQueries,
    context: (url, requestId) => contextFor({
      requestId, user: null, sessionId: null,
      // What clientIp makes of a request with no peer and no X-Forwarded-For.
      ip: "unknown",
      origin: () => publicOrigin ?? url.origin,
      markPrivate: () => undefined,
    }),
    fetch: (request) => app.fetch(request),
    onError: onTrpcError,
  });
  mountClient(app, deps.clientDir, db, config, origin, renderCalls, readiness);
  return app;
}

/** The headers of the AppErrors behind failed tRPC calls (mapErrors in trpc/init.ts keeps each as the cause). */
export function appErrorHeaders(errors: readonly { cause?: unknown }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const error of errors) {
    if (error.cause instanceof AppError) Object.assign(headers, error.cause.headers);
  }
  return headers;
}

/**
 * Hashed assets are immutable; index.html is revalidated so a deploy shows at once, and names the
 * requested page's own chunks for preloading (route-preloads.ts). Signed-out visitors get
 * public pages from the page cache (render/page-cache.ts, docs/decisions/023) with an ETag and
 * Cache-Control a CDN may act on; a request with a session cookie is rendered for itself and
 * marked private.
 */
function mountClient(
  app: Hono<AppEnv>, clientDir: string | undefined, db: Db, config: Config,
  origin: (c: Context<AppEnv>) => string, renderCalls: RenderCalls, readiness: Readiness,
) {
  const indexPath = clientDir ? join(clientDir, "index.html") : undefined;
  if (!clientDir || !indexPath || !existsSync(indexPath)) {
    app.notFound((c) =>
      wantsHtml(c)
        ? htmlError(c, 404, `There is no page at ${c.req.path}.`, origin(c))
        : c.json({ message: "Not found" }, 404));
    return;
  }
  const indexHtml = readFileSync(indexPath, "utf8");
  const manifestPath = join(clientDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) as ViteManifest : undefined;
  const preloadsFor = manifest ? createRoutePreloads(manifest, indexHtml) : () => "";
  // Pages are counted in the HTTP metrics by their route (/tld/:tldId); a path no route has is "/*".
  const routeOf = manifest ? createRouteLabels(manifest) : () => undefined;
  const headEnd = indexHtml.indexOf("</head>");
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // The build manifest is for the server, not for visitors.
  app.get("/.vite/*", (c) => c.json({ message: "Not found" }, 404));
  app.use("*", serveStatic({ root: clientDir, precompressed: true, index: "__no_index__" }));
  const serverRender = canServerRender(indexHtml);
  const pages = createPageCache(db, {
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    ttlMs: config.PAGE_CACHE_SECONDS * 1000,
    notFoundTtlMs: NOT_FOUND_TTL_SECONDS * 1000,
  }, currentPricesVersion);
  setMetricSources({ pageCache: () => pages.stats() });
  const publicCacheControl = `public, max-age=0, s-maxage=${config.PAGE_CDN_SECONDS}, stale-while-revalidate=${config.PAGE_CDN_SECONDS}`;
  const notFoundCacheControl = `public, max-age=0, s-maxage=${Math.min(config.PAGE_CDN_SECONDS, NOT_FOUND_TTL_SECONDS)}`;
  app.get("*", compress(), async (c) => {
    labelRoute(c, routeOf(c.req.path) ?? "/*");
    // Until each public page kind has rendered (and while no render thread can render), a page is a
    // 503 with Retry-After, not the client shell a crawler would index. (Renderers that failed to
    // load leave the client shell to render pages in the browser.)
    const renderers = readiness.check("renderers").state;
    if ((renderers === "pending" || renderers === "unavailable") && !isWarmUp(c)) return notReadyAnswer(c, origin(c), renderers === "pending");
    c.header("Cache-Control", "no-cache");
    // index.html naming the page's own chunks: made when a page is rendered or the shell sent, not for a cached page.
    let made: string | undefined;
    const template = () => {
      if (made !== undefined) return made;
      const preloads = headEnd < 0 ? "" : preloadsFor(c.req.path);
      return (made = withClientPageTitle(preloads ? `${indexHtml.slice(0, headEnd)}${preloads}${indexHtml.slice(headEnd)}` : indexHtml, c.req.path));
    };
    if (!serverRender) return c.html(template());
    const url = new URL(c.req.url);
    const pageOrigin = origin(c);
    const cookies = c.req.header("cookie");
    const signedOut = readSessionToken(c) === undefined;
    // With a session cookie the page is rendered as that session sees it (auth.me's answer), never as a visitor's.
    const sessionUser = c.var.ctx.user;
    const authUser = signedOut ? null : sessionUser ? toAuthUserDto(sessionUser) : null;
    if (isWarmUp(c)) {
      const shell = template();
      const page = await renderPageHtml(shell, { url, cookies, signedOut: true, origin: pageOrigin, compress: true, warmUp: true }, renderCalls);
      // Tells the warm-up whether the render answered its page or the shell (a timeout on a cold thread).
      c.header("X-Warm-Up", page && !page.shell ? "page" : "shell");
      return page ? htmlBody(c, page) : c.html(shell);
    }
    // A signed-out page goes through the page cache, which sends its brotli copy: made with the render, off this thread.
    const render = () => renderPageHtml(template(), { url, cookies, signedOut, authUser, origin: pageOrigin, compress: signedOut }, renderCalls);
    // The display currency comes from a cookie, so shared caches must keep one copy per cookie.
    c.header("Vary", "Cookie");
    if (!signedOut) {
      // A session cookie: never from nor into the shared cache, and no one else's to keep.
      c.header("Cache-Control", "private, no-store");
      const page = await render();
      return page ? htmlBody(c, page) : c.html(template());
    }
    const page = await pages.get(pageCacheKey(pageOrigin, url.pathname + url.search, cookies), async () => {
      const answer = await render();
      // The plain shell with 200 is what a failed or timed-out render answers: not worth keeping.
      return answer && { ...answer, keep: answer.status === 404 || !answer.shell };
    });
    if (!page) return c.html(template());
    // An answer not worth keeping here (the shell after a failed render) is not one for a CDN either.
    return sendCachedPage(c, page, !page.kept && page.status === 200 ? "no-cache" : page.status === 404 ? notFoundCacheControl : publicCacheControl);
  });
}

/** A rendered page's bytes as the answer (the route's compress() compresses them for the client). */
function htmlBody(c: Context<AppEnv>, page: PageAnswer): Response {
  c.header("Content-Type", "text/html; charset=UTF-8");
  const { body } = page;
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), page.status);
}

/** How long a 404 page is reused: a page missing now (an unknown TLD) may exist after an import. */
const NOT_FOUND_TTL_SECONDS = 30;

/** A cached page with its ETag (304 when the client has it), compressed once per encoding. */
function sendCachedPage(c: Context<AppEnv>, page: CachedPage, cacheControl: string): Response {
  c.header("Cache-Control", cacheControl);
  c.header("ETag", page.etag);
  c.header("Vary", "Cookie, Accept-Encoding");
  if (etagMatches(c.req.header("if-none-match"), page.etag)) return c.body(null, 304);
  c.header("Content-Type", "text/html; charset=UTF-8");
  const accepted = c.req.header("accept-encoding") ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  // With Content-Encoding set, the route's compress() leaves the answer as it is.
  if (encoding) c.header("Content-Encoding", encoding);
  const bytes = encoding ? page.encoded(encoding) : page.body;
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), page.status);
}
