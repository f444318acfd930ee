import { Input, List, NativeSelect, Stack, Switch, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { scheduleSchema } from "../../../shared/schemas/admin.ts";
import { FormField } from "../../components/form-field.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { checkCron, runInWords } from "./cron-check.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "./form-dialog.tsx";
import type { Schedule } from "./types.ts";
import { useSchemaForm } from "./use-schema-form.ts";

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
  const form = useSchemaForm({
    initial: {
      name: schedule?.name ?? "", description: schedule?.description ?? "",
      providerId: schedule?.providerId == null ? "" : String(schedule.providerId), schedule: schedule?.schedule ?? "", isActive: schedule?.isActive ?? true,
    },
    schema: scheduleSchema,
    extraErrors: (v) => {
      const cron = checkCron(v.schedule);
      return cron.ok ? {} : { schedule: cron.message };
    },
    submit: (input) => (schedule ? update.mutateAsync({ id: schedule.id, ...input }) : create.mutateAsync(input)),
    onSaved: () => onOpenChange(false),
  });
  const { values, errors, set } = form;
  // Checked from the first keystroke; an untouched empty field is not yet an error.
  const [cronTouched, setCronTouched] = useState(values.schedule !== "");
  const cron = checkCron(values.schedule);
  const cronError = errors.schedule ?? (cronTouched && !cron.ok ? cron.message : undefined);

  return (
    <FormDialog title={schedule ? `Edit ${schedule.name}` : "Create Schedule"} submitLabel={schedule ? "Save Changes" : "Create Schedule"}
      open={open} onOpenChange={onOpenChange} pending={form.pending} formError={form.formError} onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField label="Name" error={errors.name} required>
          <Input name="name" value={values.name} onChange={(e) => set("name", e.target.value)} />
        </FormField>
        <FormField label="Description" error={errors.description}>
          <Textarea name="description" rows={2} value={values.description} onChange={(e) => set("description", e.target.value)} />
        </FormField>
        <FormField label="Provider" error={errors.providerId} helper="Leave on All Providers to fetch every active provider.">
          <NativeSelect.Root disabled={providers.isPending}>
            <NativeSelect.Field name="providerId" value={values.providerId} onChange={(e) => set("providerId", e.currentTarget.value)}>
              <option value="">{providers.isError ? "All Providers (provider list unavailable)" : "All Providers"}</option>
              {providers.data?.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Cron expression" error={cronError} required
          helper={cron.ok ? <NextRuns runs={cron.nextRuns} /> : "Five fields in UTC: minute, hour, day of month, month, day of week. For example 0 3 * * * runs daily at 03:00."}>
          <Input name="schedule" fontFamily="mono" value={values.schedule} autoComplete="off" spellCheck={false} placeholder="0 3 * * *"
            onChange={(e) => {
              setCronTouched(true);
              set("schedule", e.target.value);
            }} />
        </FormField>
        <Switch.Root colorPalette="blue" name="isActive" checked={values.isActive} onCheckedChange={(e) => set("isActive", e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control><Switch.Thumb /></Switch.Control>
          <Switch.Label>Active</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}
