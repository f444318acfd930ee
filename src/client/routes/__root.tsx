import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { Suspense, useEffect } from "react";
import { NotFoundPage } from "../components/not-found-page.tsx";
import type { RouterContext } from "../lib/router-context.ts";
import { AppShell } from "../features/shell/app-shell.tsx";
import { currencyOptionsQuery } from "../components/currency-select.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page reads the site settings (the stale-price wording, the chat link, the contact
  // address) and the top bar's currencies. Both are in a server-rendered page's cache: data
  // arriving while the browser hydrates would make React finish hydrating in one long task.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.site.settings.queryOptions());
    void queryClient.prefetchQuery(currencyOptionsQuery(trpc));
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
      {/* After the page's own boundary, so its effect runs once the page has hydrated. */}
      <Suspense fallback={null}>
        <HydratedMark />
      </Suspense>
    </AppShell>
  );
}

/** Marks <html data-hydrated> once the page is interactive: scripts and tests wait for it. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
