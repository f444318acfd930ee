import { Badge, Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import type { MonitoringView } from "./types.ts";
import { moment } from "./words.ts";

/** Asks for this domain's certificates and DNS to be checked now (limited per user; the server's sentence says when the next is possible). */
function CheckNowButton({ view }: { view: MonitoringView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const check = useMutation(trpc.monitoring.checkNow.mutationOptions({
    onSuccess: (data) => queryClient.setQueryData(trpc.monitoring.get.queryKey({ id: view.domainId }), data),
  }));
  return (
    <Stack gap="1">
      <Button size="sm" variant="outline" loading={check.isPending} onClick={() => check.mutate({ id: view.domainId })}>Check certificates and DNS now</Button>
      {check.data && <Text role="status" fontSize="sm">{check.data.message}</Text>}
      {check.error && <Text role="alert" color="fg.error" fontSize="sm">{check.error.message}</Text>}
    </Stack>
  );
}

/** The records per type, when they were last looked at, and a different answer waiting for its second look. */
export function DnsSection({ view }: { view: MonitoringView }) {
  return (
    <Stack as="section" aria-labelledby="dns-heading" gap="3">
      <HStack justify="space-between" align="start">
        <Stack gap="0">
          <Heading as="h2" size="md" id="dns-heading">DNS records</Heading>
          <Text fontSize="sm" color="fg.muted">Last checked {moment(view.lastCheckedAt)}; next check {moment(view.nextCheckAt)}.</Text>
        </Stack>
        <CheckNowButton view={view} />
      </HStack>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Records</Table.ColumnHeader>
            <Table.ColumnHeader>Last checked</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {view.dns.map((d) => (
            <Table.Row key={d.type} aria-label={`${d.type} records`}>
              <Table.Cell>{d.type}</Table.Cell>
              <Table.Cell>
                {d.records === null ? <Text color="fg.muted">Not looked up yet</Text>
                  : d.records.length === 0 ? <Text color="fg.muted">None</Text>
                    : d.records.map((r) => <Text key={r} fontFamily="mono" fontSize="sm" wordBreak="break-all">{r}</Text>)}
                {d.pending && (
                  <Text fontSize="xs" color="fg.muted">
                    <Badge colorPalette="orange" size="sm">Unconfirmed</Badge> A different answer ({d.pending.records.join(", ") || "none"}) was seen at {moment(d.pending.since)}; it is looked at again before it counts as a change.
                  </Text>
                )}
                {d.failure && <Text fontSize="xs" color="fg.error">The last look failed: {d.failure}.</Text>}
              </Table.Cell>
              <Table.Cell>{moment(d.checkedAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
