import { Container } from "@chakra-ui/react";
import { getRouteApi } from "@tanstack/react-router";
import { countText, useCatalogueStats } from "../../lib/catalogue-counts.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { AllPricesTable } from "./all-prices-table.tsx";
import { useUrlState } from "../../lib/url-state.ts";
import { tldUrlState } from "./tld-search.ts";

const route = getRouteApi("/tlds");

export function TldsPage() {
  usePageTitle("Top Level Domains", "Registration, renewal and transfer prices for every top-level domain, searchable and sortable, with the lowest price for each.");
  const [state, onStateChange] = useUrlState(route, tldUrlState);
  const stats = useCatalogueStats();
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
