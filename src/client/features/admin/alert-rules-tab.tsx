import { Button, Flex, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuPencil, LuPlus } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { AlertRuleDialog, conditionLabel } from "./alert-rule-dialog.tsx";
import { AdminTable } from "./admin-table.tsx";
import { ActiveBadge, SeverityBadge } from "./badges.tsx";
import { formatDate } from "./format.ts";
import type { AlertRule } from "./types.ts";

const COLUMNS = ["Name", "Description", "Condition", "Threshold", "Severity", "Status", "Created", "Actions"] as const;

/** Spec section 2, Alerts: the rules that open incidents; created, edited and switched off here. */
export function AlertRulesTab() {
  const trpc = useTRPC();
  const rules = useQuery(trpc.priceEngine.alertRules.list.queryOptions());
  const [dialog, setDialog] = useState<{ rule: AlertRule | null; key: number; open: boolean } | null>(null);
  const openDialog = (rule: AlertRule | null) => setDialog((d) => ({ rule, key: (d?.key ?? 0) + 1, open: true }));
  return (
    <>
      <Flex justify="flex-end" mb="4">
        <Button size="sm" colorPalette="blue" onClick={() => openDialog(null)}><LuPlus aria-hidden /> Create Rule</Button>
      </Flex>
      <AdminTable caption="Alert rules" columns={COLUMNS} status={rules.status} isEmpty={!rules.data?.length}
        errorText={`Failed to load alert rules${rules.error ? `: ${rules.error.message}` : ""}`} emptyText="No alert rules yet">
        {rules.data?.map((rule) => (
          <Table.Row key={rule.id}>
            <Table.Cell fontWeight="medium">{rule.name}</Table.Cell>
            <Table.Cell><Text minW="48" maxW="sm" lineClamp={3}>{rule.description ?? "—"}</Text></Table.Cell>
            <Table.Cell>{conditionLabel(rule.condition)}</Table.Cell>
            <Table.Cell textAlign="end">{rule.threshold}</Table.Cell>
            <Table.Cell><SeverityBadge severity={rule.severity} /></Table.Cell>
            <Table.Cell><ActiveBadge active={rule.isActive} /></Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(rule.createdAt)}</Table.Cell>
            <Table.Cell>
              <Button size="xs" variant="outline" aria-label={`Edit ${rule.name}`} onClick={() => openDialog(rule)}>
                <LuPencil aria-hidden /> Edit
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {dialog && (
        <AlertRuleDialog key={dialog.key} rule={dialog.rule} open={dialog.open}
          onOpenChange={(open) => setDialog((d) => (d ? { ...d, open } : d))} />
      )}
    </>
  );
}
