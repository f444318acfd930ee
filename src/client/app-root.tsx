import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "../server/trpc/root.ts";
import { UiProvider } from "./components/ui/provider.tsx";
import { TRPCProvider } from "./lib/trpc.ts";
import type { createAppRouter } from "./router.tsx";

interface AppRootProps {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  router: ReturnType<typeof createAppRouter>;
}

/** The app's provider tree: the server renders it (entry-server.tsx) and the browser hydrates the same one (main.tsx). */
export function AppRoot({ queryClient, trpcClient, router }: AppRootProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <UiProvider globalCssLoaded>
          <RouterProvider router={router} />
        </UiProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
