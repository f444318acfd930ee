/**
 * Operations: notification deliveries of every user that failed, or are stuck sending, the
 * latest attempt first. A webhook is named by its host only: the server never sends its path.
 */
import { Stack, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPagination } from "./admin-pagination.tsx";
import { AdminTable } from "./admin-table.tsx";
import { LogStatusBadge } from "./badges.tsx";
import { formatCount, formatDateTime } from "./format.ts";
import type { DeliveryFailure } from "./types.ts";
import { useAdminDefaults } from "./use-admin-defaults.ts";

const COLUMNS = ["When", "Notification", "Channel", "User", "Attempts", "Last error", "Next retry"] as const;

function NextRetry({ row }: { row: DeliveryFailure }) {
  if (row.status === "stuck") return <Text color="fg.muted">Sending for over an hour</Text>;
  if (!row.nextRetryAt) return <Text color="fg.muted">Given up</Text>;
  return <Text whiteSpace="nowrap">{formatDateTime(row.nextRetryAt)}</Text>;
}

export function DeliveryFailuresTable() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  // Pages of the General Settings' size (20 by default), asked for once the settings answered.
  const defaults = useAdminDefaults();
  const failures = useQuery({
    ...trpc.notifications.adminFailures.queryOptions({ page, pageSize: defaults.pageSize }),
    enabled: defaults.ready,
    placeholderData: keepPreviousData,
  });
  const data = failures.data;
  return (
    <Stack gap="3">
      {data && (
        <Text fontSize="sm" color="fg.muted">
          {formatCount(data.counts.failed)} failed, of them {formatCount(data.counts.givenUp)} given up
          {data.counts.stuck > 0 ? `; ${formatCount(data.counts.stuck)} stuck sending` : ""}
        </Text>
      )}
      <AdminTable caption="Notification delivery failures" columns={COLUMNS} status={failures.status}
        errorText={`Failed to load delivery failures${failures.error ? `: ${failures.error.message}` : ""}`}
        emptyText="No failed deliveries" isEmpty={data?.deliveries.length === 0} stale={failures.isPlaceholderData}>
        {data?.deliveries.map((d) => (
          <Table.Row key={d.id} verticalAlign="top">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(d.at)}</Table.Cell>
            <Table.Cell>
              <Text fontWeight="medium">{d.title}</Text>
              <Text fontSize="sm" color="fg.muted">{d.kind}</Text>
            </Table.Cell>
            <Table.Cell wordBreak="break-word">
              <Text>{d.channel.label}</Text>
              <Text fontSize="sm" color="fg.muted">{d.channel.kind === "email" ? "E-mail" : "Webhook"}</Text>
            </Table.Cell>
            <Table.Cell wordBreak="break-word">{d.userEmail}</Table.Cell>
            <Table.Cell>{d.attempts}</Table.Cell>
            <Table.Cell minW="3xs" wordBreak="break-word">
              <Stack gap="1" align="flex-start">
                <LogStatusBadge status={d.status} />
                {d.lastError && <Text fontSize="sm">{d.lastError}</Text>}
              </Stack>
            </Table.Cell>
            <Table.Cell><NextRetry row={d} /></Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {data && data.total > 0 && (
        <AdminPagination page={data.page} limit={data.pageSize} total={data.total} totalPages={data.totalPages} onPageChange={setPage} />
      )}
    </Stack>
  );
}
