import { Alert, Badge, Button, Card, DataList, HStack, Heading, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LuPlugZap, LuRefreshCw, LuTrash2 } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { notifyFailure } from "../../lib/mutation-toasts.ts";
import { ACCOUNT_MESSAGES, notifyConnection, notifySyncStarted } from "./account-feedback.ts";
import type { RegistrarAccount } from "./types.ts";

const STATUS: Record<string, { label: string; palette: string }> = {
  untested: { label: "Not tested yet", palette: "gray" },
  active: { label: "Active", palette: "green" },
  error: { label: "Error", palette: "red" },
  disabled: { label: "Disabled", palette: "gray" },
};
/** How often a queued or running sync is asked about, until it finishes. */
const SYNC_POLL_MS = 2_000;
const WHEN = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function AccountCard({ account, onDelete }: { account: RegistrarAccount; onDelete: (account: RegistrarAccount) => void }) {
  const trpc = useTRPC();
  const status = STATUS[account.status] ?? { label: "Unknown", palette: "orange" };
  const queryClient = useQueryClient();
  // The test's and the sync's outcomes are stored on the account, so the list is read again after each.
  const refreshAccounts = () => queryClient.invalidateQueries(trpc.accounts.list.pathFilter());
  const test = useMutation(trpc.accounts.testConnection.mutationOptions({
    onSuccess: (result) => {
      notifyConnection(result);
      void refreshAccounts();
    },
    onError: (error) => notifyFailure(ACCOUNT_MESSAGES.testFailed, error),
  }));
  const [syncJobId, setSyncJobId] = useState<string | null>(null);
  const sync = useMutation(trpc.accounts.syncNow.mutationOptions({
    onSuccess: (answer) => {
      notifySyncStarted(answer.message);
      setSyncJobId(answer.jobId);
    },
    onError: (error) => notifyFailure(ACCOUNT_MESSAGES.syncFailed, error, error.message),
  }));
  // Polled while the sync is queued or running; once it finished the card shows its outcome.
  const syncState = useQuery({
    ...trpc.accounts.syncState.queryOptions({ id: account.id, jobId: syncJobId ?? "" }),
    enabled: syncJobId !== null,
    refetchInterval: (query) => (query.state.data?.state === "finished" ? false : SYNC_POLL_MS),
  });
  const finished = syncState.data?.state === "finished";
  useEffect(() => {
    if (!finished) return;
    setSyncJobId(null);
    void refreshAccounts();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per finished sync
  }, [finished]);
  const syncing = syncJobId !== null;
  const log = account.lastSyncLog;
  return (
    <Card.Root as="li" variant="outline" size="sm" listStyleType="none">
      <Card.Header gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Heading as="h3" size="md" wordBreak="break-word">{account.label}</Heading>
          <Badge colorPalette={status.palette}>{status.label}</Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">{account.serviceProvider.displayName}</Text>
      </Card.Header>
      <Card.Body gap="3">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item><DataList.ItemLabel>Domains</DataList.ItemLabel><DataList.ItemValue>{account._count.userDomains}</DataList.ItemValue></DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last sync</DataList.ItemLabel>
            <DataList.ItemValue>{account.lastSyncAt ? WHEN.format(new Date(account.lastSyncAt)) : "Never"}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item><DataList.ItemLabel>Auto-sync</DataList.ItemLabel><DataList.ItemValue>{account.isActive ? "Enabled" : "Disabled"}</DataList.ItemValue></DataList.Item>
        </DataList.Root>
        {account.errorMessage && (
          <Alert.Root status="error" size="sm"><Alert.Indicator /><Alert.Description>{account.errorMessage}</Alert.Description></Alert.Root>
        )}
        {log && !log.error && (
          <Text fontSize="sm" color="fg.muted">
            Last sync: {log.domainsFound} found, {log.newDomains} new, {log.updatedDomains} updated
            {log.skippedDomains ? `, ${log.skippedDomains} skipped (TLD not in our catalogue)` : ""}
            {log.departedDomains ? `, ${log.departedDomains} ${log.departedDomains === 1 ? "domain" : "domains"} no longer in this account` : ""}
          </Text>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate({ id: account.id })}>
          <LuPlugZap aria-hidden /> {test.isPending ? "Testing…" : "Test Connection"}
        </Button>
        <Button size="sm" variant="outline" disabled={sync.isPending || syncing || !account.isActive} onClick={() => sync.mutate({ id: account.id })}>
          <LuRefreshCw aria-hidden /> {syncing ? "Syncing…" : "Sync Now"}
        </Button>
        <Button size="sm" variant="ghost" colorPalette="red" aria-label={`Delete ${account.label}`} onClick={() => onDelete(account)}>
          <LuTrash2 aria-hidden /> Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
