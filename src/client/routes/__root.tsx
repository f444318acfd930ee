import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFoundPage } from "../components/not-found-page.tsx";
import type { RouterContext } from "../lib/router-context.ts";
import { AppShell } from "../features/shell/app-shell.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page reads the site settings (the stale-price wording, the chat link, the contact address).
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.site.settings.queryOptions());
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
