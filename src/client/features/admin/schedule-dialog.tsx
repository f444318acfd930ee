import { List, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { scheduleSchema } from "../../../shared/schemas/admin.ts";
import { TextareaField, TextField } from "../../components/form/fields.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { checkCron, runInWords } from "./cron-check.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "../../components/form-dialog.tsx";
import type { Schedule } from "./types.ts";

interface ScheduleDialogProps {
  /** The schedule to edit; null creates one. */
  schedule: Schedule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function NextRuns({ runs }: { runs: Date[] }) {
  return (
    <Stack gap="1" mt="1" aria-live="polite">
      <Text fontSize="sm" color="fg.muted">Next runs:</Text>
      <List.Root fontSize="sm" color="fg.muted" ps="5">
        {runs.map((run) => <List.Item key={run.toISOString()}>{runInWords(run)}</List.Item>)}
      </List.Root>
    </Stack>
  );
}

/** Create or edit a fetch schedule; the cron expression is checked as it is typed. */
export function ScheduleDialog({ schedule, open, onOpenChange }: ScheduleDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const providers = useQuery(trpc.providers.adminList.queryOptions());
  const options = {
    onSuccess: () => {
      notifyAdminSuccess(schedule ? ADMIN_MESSAGES.scheduleUpdated : ADMIN_MESSAGES.scheduleCreated);
      void queryClient.invalidateQueries(trpc.priceEngine.schedules.list.queryFilter());
    },
    onError: (error: unknown) => notifyAdminFailure(ADMIN_MESSAGES.scheduleSaveFailed, error),
  };
  const create = useMutation(trpc.priceEngine.schedules.create.mutationOptions(options));
  const update = useMutation(trpc.priceEngine.schedules.update.mutationOptions(options));
  const initialCron = schedule?.schedule ?? "";
  const { form, pending, formError, onSubmit } = useSchemaForm({
    defaultValues: {
      name: schedule?.name ?? "", description: schedule?.description ?? "",
      providerId: schedule?.providerId == null ? "" : String(schedule.providerId), schedule: initialCron, isActive: schedule?.isActive ?? true,
    },
    schema: scheduleSchema,
    extraErrors: (v) => {
      const cron = checkCron(v.schedule);
      return cron.ok ? {} : { schedule: cron.message };
    },
    submit: (input) => (schedule ? update.mutateAsync({ id: schedule.id, ...input }) : create.mutateAsync(input)),
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog title={schedule ? `Edit ${schedule.name}` : "Create Schedule"} submitLabel={schedule ? "Save Changes" : "Create Schedule"}
      open={open} onOpenChange={onOpenChange} pending={pending} formError={formError} onSubmit={onSubmit}>
      <Stack gap="4">
        <form.Field name="name">{(field) => <TextField field={field} label="Name" required />}</form.Field>
        <form.Field name="description">{(field) => <TextareaField field={field} label="Description" rows={2} />}</form.Field>
        <form.Field name="providerId">
          {(field) => (
            <FormField field={field} label="Provider" helper="Leave on All Providers to fetch every active provider.">
              <NativeSelect.Root disabled={providers.isPending}>
                <NativeSelect.Field name="providerId" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value)}>
                  <option value="">{providers.isError ? "All Providers (provider list unavailable)" : "All Providers"}</option>
                  {providers.data?.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        </form.Field>
        <form.Field name="schedule">
          {(field) => {
            const cron = checkCron(field.state.value);
            // Checked from the first keystroke; an untouched empty field is not yet an error.
            const checking = field.state.meta.isDirty || initialCron !== "";
            return (
              <TextField field={field} label="Cron expression" required liveError={checking && !cron.ok ? cron.message : undefined}
                helper={cron.ok ? <NextRuns runs={cron.nextRuns} /> : "Five fields in UTC: minute, hour, day of month, month, day of week. For example 0 3 * * * runs daily at 03:00."}
                fontFamily="mono" autoComplete="off" spellCheck={false} placeholder="0 3 * * *" />
            );
          }}
        </form.Field>
        <form.Field name="isActive">{(field) => <SwitchField field={field} label="Active" />}</form.Field>
      </Stack>
    </FormDialog>
  );
}
