import { createFileRoute } from "@tanstack/react-router";
import { TldsPage } from "../features/prices/tlds-page.tsx";
import { stateFromSearch, validateTldSearch } from "../features/prices/tld-search.ts";
import { toListInput } from "../features/prices/table-state.ts";

export const Route = createFileRoute("/tlds")({
  validateSearch: validateTldSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc, currency }, deps }) => {
    void queryClient.prefetchQuery(trpc.prices.list.queryOptions(toListInput(stateFromSearch(deps), currency())));
    void queryClient.prefetchQuery(trpc.catalogue.stats.queryOptions());
  },
  component: TldsPage,
});
