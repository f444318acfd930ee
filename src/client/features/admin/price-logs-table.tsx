import { Table, Text } from "@chakra-ui/react";
import { AdminTable } from "./admin-table.tsx";
import { PriceLogBadge } from "./badges.tsx";
import { formatCount, formatDateTime, formatDuration, logTarget } from "./format.ts";
import type { PriceLog } from "./types.ts";

const COLUMNS = ["Provider", "Request Type", "Status", "Domain/TLD", "Results", "Response Time", "Started At", "Duration"] as const;

interface PriceLogsTableProps {
  logs: readonly PriceLog[] | undefined;
  status: "pending" | "error" | "success";
  errorText: string;
  stale: boolean;
}

/** Spec section 2, Logs: one row per price retrieval, with its error under the status. */
export function PriceLogsTable({ logs, status, errorText, stale }: PriceLogsTableProps) {
  return (
    <AdminTable caption="Price retrieval logs" columns={COLUMNS} status={status} isEmpty={!logs?.length} stale={stale}
      errorText={errorText} emptyText="No logs found matching your criteria">
      {logs?.map((log) => (
        <Table.Row key={log.id}>
          <Table.Cell>
            {log.provider ?? "N/A"}
            {log.providerDomain && <Text fontSize="xs" color="fg.muted">{log.providerDomain}</Text>}
          </Table.Cell>
          <Table.Cell>{log.requestType}</Table.Cell>
          <Table.Cell>
            <PriceLogBadge log={log} />
            {log.errorMessage && <Text fontSize="xs" color="fg.muted" maxW="xs" lineClamp={2} title={log.errorMessage}>{log.errorMessage}</Text>}
          </Table.Cell>
          <Table.Cell>{logTarget(log)}</Table.Cell>
          <Table.Cell textAlign="end">{log.resultCount === null ? "N/A" : formatCount(log.resultCount)}</Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">{log.responseTime === null ? "N/A" : `${formatCount(log.responseTime)} ms`}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(log.startedAt)}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDuration(log.startedAt, log.completedAt)}</Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
