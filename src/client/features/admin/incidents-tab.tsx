import { NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { INCIDENT_STATUSES, type IncidentStatus } from "../../../shared/schemas/admin.ts";
import { DebouncedSearchInput } from "../../components/debounced-search-input.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPagination } from "./admin-pagination.tsx";
import { AdminTable } from "./admin-table.tsx";
import { IncidentStatusBadge, SeverityBadge } from "./badges.tsx";
import { formatDateTime } from "./format.ts";
import { IncidentActions } from "./incident-actions.tsx";
import { useAdminDefaults } from "./use-admin-defaults.ts";

const COLUMNS = ["Title", "Description", "Severity", "Status", "Source", "Created", "Resolved", "Actions"] as const;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Spec section 2, Alerts: incidents, searched and filtered on the server, a page of the General Settings' size (20 by default). */
export function IncidentsTab() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState({ search: "", status: "all" as "all" | IncidentStatus, page: 1 });
  const defaults = useAdminDefaults();
  const incidents = useQuery({
    enabled: defaults.ready,
    ...trpc.priceEngine.incidents.list.queryOptions({
      page: filters.page,
      limit: defaults.pageSize,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.status !== "all" ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const data = incidents.data;
  return (
    <Stack gap="4">
      <Stack direction={{ base: "column", md: "row" }} gap="3" role="search" aria-label="Filter incidents">
        <DebouncedSearchInput label="Search incidents" placeholder="Search title, description or source" value={filters.search}
          onChange={(search) => setFilters((f) => ({ ...f, search, page: 1 }))} />
        <NativeSelect.Root w={{ base: "full", md: "48" }}>
          <NativeSelect.Field aria-label="Incident status" value={filters.status}
            onChange={(e) => {
              const status = e.currentTarget.value as "all" | IncidentStatus;
              setFilters((f) => ({ ...f, status, page: 1 }));
            }}>
            <option value="all">All statuses</option>
            {INCIDENT_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      <div>
        <AdminTable caption="Incidents" columns={COLUMNS} status={data ? "success" : incidents.status} isEmpty={!data?.incidents.length}
          stale={incidents.isPlaceholderData} emptyText="No incidents found matching your criteria"
          errorText={`Failed to load incidents${incidents.error ? `: ${incidents.error.message}` : ""}`}>
          {data?.incidents.map((incident) => (
            <Table.Row key={incident.id}>
              <Table.Cell fontWeight="medium">{incident.title}</Table.Cell>
              <Table.Cell><Text minW="48" maxW="sm" lineClamp={3} title={incident.description}>{incident.description}</Text></Table.Cell>
              <Table.Cell><SeverityBadge severity={incident.severity} /></Table.Cell>
              <Table.Cell><IncidentStatusBadge status={incident.status} /></Table.Cell>
              <Table.Cell>{incident.source}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(incident.createdAt)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{incident.resolvedAt ? formatDateTime(incident.resolvedAt) : "—"}</Table.Cell>
              <Table.Cell><IncidentActions incident={incident} /></Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
        {data && data.total > 0 && (
          <AdminPagination page={filters.page} limit={data.limit} total={data.total} totalPages={data.totalPages}
            onPageChange={(page) => setFilters((f) => ({ ...f, page }))} />
        )}
      </div>
    </Stack>
  );
}
