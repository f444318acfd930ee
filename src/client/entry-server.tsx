/**
 * The server render of a public page (docs/decisions/017): the same router, routes, components
 * and query cache as the browser, run once per request on the server. Route loaders start their
 * queries, the render waits for them, and the page's HTML and the cache that produced it go back
 * to the server, which writes both into index.html; main.tsx hydrates from that cache.
 * tRPC calls go through `fetchTrpc`, answered by the server's own procedures, answer cache included.
 */
import createCache from "@emotion/cache";
import { QueryClient, dehydrate, type DehydratedState } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { renderToString } from "react-dom/server";
import type { AppRouter } from "../server/trpc/root.ts";
import { AppRoot } from "./app-root.tsx";
import type { AuthUser } from "./lib/use-auth.ts";
import { RequestCurrency, currencyFromCookies } from "./lib/display-currency.ts";
import { RequestOrigin } from "./lib/site-origin.ts";
import { httpStatusOf } from "./lib/trpc-errors.ts";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, PageHeadCollector, type PageHead } from "./lib/use-page-title.ts";
import { createAppRouter } from "./router.tsx";

/** Signed-in areas and live figures stay client-rendered: their HTML would be private or stale. */
const CLIENT_ONLY = /^\/(portfolio|accounts|api-keys|settings|admin|status)(\/|$)/;

export const isServerRendered = (pathname: string): boolean => !CLIENT_ONLY.test(pathname);

/**
 * A tRPC call's answer as the render's client reads it: the status and the JSON body. Not a
 * WHATWG Response, which costs more to make than a small answer takes to parse: a render in a
 * worker thread gets its answers over a MessagePort (server/render/render-port.ts) and needs no more.
 */
export interface TrpcAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** How the render's tRPC client asks: the call's URL, method, headers and body (none for a query). */
export type TrpcFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<TrpcAnswer>;

export interface RenderRequest {
  /** Path and query string of the page. */
  url: string;
  /** The site's public origin, for URLs the page shows. */
  origin: string;
  /** The request's Cookie header: only the display currency is read from it. */
  cookies: string | undefined;
  /**
   * The request carries no session cookie: the visitor is signed out, so the page is rendered
   * with the signed-out view and auth.me's answer (null) goes into the cache the browser gets.
   */
  signedOut: boolean;
  /**
   * With a session cookie: what auth.me answers for it (the user, or null when the session is not
   * valid). The page is rendered with that view and the answer goes into the cache the browser
   * gets, so a signed-in visitor never gets the visitor's page. Undefined: not known, the page is
   * rendered signed out and still loading its auth state.
   */
  authUser?: AuthUser | null | undefined;
  /** Answers a tRPC GET, e.g. through the app's own fetch handler. Called without the visitor's cookies. */
  fetchTrpc: TrpcFetch;
  /** How long the page's queries may take before the server sends the plain shell instead. */
  timeoutMs?: number;
}

/** The page's component styles: emotion's rule ids and their CSS, for one <style> in the head. */
export interface PageStyles {
  ids: string[];
  css: string;
}

export type RenderResult =
  | { kind: "page"; status: 200 | 404; html: string; state: DehydratedState; head: PageHead; styles: PageStyles }
  /** Not rendered (a query failed or took too long): the shell, with the status the failure implies. */
  | { kind: "shell"; status: 200 | 404 };

/** Resolves once no query is fetching, or false after `timeoutMs`. */
function whenIdle(queryClient: QueryClient, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve(true);
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

export async function renderPage({ url, origin, cookies, signedOut, authUser, fetchTrpc, timeoutMs = 5000 }: RenderRequest): Promise<RenderResult> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [httpLink({
      url: "http://ssr.internal/trpc",
      // The client asks with a URL string and plain headers; no abort: a render that waits too long answers the shell.
      fetch: (input, init) => fetchTrpc(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, {
        method: init?.method ?? "GET",
        headers: (init?.headers ?? {}) as Record<string, string>,
        ...(typeof init?.body === "string" ? { body: init.body } : {}),
      }),
    })],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const currency = currencyFromCookies(cookies);
  // What auth.me answers (null without a session, the session's user with one); the browser then has it and asks nothing.
  const knownUser = signedOut ? null : authUser;
  if (knownUser !== undefined) queryClient.setQueryData(trpc.auth.me.queryKey(), knownUser);
  const router = createAppRouter(
    { queryClient, trpc, currency: () => currency },
    { history: createMemoryHistory({ initialEntries: [url] }) },
  );
  await router.load();
  if (!(await whenIdle(queryClient, timeoutMs))) return { kind: "shell", status: 200 };

  const notFound = router.state.matches.some((match) => match.status === "notFound" || match._notFound === true);
  const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === "error" });
  const missing = (query: (typeof failed)[number]) => {
    const status = httpStatusOf(query.state.error);
    return status === 404 || status === 400;
  };
  // A page whose loader found its record missing (lib/require-found.ts) is rendered as not found:
  // the cache it hands over says so, and the browser asks nothing again. Any other error state
  // cannot be handed to the browser (errors do not serialize), so the browser asks again and
  // renders it; a missing record still answers 404.
  if (failed.length > 0 && !(notFound && failed.every(missing))) {
    return { kind: "shell", status: failed.some((query) => httpStatusOf(query.state.error) === 404) ? 404 : 200 };
  }

  const head: PageHead = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  // By default emotion writes a <style> beside each component's first use, all through the
  // body: each restyles the page while it is parsed, and the browser's emotion moves them all
  // into the head as it starts, restyling it again. In compat mode it collects the rules
  // instead; the server writes them as one <style> in the head with their ids, which the
  // browser's cache marks as inserted (lib/style-cache.ts): nothing moves, no rule is added twice.
  const styleCache = createCache({ key: "css" });
  styleCache.compat = true;
  const html = renderToString(
    <PageHeadCollector value={head}>
      <RequestOrigin value={origin}>
        <RequestCurrency value={currency}>
          <AppRoot queryClient={queryClient} trpcClient={trpcClient} router={router} styleCache={styleCache} renderedWithAuth={knownUser !== undefined} />
        </RequestCurrency>
      </RequestOrigin>
    </PageHeadCollector>,
  );
  const rules = Object.entries(styleCache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const styles = { ids: rules.map(([id]) => id), css: rules.map(([, css]) => css).join("") };
  return { kind: "page", status: notFound ? 404 : 200, html, state: dehydrate(queryClient), head, styles };
}
