import { hydrate, type DehydratedState } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
// Chakra's global styles, rendered at build time into a cached stylesheet (see vite.config.ts).
import "virtual:chakra-global.css";
import type { AppRouter } from "../server/trpc/root.ts";
import { AppRoot } from "./app-root.tsx";
import { getSystem } from "./components/ui/system.ts";
import { getDisplayCurrency } from "./lib/display-currency.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { createBrowserStyleCache } from "./lib/style-cache.ts";
import { createTrpcClient } from "./lib/trpc.ts";
import { createAppRouter } from "./router.tsx";

/**
 * Hands the main thread back to the browser between start-up steps, so input and painting are
 * never held up by the whole start at once (scheduler.yield where the browser has it).
 */
const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

/**
 * Evaluating the bundle is one task; each step after it is its own: the Chakra system, the
 * router, the server's query cache, the route's loading, then the first render. That render
 * waits for the page's code (route loaders only start data requests; on a server-rendered page
 * the data is in the cache already), so the shell and the page appear together in one render,
 * and that render is a transition: React works on it in slices of a few milliseconds instead of
 * one long main-thread task, which is what slow phones (and Lighthouse's Total Blocking Time)
 * punish. Hydration is sliced the same way.
 */
async function start(root: HTMLElement) {
  await yieldToMain();
  getSystem();
  await yieldToMain();
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const router = createAppRouter({ queryClient, trpc, currency: getDisplayCurrency });
  await yieldToMain();
  /** The query cache the server rendered this page from (entry-server.tsx), when it did. */
  const ssrState = document.getElementById("ssr-state");
  if (ssrState?.textContent) hydrate(queryClient, JSON.parse(ssrState.textContent) as DehydratedState);
  // The server put auth.me's answer (null, or the session's user) in the cache when it knew it: it rendered that view.
  const renderedWithAuth = ssrState !== null && queryClient.getQueryData(trpc.auth.me.queryKey()) !== undefined;
  await yieldToMain();
  await router.load().catch(() => undefined);
  await yieldToMain();

  const app = (
    <StrictMode>
      <AppRoot
        queryClient={queryClient} trpcClient={trpcClient} router={router}
        styleCache={createBrowserStyleCache()} renderedWithAuth={renderedWithAuth}
      />
    </StrictMode>
  );
  if (ssrState) {
    // The server rendered without the router's own Suspense wrapper; so must hydration.
    router.ssr = { manifest: undefined };
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error("Hydration error:", error),
      });
    });
  } else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

void start(rootElement);
