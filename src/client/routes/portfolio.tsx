import { createFileRoute } from "@tanstack/react-router";
import { PortfolioPage } from "../features/portfolio/portfolio-page.tsx";
import { RequireAuth } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/portfolio")({
  // Started alongside the auth check and the page's code chunk instead of after them. For a
  // signed-out visitor these answer 401, which the app-wide handler turns into the sign-in redirect.
  loader: ({ context: { queryClient, trpc, currency } }) => {
    const displayCurrency = currency();
    void queryClient.prefetchQuery(trpc.portfolio.list.queryOptions({ currency: displayCurrency }));
    void queryClient.prefetchQuery(trpc.portfolio.summary.queryOptions({ currency: displayCurrency }));
  },
  component: PortfolioRoute,
});

function PortfolioRoute() {
  return (
    <RequireAuth>
      <PortfolioPage />
    </RequireAuth>
  );
}
