import { createFileRoute, Outlet, useChildMatches } from "@tanstack/react-router";
import { PortfolioPage } from "../features/portfolio/portfolio-page.tsx";
import {
  portfolioUrlState, stateFromSearch, toListInput, validatePortfolioSearch,
} from "../features/portfolio/list-state.ts";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { RequireAuth } from "../lib/require-auth.tsx";
import { useUrlState } from "../lib/url-state.ts";

export const Route = createFileRoute("/portfolio")({
  // The page, order and search of the domain list live in the URL (?page=2&sortBy=expirationDate…).
  validateSearch: validatePortfolioSearch,
  loaderDeps: ({ search }) => search,
  // Started alongside the auth check and the page's code chunk instead of after them. For a
  // signed-out visitor these answer 401, which the app-wide handler turns into the sign-in redirect.
  loader: ({ context: { queryClient, trpc, currency }, deps, location }) => {
    // A domain's own page (portfolio.$domainId.tsx) loads what it shows itself.
    if (location.pathname.replace(/\/$/, "") !== "/portfolio") return;
    const displayCurrency = currency();
    void queryClient.prefetchQuery(trpc.portfolio.list.queryOptions(toListInput(stateFromSearch(deps), displayCurrency)));
    void queryClient.prefetchQuery(trpc.portfolio.summary.queryOptions({ currency: displayCurrency }));
  },
  component: PortfolioRoute,
});

function PortfolioRoute() {
  // A domain's page is a child of this route: it takes the whole page.
  if (useChildMatches().length > 0) return <Outlet />;
  return <PortfolioList />;
}

function PortfolioList() {
  const [state, onStateChange] = useUrlState(Route, portfolioUrlState);
  return (
    <RequireAuth title={PAGE_TITLES.portfolio}>
      <PortfolioPage state={state} onStateChange={onStateChange} />
    </RequireAuth>
  );
}
