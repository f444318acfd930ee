import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
// Chakra's global styles, rendered at build time into a cached stylesheet (see vite.config.ts).
import "virtual:chakra-global.css";
import type { AppRouter } from "../server/trpc/root.ts";
import { UiProvider } from "./components/ui/provider.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { TRPCProvider, createTrpcClient } from "./lib/trpc.ts";
import { createAppRouter } from "./router.tsx";

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
const router = createAppRouter({ queryClient, trpc });

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <UiProvider globalCssLoaded>
          <RouterProvider router={router} />
        </UiProvider>
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>
);

// The first render waits for the first page's code (route loaders only start data requests),
// so the shell and the page appear together in one render, and that render is a transition:
// React works on it in slices of a few milliseconds instead of one long main-thread task,
// which is what slow phones (and Lighthouse's Total Blocking Time) punish.
router
  .load()
  .catch(() => undefined)
  .finally(() => {
    const root = createRoot(rootElement);
    startTransition(() => root.render(app));
  });
