import { Button, Card, Heading, HStack, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw } from "react-icons/lu";
import type { ManualFetchInput } from "../../../shared/schemas/admin.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage } from "./admin-page.tsx";
import { DeliveryFailuresTable } from "./delivery-failures-table.tsx";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FetchStatusPanel } from "./fetch-status-panel.tsx";
import { formatTime } from "./format.ts";
import { PriceSourcesTable } from "./price-sources-table.tsx";
import { ScheduledJobsTable } from "./scheduled-jobs-table.tsx";

/** Spec section 9: the fetch status is polled every 5 seconds. */
export const FETCH_STATUS_POLL_MS = 5_000;
const LAST_MANUAL_KEY = "admin.lastManualFetch";

function readLastManual(): number | null {
  const stored = Number(window.sessionStorage?.getItem(LAST_MANUAL_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Operations: fetch status and the manual fetches an administrator can start or cancel. */
export function OperationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({ ...trpc.priceEngine.fetchStatus.queryOptions(), refetchInterval: FETCH_STATUS_POLL_MS });
  const providers = useQuery(trpc.providers.adminList.queryOptions());
  // Kept for the browser tab's session, so moving between admin pages does not forget it.
  const [lastManual, setLastManual] = useState(readLastManual);
  const refreshStatus = () => queryClient.invalidateQueries(trpc.priceEngine.fetchStatus.queryFilter());

  const manual = useMutation(trpc.priceEngine.manualFetch.mutationOptions({
    onSuccess: (answer, input) => {
      const now = Date.now();
      window.sessionStorage?.setItem(LAST_MANUAL_KEY, String(now));
      setLastManual(now);
      notifyAdminSuccess(input.type === "pricing" ? ADMIN_MESSAGES.bundledReapplyStarted : ADMIN_MESSAGES.fetchStarted, answer.message);
      void refreshStatus();
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.fetchFailed, error),
  }));
  const cancel = useMutation(trpc.priceEngine.cancelFetch.mutationOptions({
    onSuccess: (answer) => {
      notifyAdminSuccess(ADMIN_MESSAGES.fetchCancelled, answer.message);
      void refreshStatus();
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.cancelFailed, error),
  }));

  const running = new Set(status.data?.activeJobs.map((job) => job.provider));
  const pendingFetch = manual.isPending ? manual.variables : undefined;
  const start = (input: ManualFetchInput) => manual.mutate(input);
  const cancelFor = (name: string) => {
    const provider = providers.data?.find((p) => p.name === name);
    return provider ? () => cancel.mutate({ provider: provider.domain }) : undefined;
  };
  const cancelling = cancel.isPending ? (providers.data?.find((p) => p.domain === cancel.variables.provider)?.name ?? null) : null;
  const refreshCache = async () => {
    // Drops every cached answer; what this page shows is fetched again by its own queries.
    queryClient.removeQueries({ type: "inactive" });
    await queryClient.invalidateQueries({ type: "active" });
    notifyAdminSuccess(ADMIN_MESSAGES.cacheCleared, "Cached data was dropped and this page's data reloaded.");
  };

  return (
    <AdminPage title="Operations" description="Watch price retrieval, start fetches and scheduled jobs by hand.">
      <Card.Root variant="outline">
        <Card.Header><Heading as="h2" size="lg">System Status</Heading></Card.Header>
        <Card.Body>
          <FetchStatusPanel status={status.data} isError={status.isError} errorText={status.error?.message}
            cancelFor={cancelFor} cancelling={cancelling} />
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header><Heading as="h2" size="lg">Manual Operations</Heading></Card.Header>
        <Card.Body>
          <Stack gap="5">
            <Wrap gap="3">
              <Button colorPalette="blue" disabled={manual.isPending} onClick={() => start({ type: "all" })}>
                {pendingFetch?.type === "all" ? "Starting…" : "Fetch All Providers"}
              </Button>
              <Button variant="outline" disabled={manual.isPending} onClick={() => start({ type: "pricing" })}>
                {pendingFetch?.type === "pricing" ? "Starting…" : "Re-apply bundled price lists"}
              </Button>
              <Button variant="outline" onClick={() => void refreshCache()}>
                <LuRefreshCw aria-hidden /> Refresh Cache
              </Button>
            </Wrap>
            <Text fontSize="sm" color="fg.muted">
              Re-applying the bundled price lists fetches nothing live, so the home page's "Data last updated" stays as it is.
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Last manual fetch: {lastManual ? formatTime(lastManual) : "none from this browser tab yet"}
            </Text>
            <div>
              <Heading as="h3" size="sm" mb="2">Fetch one provider</Heading>
              {providers.isPending && <Skeleton h="10" />}
              {providers.isError && <Text color="fg.error" role="alert">Failed to load service providers</Text>}
              {providers.data?.length === 0 && <Text color="fg.muted">No service providers yet.</Text>}
              <HStack gap="2" wrap="wrap">
                {providers.data?.map((p) => {
                  const busy = running.has(p.name) || (pendingFetch?.type === "provider" && pendingFetch.provider === p.domain);
                  return (
                    <Button key={p.id} size="sm" variant="outline" disabled={!p.isActive || busy || manual.isPending}
                      title={!p.isActive ? `${p.name} is inactive` : busy ? `A fetch of ${p.name} is in progress` : undefined}
                      aria-label={`Fetch ${p.name}${!p.isActive ? " (inactive)" : busy ? " (fetch in progress)" : ""}`}
                      onClick={() => start({ type: "provider", provider: p.domain })}>
                      {p.name}
                    </Button>
                  );
                })}
              </HStack>
            </div>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header><Heading as="h2" size="lg">Scheduled jobs</Heading></Card.Header>
        <Card.Body><ScheduledJobsTable pollMs={FETCH_STATUS_POLL_MS} /></Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header><Heading as="h2" size="lg">Price Sources</Heading></Card.Header>
        <Card.Body><PriceSourcesTable /></Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header><Heading as="h2" size="lg">Notification delivery failures</Heading></Card.Header>
        <Card.Body><DeliveryFailuresTable /></Card.Body>
      </Card.Root>
    </AdminPage>
  );
}
