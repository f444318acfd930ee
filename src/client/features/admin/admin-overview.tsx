import { Button, Heading, SimpleGrid, Skeleton, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage, AutoRefreshSwitch } from "./admin-page.tsx";
import { formatCount, formatTime } from "./format.ts";
import { RecentLogsTable } from "./recent-logs-table.tsx";
import { SetupChecklist } from "./setup-checklist.tsx";

/** Spec section 9: the overview polls every 30 seconds while auto-refresh is on. */
export const OVERVIEW_REFRESH_MS = 30_000;

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4">
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? <Skeleton h="8" w="20" /> : <Stat.ValueText>{formatCount(value)}</Stat.ValueText>}
    </Stat.Root>
  );
}

/** System Overview: the four counts and the latest price retrievals, from priceEngine.overview. */
export function AdminOverview() {
  const trpc = useTRPC();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const overview = useQuery({ ...trpc.priceEngine.overview.queryOptions(), refetchInterval: autoRefresh ? OVERVIEW_REFRESH_MS : false });
  const data = overview.data;

  return (
    <AdminPage title="System Overview" description="Catalogue size, users and the latest price retrievals."
      actions={
        <>
          <AutoRefreshSwitch seconds={30} checked={autoRefresh} onChange={setAutoRefresh} />
          <Button size="sm" variant="outline" disabled={overview.isFetching} onClick={() => void overview.refetch()}>
            <LuRefreshCw aria-hidden /> Refresh
          </Button>
        </>
      }>
      <SetupChecklist />
      {overview.isError && !data ? (
        <Text color="fg.error" role="alert">Failed to load system overview</Text>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Figure label="Total TLDs" value={data?.totalTlds} />
            <Figure label="Service Providers" value={data?.totalProviders} />
            <Figure label="Domain Prices" value={data?.totalPrices} />
            <Figure label="Total Users" value={data?.totalUsers} />
          </SimpleGrid>
          {overview.isError && <Text color="fg.error" role="alert">Failed to load system overview</Text>}
          {overview.dataUpdatedAt > 0 && <Text fontSize="sm" color="fg.muted">Updated {formatTime(overview.dataUpdatedAt)}</Text>}
          <section aria-labelledby="recent-logs">
            <Heading as="h2" id="recent-logs" size="lg" mb="3">Recent Logs</Heading>
            <RecentLogsTable logs={data?.recentLogs} status={overview.status} />
          </section>
        </>
      )}
    </AdminPage>
  );
}
