/**
 * Renders a component inside everything the app gives it: query client (the app's own
 * defaults), typed tRPC hooks, Chakra and a memory router (links need one). msw answers
 * the network; see trpc-msw.ts.
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRouter, type AnyRouter } from "@tanstack/react-router";
import { cleanup, configure, render, screen } from "@testing-library/react";
import { setupServer } from "msw/node";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { UiProvider } from "../components/ui/provider.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { TRPCProvider, createTrpcClient } from "../lib/trpc.ts";
import { catalogueStats, currenciesUsdEur, generalSettingsDefault, signedOut, siteSettingsUnset } from "./trpc-msw.ts";

export const server = setupServer(signedOut, siteSettingsUnset, currenciesUsdEur, catalogueStats, generalSettingsDefault);

/**
 * findBy* and waitFor give up after 1 s by default; on a loaded machine (tests in parallel, a
 * route chunk compiling) a correct page can take longer to appear. A wrong one still fails.
 */
configure({ asyncUtilTimeout: 10_000 });

/** Call once at the top of a test file. */
export function useMsw(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
}

/**
 * Client test files share their worker's modules and document (vitest.config.ts), and each file
 * starts with an empty head (file-start.ts). Emotion's default cache, made once per module load,
 * would go on inserting its rules before style elements no longer there (happy-dom's insertBefore
 * error): a new cache whenever the one in use lost its elements.
 */
let styleCache: EmotionCache | undefined;
function currentStyleCache(): EmotionCache {
  const cache = styleCache;
  if (!cache || cache.sheet.container !== document.head || cache.sheet.tags.some((tag) => tag.parentNode !== document.head)) {
    return (styleCache = createCache({ key: "css" }));
  }
  return cache;
}

/** Chakra and the toaster: what every rendered component sits in. */
export function TestUi({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={currentStyleCache()}>
      <UiProvider>{children}</UiProvider>
    </CacheProvider>
  );
}

export function renderWithRouter(build: () => AnyRouter) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const router = build();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TestUi>
          <RouterProvider router={router} />
        </TestUi>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one component at `path` (default /) of a router that has no other routes. */
export function renderUi(ui: ReactNode, path = "/") {
  return renderWithRouter(() =>
    createRouter({
      routeTree: createRootRoute({ component: () => <>{ui}<Outlet /></>, notFoundComponent: () => null }),
      history: createMemoryHistory({ initialEntries: [path] }),
    }),
  );
}

/** Toasts render in a portal; wait for one with the given title and return its text. */
export async function findToast(title: string): Promise<HTMLElement> {
  const titleEl = await screen.findByText(title, {}, { timeout: 3000 });
  return titleEl.closest<HTMLElement>("[data-scope=toast][data-part=root]") ?? titleEl;
}
