import { createFileRoute } from "@tanstack/react-router";
import { PageMessage } from "../components/page-message.tsx";
import { TldPage } from "../features/tld/tld-page.tsx";
import { tldQuotesPageInput } from "../features/tld/tld-quotes-page.ts";
import { requireFound } from "../lib/require-found.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export const Route = createFileRoute("/tld/$tldId")({
  // An unknown TLD is a page not found (404 from the server, and nothing asked again by the browser).
  loader: async ({ context: { queryClient, trpc, currency }, params: { tldId } }) => {
    await requireFound(queryClient, trpc.catalogue.tld.queryOptions({ tldId }));
    // The first page of providers and the figures over all of them: what the page's HTML carries,
    // whatever the number of providers. The price history and every quote it needs are asked for
    // only when a visitor scrolls near it (TldHistory), and re-render only that section.
    void queryClient.prefetchQuery(trpc.prices.byTldPage.queryOptions(tldQuotesPageInput(tldId, currency(), 0)));
    void queryClient.prefetchQuery(trpc.prices.statsByTld.queryOptions({ tldId, currency: currency() }));
  },
  component: TldRoute,
  notFoundComponent: TldNotFound,
});

function TldNotFound() {
  const { tldId } = Route.useParams();
  usePageTitle("TLD Not Found");
  return <PageMessage title="TLD Not Found" text={`We have no top-level domain called .${tldId}.`} action={{ label: "Back to TLDs", to: "/tlds" }} />;
}

function TldRoute() {
  const { tldId } = Route.useParams();
  // Keyed so typing state (the domain) starts fresh on each TLD.
  return <TldPage key={tldId} tldId={tldId} />;
}
