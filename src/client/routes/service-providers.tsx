import { createFileRoute } from "@tanstack/react-router";
import { ServiceProvidersPage } from "../features/directory/service-providers-page.tsx";

export const Route = createFileRoute("/service-providers")({
  // In the server-rendered page: the directory and the counts it states.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.providers.directory.queryOptions());
    void queryClient.prefetchQuery(trpc.catalogue.stats.queryOptions());
  },
  component: ServiceProvidersPage,
});
