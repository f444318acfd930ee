import { Button, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TextField } from "../../components/form/fields.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { MAX_CERTIFICATE_OFFSETS, monitoringSettingsSchema } from "../../../shared/schemas/monitoring.ts";
import { dayListOf, dayListText } from "./day-list.ts";

/** The days as typed; named as the schema names them, so its messages land under this input. */
interface Values {
  certificateOffsets: string;
}

function CertificateRemindersForm({ saved }: { saved: number[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The server answers the days as it keeps them (no repeats, largest first); the section shows those.
  const save = useMutation(trpc.monitoring.saveSettings.mutationOptions({
    onSuccess: (data) => queryClient.setQueryData(trpc.monitoring.getSettings.queryKey(), data),
  }));
  const { form, formError, pending, onSubmit } = useSchemaForm({
    defaultValues: { certificateOffsets: dayListText(saved) } satisfies Values,
    schema: monitoringSettingsSchema,
    toInput: (v: Values) => ({ certificateOffsets: dayListOf(v.certificateOffsets) }),
    submit: (input) => save.mutateAsync(input),
    onSaved: () => notify({ type: "success", title: "Certificate reminders saved" }),
    // The form shows the server's reason itself; the toast names what failed.
    onFailed: (error) => {
      if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: "Could not save the certificate reminders." });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Certificate reminders">
      <Stack gap="4" maxW="lg">
        <form.Field name="certificateOffsets">
          {(field) => (
            <TextField field={field} label="Days before a certificate ends" inputMode="numeric" autoComplete="off"
              helper={`Whole days from 0 to 90, separated by commas, e.g. 14, 3, 1 (up to ${MAX_CERTIFICATE_OFFSETS}; 0 is the day itself).`} />
          )}
        </form.Field>
        {formError && <Text color="fg.error" role="alert">{formError}</Text>}
        <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Saving…" : "Save certificate reminders"}</Button></HStack>
      </Stack>
    </form>
  );
}

/**
 * When the owner is told that a certificate served for one of their domains is about to end: the
 * monitoring's own setting (GET/PUT /api/monitoring/settings), beside the expiry reminder days.
 * `kindOn`: the certificate kind's switch as saved above.
 */
export function CertificateReminders({ kindOn = true }: { kindOn?: boolean }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.monitoring.getSettings.queryOptions());
  return (
    <Stack gap="4" as="section" aria-labelledby="certificate-reminders-heading">
      <Heading as="h2" size="lg" id="certificate-reminders-heading">Certificate reminders</Heading>
      <Text color="fg.muted">
        Before a certificate of your domains ends (the domain, its www and the hosts you watch on a domain's page), you are told on each of these days.
      </Text>
      {!kindOn && (
        <Text color="fg.warning" role="status">
          Certificate notifications are switched off in your settings above: no reminder is sent until you switch them on.
        </Text>
      )}
      {settings.isPending ? <Spinner aria-label="Loading the certificate reminders" />
        : settings.isError ? <Text color="fg.error">Could not load your certificate reminders. {settings.error.message}</Text>
        // Keyed by the saved days, so the field shows them as kept once a save is answered.
        : <CertificateRemindersForm key={dayListText(settings.data.certificateOffsets)} saved={settings.data.certificateOffsets} />}
    </Stack>
  );
}
