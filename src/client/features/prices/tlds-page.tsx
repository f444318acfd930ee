import { Container } from "@chakra-ui/react";
import { getRouteApi } from "@tanstack/react-router";
import { countText, useCatalogueStats } from "../../lib/catalogue-counts.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { AllPricesTable } from "./all-prices-table.tsx";
import type { TableState } from "./table-state.ts";
import { searchFromState, stateFromSearch } from "./tld-search.ts";

const route = getRouteApi("/tlds");

export function TldsPage() {
  usePageTitle("Top Level Domains", "Registration, renewal and transfer prices for every top-level domain, searchable and sortable, with the lowest price for each.");
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const state = stateFromSearch(search);
  const stats = useCatalogueStats();
  const onStateChange = (next: TableState) => {
    // Typing refines the same view, so it replaces the history entry; paging and sorting push one.
    const replace = next.search !== state.search;
    void navigate({ search: searchFromState(next), replace, resetScroll: false });
  };
  return (
    <Container maxW="7xl" py="10">
      <AllPricesTable
        title="Top Level Domains"
        subtitle={`Compare registration, renewal and transfer prices of ${stats.data ? countText("pricedNames", stats.data.pricedNames) : "every priced TLD and second-level suffix"}`}
        titleAs="h1"
        state={state}
        onStateChange={onStateChange}
      />
    </Container>
  );
}
