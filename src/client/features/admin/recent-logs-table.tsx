import { Table } from "@chakra-ui/react";
import { AdminTable } from "./admin-table.tsx";
import { PriceLogBadge } from "./badges.tsx";
import { formatDateTime, formatDuration } from "./format.ts";
import type { PriceLog } from "./types.ts";

const COLUMNS = ["Provider", "Type", "Status", "Started At", "Duration"] as const;

/** The overview's latest price-retrieval runs. */
export function RecentLogsTable({ logs, status }: { logs: readonly PriceLog[] | undefined; status: "pending" | "error" | "success" }) {
  return (
    <AdminTable caption="Recent price retrieval logs" columns={COLUMNS} status={status} isEmpty={!logs?.length}
      errorText="Failed to load system overview" emptyText="No price retrievals have run yet">
      {logs?.map((log) => (
        <Table.Row key={log.id}>
          <Table.Cell>{log.provider ?? "N/A"}</Table.Cell>
          <Table.Cell>{log.requestType}</Table.Cell>
          <Table.Cell><PriceLogBadge log={log} /></Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(log.startedAt)}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDuration(log.startedAt, log.completedAt)}</Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
