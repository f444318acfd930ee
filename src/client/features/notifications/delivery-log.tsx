import { Badge, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { channelPlace } from "./webhook-channels.tsx";

/** As every page writes a moment: "Nov 29, 2026, 12:04 AM". */
const when = (iso: string) => formatDateTime(iso);
const PALETTE: Record<string, string> = { sent: "green", failed: "red", queued: "gray", sending: "blue", cancelled: "gray" };
/** On a phone each delivery is a card (its message, then where, how and when, labelled): a long address wraps instead of widening the page. */
const LOG_CSS = stackedRowsCss({ "& td:first-of-type": { fontWeight: "semibold" } });

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
          <Table.Root size="sm" aria-label="Delivery log" css={LOG_CSS}>
            <Table.Header><Table.Row>
              <Table.ColumnHeader>Message</Table.ColumnHeader><Table.ColumnHeader>To</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader><Table.ColumnHeader>When</Table.ColumnHeader>
            </Table.Row></Table.Header>
            <tbody>
              {log.data.map((d) => (
                <tr key={d.id}>
                  <td>{d.notification.title}</td>
                  <td data-label="To" style={{ overflowWrap: "anywhere" }}>{d.channel.kind === "email" ? d.channel.email : channelPlace(d.channel)}</td>
                  <td data-label="Status">
                    <Badge colorPalette={PALETTE[d.status] ?? "gray"}>{d.status}</Badge>
                    {d.lastError && d.status !== "sent" && <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">{d.lastError}</Text>}
                    {d.status === "failed" && d.nextRetryAt && <Text fontSize="xs" color="fg.muted">Next try {when(d.nextRetryAt)}</Text>}
                  </td>
                  <td data-label="When">{when(d.sentAt ?? d.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table.Root>
        )}
    </Stack>
  );
}
