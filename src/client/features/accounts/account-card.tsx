import { Alert, Badge, Button, Card, DataList, HStack, Heading, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { LuPlugZap, LuRefreshCw, LuTrash2 } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { ACCOUNT_MESSAGES, notifyAccountFailure, notifyConnection, notifySyncStarted } from "./account-feedback.ts";
import type { RegistrarAccount } from "./types.ts";

const STATUS: Record<string, { label: string; palette: string }> = {
  active: { label: "Active", palette: "green" },
  error: { label: "Error", palette: "red" },
  disabled: { label: "Disabled", palette: "gray" },
};
const WHEN = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function AccountCard({ account, onDelete }: { account: RegistrarAccount; onDelete: (account: RegistrarAccount) => void }) {
  const trpc = useTRPC();
  const status = STATUS[account.status] ?? { label: "Unknown", palette: "orange" };
  const test = useMutation(trpc.accounts.testConnection.mutationOptions({
    onSuccess: notifyConnection,
    onError: (error) => notifyAccountFailure(ACCOUNT_MESSAGES.testFailed, error),
  }));
  const sync = useMutation(trpc.accounts.syncNow.mutationOptions({
    onSuccess: (answer) => notifySyncStarted(answer.message),
    onError: (error) => notifyAccountFailure(ACCOUNT_MESSAGES.syncFailed, error, error.message),
  }));
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
          </Text>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate({ id: account.id })}>
          <LuPlugZap aria-hidden /> {test.isPending ? "Testing…" : "Test Connection"}
        </Button>
        <Button size="sm" variant="outline" disabled={sync.isPending || !account.isActive} onClick={() => sync.mutate({ id: account.id })}>
          <LuRefreshCw aria-hidden /> Sync Now
        </Button>
        <Button size="sm" variant="ghost" colorPalette="red" aria-label={`Delete ${account.label}`} onClick={() => onDelete(account)}>
          <LuTrash2 aria-hidden /> Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
