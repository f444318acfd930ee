import { Button } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw } from "react-icons/lu";
import { FilterBar, SelectFilter } from "../../components/filter-bar.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage, AutoRefreshSwitch } from "./admin-page.tsx";
import { AdminPagination } from "./admin-pagination.tsx";
import { LOG_STATUSES, logsQueryInput, withFilter, type LogStatusFilter, type LogsState } from "./logs-search.ts";
import { PriceLogsTable } from "./price-logs-table.tsx";
import { useAdminDefaults } from "./use-admin-defaults.ts";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface LogsPageProps {
  state: LogsState;
  onStateChange: (next: LogsState) => void;
}

/** Price Retrieval Logs: filters and page come from the URL (routes/admin.logs.tsx). */
export function LogsPage({ state, onStateChange }: LogsPageProps) {
  const trpc = useTRPC();
  const [autoRefresh, setAutoRefresh] = useState(true);
  // The General Settings' interval (spec default 15 s) and page size (default 20).
  const defaults = useAdminDefaults();
  const logs = useQuery({
    ...trpc.priceEngine.priceLogs.queryOptions(logsQueryInput(state, defaults.pageSize)),
    enabled: defaults.ready,
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? defaults.refreshSeconds * 1000 : false,
  });
  const providers = useQuery(trpc.providers.adminList.queryOptions());
  const data = logs.data;

  return (
    <AdminPage title="Price Retrieval Logs" description="Every price retrieval, newest first."
      actions={
        <>
          <AutoRefreshSwitch seconds={defaults.refreshSeconds} checked={autoRefresh} onChange={setAutoRefresh} />
          <Button size="sm" variant="outline" disabled={logs.isFetching} onClick={() => void logs.refetch()}>
            <LuRefreshCw aria-hidden /> Refresh
          </Button>
        </>
      }>
      <FilterBar label="Filter logs" searchLabel="Search logs" placeholder="Search by domain, TLD or provider"
        search={state.search} onSearch={(search) => onStateChange(withFilter(state, "search", search))}>
        <SelectFilter label="Status" width="44" value={state.status}
          onChange={(status) => onStateChange(withFilter(state, "status", status as LogStatusFilter))}>
          <option value="all">All statuses</option>
          {LOG_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
        </SelectFilter>
        <SelectFilter label="Provider" width="56" value={state.provider}
          onChange={(provider) => onStateChange(withFilter(state, "provider", provider))}>
          <option value="all">All providers</option>
          {providers.data?.map((p) => <option key={p.id} value={p.domain}>{p.name} ({p.domain})</option>)}
          {/* A provider from the URL that is not (yet) in the list still shows as chosen. */}
          {state.provider !== "all" && !providers.data?.some((p) => p.domain === state.provider) && (
            <option value={state.provider}>{state.provider}</option>
          )}
        </SelectFilter>
      </FilterBar>
      <div>
        <PriceLogsTable logs={data?.logs} status={data ? "success" : logs.status} stale={logs.isPlaceholderData}
          errorText={`Failed to load price logs${logs.error ? `: ${logs.error.message}` : ""}`} />
        {data && data.total > 0 && (
          <AdminPagination page={state.page} limit={data.limit} total={data.total} totalPages={data.totalPages}
            onPageChange={(page) => onStateChange({ ...state, page })} />
        )}
      </div>
    </AdminPage>
  );
}
