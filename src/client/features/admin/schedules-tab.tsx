import { Button, Code, Flex, HStack, Table } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { ActiveBadge } from "./badges.tsx";
import { DeleteScheduleDialog } from "./delete-schedule-dialog.tsx";
import { formatDateTime } from "./format.ts";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import type { Schedule } from "./types.ts";

const COLUMNS = ["Name", "Provider", "Cron Expression", "Status", "Last Run", "Next Run", "Actions"] as const;

/** Spec section 2, Settings: fetch schedules with their create, edit and delete dialogs. */
export function SchedulesTab() {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.priceEngine.schedules.list.queryOptions());
  const [editor, setEditor] = useState<{ schedule: Schedule | null; key: number; open: boolean } | null>(null);
  const [deleting, setDeleting] = useState<{ schedule: Schedule; open: boolean } | null>(null);
  const openEditor = (schedule: Schedule | null) => setEditor((e) => ({ schedule, key: (e?.key ?? 0) + 1, open: true }));
  return (
    <>
      <Flex justify="flex-end" mb="4">
        <Button size="sm" colorPalette="blue" onClick={() => openEditor(null)}><LuPlus aria-hidden /> Create Schedule</Button>
      </Flex>
      <AdminTable caption="Fetch schedules" columns={COLUMNS} status={schedules.status} isEmpty={!schedules.data?.length}
        errorText={`Failed to load schedules${schedules.error ? `: ${schedules.error.message}` : ""}`} emptyText="No fetch schedules yet">
        {schedules.data?.map((s) => (
          <Table.Row key={s.id}>
            <Table.Cell fontWeight="medium">{s.name}</Table.Cell>
            <Table.Cell>{s.providerName ?? "All Providers"}</Table.Cell>
            <Table.Cell><Code>{s.schedule}</Code></Table.Cell>
            <Table.Cell><ActiveBadge active={s.isActive} /></Table.Cell>
            <Table.Cell whiteSpace="nowrap">{s.lastRun ? formatDateTime(s.lastRun) : "Never"}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{s.nextRun ? formatDateTime(s.nextRun) : "—"}</Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Button size="xs" variant="outline" aria-label={`Edit ${s.name}`} onClick={() => openEditor(s)}>
                  <LuPencil aria-hidden /> Edit
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${s.name}`} onClick={() => setDeleting({ schedule: s, open: true })}>
                  <LuTrash2 aria-hidden /> Delete
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {editor && (
        <ScheduleDialog key={editor.key} schedule={editor.schedule} open={editor.open}
          onOpenChange={(open) => setEditor((e) => (e ? { ...e, open } : e))} />
      )}
      <DeleteScheduleDialog schedule={deleting?.schedule ?? null} open={deleting?.open ?? false}
        onOpenChange={(open) => setDeleting((d) => (d ? { ...d, open } : d))} />
    </>
  );
}
