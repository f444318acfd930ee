import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { NotFoundPage } from "./components/not-found-page.tsx";
import type { RouterContext } from "./lib/router-context.ts";
import { routeTree } from "./route-tree.gen.ts";

/** The browser's router by default; the server render passes a memory history for one URL. */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // TanStack Query owns caching; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    // On the server it would render an inline script, which the CSP refuses anyway.
    scrollRestoration: !server,
    defaultNotFoundComponent: NotFoundPage,
    ...(server ? { history: server.history, isServer: true } : {}),
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
