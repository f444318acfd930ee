import { createFileRoute } from "@tanstack/react-router";
import { TldPage } from "../features/tld/tld-page.tsx";
import { tldQuotesPageInput } from "../features/tld/tld-quotes-page.ts";

export const Route = createFileRoute("/tld/$tldId")({
  loader: ({ context: { queryClient, trpc, currency }, params: { tldId } }) => {
    void queryClient.prefetchQuery(trpc.catalogue.tld.queryOptions({ tldId }));
    // The first page of providers and the figures over all of them: what the page's HTML carries,
    // whatever the number of providers. The price history and every quote it needs are asked for
    // only when a visitor scrolls near it (TldHistory), and re-render only that section.
    void queryClient.prefetchQuery(trpc.prices.byTldPage.queryOptions(tldQuotesPageInput(tldId, currency(), 0)));
    void queryClient.prefetchQuery(trpc.prices.statsByTld.queryOptions({ tldId, currency: currency() }));
  },
  component: TldRoute,
});

function TldRoute() {
  const { tldId } = Route.useParams();
  // Keyed so typing state (the domain) starts fresh on each TLD.
  return <TldPage key={tldId} tldId={tldId} />;
}
