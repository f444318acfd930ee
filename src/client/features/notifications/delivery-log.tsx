import { Badge, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { webhookHost } from "./webhook-channels.tsx";

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const PALETTE: Record<string, string> = { sent: "green", failed: "red", queued: "gray", sending: "blue", cancelled: "gray" };

/** The newest deliveries: what went where, sent or failed with the reason and when it is tried again. */
export function DeliveryLog() {
  const trpc = useTRPC();
  // Refreshed while something is on its way, so a test's outcome shows without a reload.
  const log = useQuery({
    ...trpc.notifications.deliveries.queryOptions(),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "queued" || d.status === "sending" || (d.status === "failed" && d.nextRetryAt)) ? 3000 : false),
  });
  return (
    <Stack gap="4" as="section" aria-labelledby="log-heading">
      <Heading as="h2" size="lg" id="log-heading">Delivery log</Heading>
      {log.isPending ? <Text color="fg.muted">Loading…</Text> : log.isError ? <Text color="fg.error">Could not load the delivery log. {log.error.message}</Text>
        : log.data.length === 0 ? <Text color="fg.muted">Nothing sent yet.</Text> : (
          <Table.Root size="sm" aria-label="Delivery log">
            <Table.Header><Table.Row>
              <Table.ColumnHeader>Message</Table.ColumnHeader><Table.ColumnHeader>To</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader><Table.ColumnHeader>When</Table.ColumnHeader>
            </Table.Row></Table.Header>
            <Table.Body>
              {log.data.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell>{d.notification.title}</Table.Cell>
                  <Table.Cell>{d.channel.kind === "email" ? d.channel.email : webhookHost(d.channel.url)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={PALETTE[d.status] ?? "gray"}>{d.status}</Badge>
                    {d.lastError && d.status !== "sent" && <Text fontSize="xs" color="fg.muted">{d.lastError}</Text>}
                    {d.status === "failed" && d.nextRetryAt && <Text fontSize="xs" color="fg.muted">Next try {when(d.nextRetryAt)}</Text>}
                  </Table.Cell>
                  <Table.Cell>{when(d.sentAt ?? d.createdAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
    </Stack>
  );
}
