import { Box, Button, HStack, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useStore } from "@tanstack/react-form";
import { useState } from "react";
import { FormField } from "../../components/form/form-field.tsx";
import { TextField } from "../../components/form/fields.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { SecretShownOnce } from "../../components/secret-shown-once.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import {
  WEBHOOK_CHANNEL_FORMATS, WEBHOOK_FORMAT_LABELS, webhookChannelSchema, type WebhookChannelFormat,
} from "../../../shared/schemas/webhook-channel.ts";

const URL_HELP: Record<WebhookChannelFormat, string> = {
  generic: "Any HTTPS endpoint of yours. Each message is signed; you get the secret to check it once, after adding.",
  ntfy: "The topic's URL, e.g. https://ntfy.sh/your-topic-name.",
  slack: "The incoming webhook URL of your Slack app (https://hooks.slack.com/services/…).",
  discord: "From the channel's settings: Integrations, Webhooks, Copy Webhook URL.",
};

const EMPTY: { url: string; format: WebhookChannelFormat } = { url: "", format: "generic" };

/** Adds a webhook channel; a generic one's signing secret is shown below the form, once. */
export function AddWebhookForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const add = useMutation(trpc.notifications.addWebhook.mutationOptions({
    onSuccess: (result) => {
      setSecret(result.secret);
      void queryClient.invalidateQueries({ queryKey: trpc.notifications.overview.queryKey() });
    },
  }));
  const { form, formError, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: EMPTY,
    schema: webhookChannelSchema,
    submit: (input) => {
      setSecret(null);
      return add.mutateAsync(input);
    },
    onSaved: () => reset(),
  });
  const format = useStore(form.store, (state) => state.values.format);

  return (
    <Stack gap="3">
      <form onSubmit={onSubmit} noValidate aria-label="Add webhook">
        <Stack gap="3">
          <HStack align="start" gap="3" flexWrap="wrap">
            <form.Field name="format">
              {(field) => (
                <FormField field={field} label="Format" maxW="xs">
                  <NativeSelect.Root>
                    <NativeSelect.Field name="format" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value as WebhookChannelFormat)}>
                      {WEBHOOK_CHANNEL_FORMATS.map((f) => <option key={f} value={f}>{WEBHOOK_FORMAT_LABELS[f]}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
            </form.Field>
            {/* The field, not its input, takes the row's room: a flex input in the field's column collapsed to 18 px. */}
            <Box flex="1" minW={{ base: "full", sm: "xs" }}>
              <form.Field name="url">
                {(field) => (
                  <TextField field={field} label="Webhook URL" helper={URL_HELP[format]} type="url" inputMode="url" autoComplete="off"
                    spellCheck={false} placeholder="https://" maxLength={2100} />
                )}
              </form.Field>
            </Box>
          </HStack>
          {formError && <Text color="fg.error" role="alert">{formError}</Text>}
          <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Adding…" : "Add webhook"}</Button></HStack>
        </Stack>
      </form>
      {secret && (
        <SecretShownOnce title="Webhook added. Copy its signing secret now: it will not be shown again."
          label="Signing secret" copyLabel="Copy signing secret" secret={secret}>
          <Text fontSize="sm">
            Your endpoint checks each request's <code>X-TLDScope-Signature</code> with it, as the{" "}
            <Link href="/api/reference#webhooks">API reference</Link> shows.
          </Text>
        </SecretShownOnce>
      )}
    </Stack>
  );
}
