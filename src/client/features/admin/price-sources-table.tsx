import { Code, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { LogStatusBadge } from "./badges.tsx";
import { formatDate, formatDateTime } from "./format.ts";
import type { PriceSourceRow } from "./types.ts";

const COLUMNS = ["Provider", "Source", "Schedule", "Last Run"] as const;
/** A section of the README, as the server hands it to administrators (GET /api/admin/readme). */
export const readmeLink = (section: string) => `/api/admin/readme?section=${encodeURIComponent(section)}`;

const bundledList = (date: string | null) => (date ? `bundled list of ${formatDate(`${date}T00:00:00Z`)}` : null);

/**
 * A provider's source in words: live, its bundled list, or not configured (a key nobody set, or
 * no source at all). None of them is a failure; what to set up is said once, above the table.
 */
function sourceWords(row: PriceSourceRow): { label: string; detail: string | null } {
  const bundled = bundledList(row.bundledListDate);
  switch (row.setup) {
    case "live":
      return { label: "Live", detail: null };
    case "bundled-only":
      return { label: bundled ? bundled.charAt(0).toUpperCase() + bundled.slice(1) : "Bundled list", detail: "No live price source" };
    case "key-missing":
      return { label: "Not configured", detail: `Needs an API key; prices from the ${bundled ?? "bundled list"} meanwhile` };
    default:
      return { label: "Not configured", detail: "No price source; no prices from it" };
  }
}

function SourceCell({ row }: { row: PriceSourceRow }) {
  const { label, detail } = sourceWords(row);
  return (
    <Stack gap="0.5">
      <Text>{label}</Text>
      {detail && <Text fontSize="sm" color="fg.muted">{detail}</Text>}
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

const names = (rows: PriceSourceRow[]) => rows.map((r) => r.provider).join(", ");

/** Said once: which keys would bring live prices, and which providers have no live source here. */
export function LivePricesNote({ rows }: { rows: readonly PriceSourceRow[] }) {
  const active = rows.filter((r) => r.isActive);
  const needKey = active.filter((r) => r.setup === "key-missing");
  const bundledOnly = active.filter((r) => r.setup === "bundled-only");
  const none = active.filter((r) => r.setup === "none");
  if (needKey.length + bundledOnly.length + none.length === 0) return null;
  return (
    <Stack gap="1" fontSize="sm" mb="3" data-testid="live-prices-note">
      {needKey.length > 0 && (
        <Text>
          For live prices, set in the server's environment and restart:{" "}
          {needKey.map((r, i) => (
            <Text as="span" key={r.domain}>{i > 0 && "; "}{r.provider} (<Code>{r.missingConfiguration ?? "its API key"}</Code>)</Text>
          ))}
          . See the <Link href={readmeLink("Reference data")} target="_blank" color="fg.info">README, "Reference data"</Link>.
        </Text>
      )}
      {bundledOnly.length > 0 && (
        <Text color="fg.muted">No live price source exists here for {names(bundledOnly)}: their prices are the lists bundled with the site.</Text>
      )}
      {none.length > 0 && <Text color="fg.muted">No price source exists for {names(none)}: they are listed for registrar accounts only.</Text>}
    </Stack>
  );
}

/** Operations: where each provider's prices come from, the schedules that fetch it, and its last run. */
export function PriceSourcesTable() {
  const trpc = useTRPC();
  const sources = useQuery(trpc.priceEngine.sources.queryOptions());
  return (
    <>
      {sources.data && <LivePricesNote rows={sources.data} />}
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
    </>
  );
}
