import { createRouter } from "@tanstack/react-router";
import { NotFoundPage } from "./components/not-found-page.tsx";
import type { RouterContext } from "./lib/router-context.ts";
import { routeTree } from "./route-tree.gen.ts";

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // TanStack Query owns caching; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
