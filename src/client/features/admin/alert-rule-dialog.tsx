import { NativeSelect, SimpleGrid, Stack } from "@chakra-ui/react";
import { useStore } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ALERT_CONDITIONS, SEVERITIES, alertRuleSchema, type AlertCondition } from "../../../shared/schemas/admin.ts";
import { TextareaField, TextField } from "../../components/form/fields.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "../../components/form-dialog.tsx";
import type { AlertRule } from "./types.ts";

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
  const { form, pending, formError, onSubmit } = useSchemaForm({
    defaultValues: {
      name: rule?.name ?? "", description: rule?.description ?? "", condition: (rule?.condition ?? "consecutive_failures") as AlertCondition,
      threshold: rule ? String(rule.threshold) : "3", severity: rule?.severity ?? "medium", isActive: rule?.isActive ?? true,
    },
    schema: alertRuleSchema,
    // An empty box is no number at all, not zero.
    toInput: (v) => ({ ...v, threshold: v.threshold.trim() === "" ? undefined : Number(v.threshold) }),
    submit: (input) => (rule ? update.mutateAsync({ id: rule.id, ...input }) : create.mutateAsync(input)),
    onSaved: () => onOpenChange(false),
  });
  const condition = useStore(form.store, (state) => state.values.condition);
  return (
    <FormDialog title={rule ? `Edit ${rule.name}` : "Create Alert Rule"} submitLabel={rule ? "Save Changes" : "Create Rule"}
      open={open} onOpenChange={onOpenChange} pending={pending} formError={formError} onSubmit={onSubmit}>
      <Stack gap="4">
        <form.Field name="name">{(field) => <TextField field={field} label="Name" required />}</form.Field>
        <form.Field name="description">{(field) => <TextareaField field={field} label="Description" rows={2} />}</form.Field>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <form.Field name="condition">
            {(field) => (
              <FormField field={field} label="Condition" required>
                <NativeSelect.Root>
                  <NativeSelect.Field name="condition" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value as AlertCondition)}>
                    {ALERT_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c].label}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
          <form.Field name="threshold">
            {(field) => <TextField field={field} label="Threshold" required helper={`In ${CONDITION_LABELS[condition].unit}.`} inputMode="numeric" />}
          </form.Field>
          <form.Field name="severity">
            {(field) => (
              <FormField field={field} label="Severity" required>
                <NativeSelect.Root>
                  <NativeSelect.Field name="severity" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value)}>
                    {SEVERITIES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
        </SimpleGrid>
        <form.Field name="isActive">{(field) => <SwitchField field={field} label="Active" />}</form.Field>
      </Stack>
    </FormDialog>
  );
}
