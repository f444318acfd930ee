import type { EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "../server/trpc/root.ts";
import { UiProvider } from "./components/ui/provider.tsx";
import { TRPCProvider } from "./lib/trpc.ts";
import { RenderedWithAuth } from "./lib/use-auth.ts";
import type { createAppRouter } from "./router.tsx";

interface AppRootProps {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  router: ReturnType<typeof createAppRouter>;
  /** Emotion's cache: on the server it collects the page's rules, in the browser it adopts them (lib/style-cache.ts). */
  styleCache: EmotionCache;
  /** See RenderedWithAuth: the server rendered knowing who is signed in (nobody, or the session's user). */
  renderedWithAuth: boolean;
}

/** The app's provider tree: the server renders it (entry-server.tsx) and the browser hydrates the same one (main.tsx). */
export function AppRoot({ queryClient, trpcClient, router, styleCache, renderedWithAuth }: AppRootProps) {
  return (
    <CacheProvider value={styleCache}>
      <RenderedWithAuth value={renderedWithAuth}>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <UiProvider globalCssLoaded>
              <RouterProvider router={router} />
            </UiProvider>
          </TRPCProvider>
        </QueryClientProvider>
      </RenderedWithAuth>
    </CacheProvider>
  );
}
