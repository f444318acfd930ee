import { createFileRoute } from "@tanstack/react-router";
import { ServiceProvidersPage } from "../features/directory/service-providers-page.tsx";

export const Route = createFileRoute("/service-providers")({
  // In the server-rendered page: the directory (its price ranges in the display currency) and the counts it states.
  loader: ({ context: { queryClient, trpc, currency } }) => {
    void queryClient.prefetchQuery(trpc.providers.directory.queryOptions({ currency: currency() }));
    void queryClient.prefetchQuery(trpc.catalogue.stats.queryOptions());
  },
  component: ServiceProvidersPage,
});
