import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { PriceTable } from "./price-table.tsx";
import { toListInput, type TableState } from "./table-state.ts";

interface AllPricesTableProps {
  title: string;
  subtitle: string;
  titleAs?: "h1" | "h2";
  state: TableState;
  onStateChange: (next: TableState) => void;
}

/** Every priced TLD, paged, sorted and filtered on the server. */
export function AllPricesTable({ state, ...props }: AllPricesTableProps) {
  const trpc = useTRPC();
  // The previous page stays on screen while the next one loads, so paging never flashes skeletons.
  const currency = useDisplayCurrency();
  const query = useQuery({ ...trpc.prices.list.queryOptions(toListInput(state, currency)), placeholderData: keepPreviousData });
  // Rows arrive through a synchronous store update; deferring them lets React render the table
  // in small slices instead of one long main-thread task.
  const rows = useDeferredValue(query.data?.data);
  // Until the new page is both fetched and rendered, the rows on screen answer the old request.
  const stale = query.isPlaceholderData || rows !== query.data?.data;
  return (
    <PriceTable
      {...props}
      state={state}
      showFilters
      rows={rows}
      stale={stale}
      status={query.status === "success" && !rows ? "pending" : query.status}
      paging={query.data ? { total: query.data.total, totalPages: query.data.totalPages } : undefined}
    />
  );
}
