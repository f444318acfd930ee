import { createFileRoute } from "@tanstack/react-router";
import { TldPage } from "../features/tld/tld-page.tsx";

export const Route = createFileRoute("/tld/$tldId")({
  loader: ({ context: { queryClient, trpc, currency }, params: { tldId } }) => {
    void queryClient.prefetchQuery(trpc.catalogue.tld.queryOptions({ tldId }));
    void queryClient.prefetchQuery(trpc.prices.byTld.queryOptions({ tldId, currency: currency() }));
    void queryClient.prefetchQuery(trpc.prices.statsByTld.queryOptions({ tldId, currency: currency() }));
    // In a server-rendered page's cache too: arriving after hydration, it re-rendered the page in one long task.
    void queryClient.prefetchQuery(trpc.prices.historyByTld.queryOptions({ tldId, currency: currency() }));
  },
  component: TldRoute,
});

function TldRoute() {
  const { tldId } = Route.useParams();
  // Keyed so typing state (the domain) starts fresh on each TLD.
  return <TldPage key={tldId} tldId={tldId} />;
}
