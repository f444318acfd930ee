import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { COMMON_TLDS } from "../../../shared/constants.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { filterAndSortRows } from "./filter-rows.ts";
import { PriceTable } from "./price-table.tsx";
import { DEFAULT_TABLE_STATE, type TableState } from "./table-state.ts";

/** "Best Prices for Common TLDs": five rows, filtered in the browser, no paging footer. */
export function CommonPricesTable() {
  const trpc = useTRPC();
  const query = useQuery(trpc.prices.common.queryOptions({ currency: useDisplayCurrency() }));
  const [state, setState] = useState<TableState>(DEFAULT_TABLE_STATE);
  const rows = useMemo(() => (query.data ? filterAndSortRows(query.data, state) : undefined), [query.data, state]);
  return (
    <PriceTable
      title="Best Prices for Common TLDs"
      subtitle={`${COMMON_TLDS.length} top level domains`}
      rows={rows}
      status={query.status}
      state={state}
      onStateChange={setState}
      showFilters
    />
  );
}
