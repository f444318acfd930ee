import { Code, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { LogStatusBadge } from "./badges.tsx";
import { formatDateTime } from "./format.ts";
import type { PriceSourceRow } from "./types.ts";

const COLUMNS = ["Provider", "Source", "Schedule", "Last Run"] as const;
const SOURCE_TEXT = { live: "Live", bundled: "Bundled list", unavailable: "Not available" } as const;

function SourceCell({ row }: { row: PriceSourceRow }) {
  return (
    <Stack gap="0.5">
      <Text>{SOURCE_TEXT[row.source]}</Text>
      {row.problem && <Text fontSize="sm" color="fg.muted">{row.problem}</Text>}
    </Stack>
  );
}

function LastRunCell({ run }: { run: PriceSourceRow["lastRun"] }) {
  if (!run) return <Text color="fg.muted">Never</Text>;
  return (
    <Stack gap="0.5" align="flex-start">
      <LogStatusBadge status={run.status} />
      <Text fontSize="sm" whiteSpace="nowrap">
        {run.completedAt ? formatDateTime(run.completedAt) : "—"} · {run.requestType}{run.source ? `, ${run.source}` : ""}
      </Text>
    </Stack>
  );
}

/** Operations: where each provider's prices come from, the schedules that fetch it, and its last run. */
export function PriceSourcesTable() {
  const trpc = useTRPC();
  const sources = useQuery(trpc.priceEngine.sources.queryOptions());
  return (
    <AdminTable caption="Price sources" columns={COLUMNS} status={sources.status} isEmpty={!sources.data?.length}
      errorText={`Failed to load price sources${sources.error ? `: ${sources.error.message}` : ""}`} emptyText="No service providers yet">
      {sources.data?.map((row) => (
        <Table.Row key={row.domain}>
          <Table.Cell fontWeight="medium">{row.provider}{!row.isActive && <Text as="span" color="fg.muted" fontWeight="normal"> (inactive)</Text>}</Table.Cell>
          <Table.Cell><SourceCell row={row} /></Table.Cell>
          <Table.Cell>
            {row.schedules.length === 0 ? <Text color="fg.muted">None</Text> : (
              <Stack gap="0.5">
                {row.schedules.map((s) => <Text key={s.id}>{s.name} <Code>{s.schedule}</Code></Text>)}
              </Stack>
            )}
          </Table.Cell>
          <Table.Cell><LastRunCell run={row.lastRun} /></Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
