/**
 * A TLD's price history: every provider's earlier prices and its present quote. Both grow with
 * the number of providers, so they are asked for when the section nears the viewport (see the
 * page), never carried in the page's HTML.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toCurrentQuote } from "../../components/price-history/current-quotes.ts";
import { PriceHistorySection } from "../../components/price-history/price-history-section.tsx";
import { useTRPC } from "../../lib/trpc.ts";

export function TldHistory({ tldId, label, currency }: { tldId: string; label: string; currency: string }) {
  const trpc = useTRPC();
  const historyQuery = useQuery(trpc.prices.historyByTld.queryOptions({ tldId, currency }));
  const pricesQuery = useQuery(trpc.prices.byTld.queryOptions({ tldId, currency }));
  const current = useMemo(() => pricesQuery.data?.map((q) => toCurrentQuote(q, q.serviceProvider)), [pricesQuery.data]);
  return (
    <PriceHistorySection
      label={`Price history of ${label}`}
      history={historyQuery.data}
      current={current}
      displayCurrency={currency}
      status={historyQuery.isError || pricesQuery.isError ? "error" : historyQuery.data && current ? "success" : "pending"}
    />
  );
}
