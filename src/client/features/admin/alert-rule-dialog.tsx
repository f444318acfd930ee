import { Input, NativeSelect, SimpleGrid, Stack, Switch, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ALERT_CONDITIONS, SEVERITIES, alertRuleSchema, type AlertCondition } from "../../../shared/schemas/admin.ts";
import { FormField } from "../../components/form-field.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "./form-dialog.tsx";
import type { AlertRule } from "./types.ts";
import { useSchemaForm } from "./use-schema-form.ts";

/** What each condition watches, and the unit its threshold is counted in. */
export const CONDITION_LABELS: Record<AlertCondition, { label: string; unit: string }> = {
  consecutive_failures: { label: "Consecutive failed fetches", unit: "failed runs in a row" },
  price_change_percent: { label: "Price change", unit: "percent" },
  data_age_hours: { label: "Price data age", unit: "hours since the last successful fetch" },
};
export const conditionLabel = (condition: string) => CONDITION_LABELS[condition as AlertCondition]?.label ?? condition;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface AlertRuleDialogProps {
  /** The rule to edit; null creates one. */
  rule: AlertRule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create or edit an alert rule, checked with the schema the server uses. */
export function AlertRuleDialog({ rule, open, onOpenChange }: AlertRuleDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => {
      notifyAdminSuccess(rule ? ADMIN_MESSAGES.ruleUpdated : ADMIN_MESSAGES.ruleCreated);
      void queryClient.invalidateQueries(trpc.priceEngine.alertRules.list.queryFilter());
    },
    onError: (error: unknown) => notifyAdminFailure(ADMIN_MESSAGES.ruleSaveFailed, error),
  };
  const create = useMutation(trpc.priceEngine.alertRules.create.mutationOptions(options));
  const update = useMutation(trpc.priceEngine.alertRules.update.mutationOptions(options));
  const form = useSchemaForm({
    initial: {
      name: rule?.name ?? "", description: rule?.description ?? "", condition: (rule?.condition ?? "consecutive_failures") as AlertCondition,
      threshold: rule ? String(rule.threshold) : "3", severity: rule?.severity ?? "medium", isActive: rule?.isActive ?? true,
    },
    schema: alertRuleSchema,
    // An empty box is no number at all, not zero.
    toInput: (v) => ({ ...v, threshold: v.threshold.trim() === "" ? undefined : Number(v.threshold) }),
    submit: (input) => (rule ? update.mutateAsync({ id: rule.id, ...input }) : create.mutateAsync(input)),
    onSaved: () => onOpenChange(false),
  });
  const { values, errors, set } = form;
  return (
    <FormDialog title={rule ? `Edit ${rule.name}` : "Create Alert Rule"} submitLabel={rule ? "Save Changes" : "Create Rule"}
      open={open} onOpenChange={onOpenChange} pending={form.pending} formError={form.formError} onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField label="Name" error={errors.name} required>
          <Input name="name" value={values.name} onChange={(e) => set("name", e.target.value)} />
        </FormField>
        <FormField label="Description" error={errors.description}>
          <Textarea name="description" rows={2} value={values.description} onChange={(e) => set("description", e.target.value)} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Condition" error={errors.condition} required>
            <NativeSelect.Root>
              <NativeSelect.Field name="condition" value={values.condition} onChange={(e) => set("condition", e.currentTarget.value as AlertCondition)}>
                {ALERT_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c].label}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Threshold" error={errors.threshold} required helper={`In ${CONDITION_LABELS[values.condition].unit}.`}>
            <Input name="threshold" inputMode="numeric" value={values.threshold} onChange={(e) => set("threshold", e.target.value)} />
          </FormField>
          <FormField label="Severity" error={errors.severity} required>
            <NativeSelect.Root>
              <NativeSelect.Field name="severity" value={values.severity} onChange={(e) => set("severity", e.currentTarget.value)}>
                {SEVERITIES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <Switch.Root colorPalette="blue" name="isActive" checked={values.isActive} onCheckedChange={(e) => set("isActive", e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control><Switch.Thumb /></Switch.Control>
          <Switch.Label>Active</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}
