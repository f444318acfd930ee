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
  SECRET_FIELDS, WEBHOOK_CHANNEL_FORMATS, WEBHOOK_FORMAT_FIELDS, WEBHOOK_FORMAT_LABELS, webhookChannelSchema,
  type WebhookChannelFields, type WebhookChannelFormat,
} from "../../../shared/schemas/webhook-channel.ts";

const URL_HELP: Record<WebhookChannelFormat, string> = {
  generic: "Any HTTPS endpoint of yours. Each message is signed; you get the secret to check it once, after adding.",
  ntfy: "The topic's URL, e.g. https://ntfy.sh/your-topic-name.",
  slack: "The incoming webhook URL of your Slack app (https://hooks.slack.com/services/…).",
  discord: "From the channel's settings: Integrations, Webhooks, Copy Webhook URL.",
  teams: "In the Teams channel: Workflows, \"Post to a channel when a webhook request is received\", then copy the URL it gives.",
  google_chat: "In the Google Chat space: Apps & integrations, Webhooks, Add webhook, then copy its URL (https://chat.googleapis.com/…).",
  telegram: "",
  pushover: "",
  gotify: "Your Gotify server's address, e.g. https://gotify.example.com.",
  matrix: "Your homeserver's client address, e.g. https://matrix-client.matrix.org.",
  apprise: "Your Apprise API's address, e.g. https://apprise.example.com.",
};

const URL_LABEL: Partial<Record<WebhookChannelFormat, string>> = {
  gotify: "Gotify server URL", matrix: "Homeserver URL", apprise: "Apprise API URL",
};

type FieldName = Exclude<keyof WebhookChannelFields, "format" | "url">;

/** Each credential or receiver field's label and help; the application token's depends on the service. */
const FIELDS: Record<FieldName, { label: string; help: (format: WebhookChannelFormat) => string }> = {
  botToken: { label: "Bot token", help: () => "Send /newbot to @BotFather in Telegram; it answers with the token. Stored encrypted, never shown again." },
  chatId: {
    label: "Chat id",
    help: () => "Start a chat with your bot (or add it to a group) and send it a message; its chat id is in https://api.telegram.org/bot<token>/getUpdates. A group's id starts with -100; a public channel can be its @name.",
  },
  appToken: {
    label: "Application token",
    help: (format) => (format === "pushover"
      ? "Create an application at pushover.net (Your Applications, Create an Application) and copy its API token. Stored encrypted."
      : "In Gotify: Apps, Create Application, then copy its token. Stored encrypted."),
  },
  userKey: { label: "User key", help: () => "Your user key from the Pushover dashboard (or a group key). Stored encrypted." },
  roomId: { label: "Room id", help: () => "Room settings, Advanced: the internal room id, starting with ! (like !abc123:matrix.org). The account below must be in the room." },
  accessToken: {
    label: "Access token",
    help: () => "The token of the account that posts (a bot account is best; in Element: Settings, Help & About, Access Token). Stored encrypted.",
  },
  key: { label: "Configuration key", help: () => "The key under which your Apprise API keeps the services to notify. Leave it empty to give Apprise URLs instead." },
  urls: { label: "Apprise URLs", help: () => "Or the Apprise URLs to notify, separated by spaces or commas (tgram://…, mailto://…). Stored encrypted." },
};

const EMPTY = {
  format: "generic" as WebhookChannelFormat, url: "", botToken: "", chatId: "", appToken: "", userKey: "", roomId: "", accessToken: "", key: "", urls: "",
};

const fieldsOf = (format: WebhookChannelFormat) => WEBHOOK_FORMAT_FIELDS[format] as readonly string[];
const isSecret = (name: string) => (SECRET_FIELDS as readonly string[]).includes(name);

/** The input of one format: its own fields only, the apprise key or URLs that was given. */
function inputOf(values: WebhookChannelFields): Record<string, string> {
  const input: Record<string, string> = { format: values.format };
  for (const name of fieldsOf(values.format)) {
    const value = values[name as keyof WebhookChannelFields];
    if (value || values.format !== "apprise" || name === "url") input[name] = value;
  }
  return input;
}

/** Adds a webhook or a chat or push service; a generic webhook's signing secret is shown below the form, once. */
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
      return add.mutateAsync(inputOf(input) as WebhookChannelFields);
    },
    // The format stays chosen: adding a second Telegram chat needs the same fields again.
    onSaved: (values) => { reset(); form.setFieldValue("format", values.format); },
  });
  const format = useStore(form.store, (state) => state.values.format);
  const extra = fieldsOf(format).filter((name) => name !== "url") as FieldName[];

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
            {fieldsOf(format).includes("url") && (
              <Box flex="1" minW={{ base: "full", sm: "xs" }}>
                <form.Field name="url">
                  {(field) => (
                    <TextField field={field} label={URL_LABEL[format] ?? "Webhook URL"} helper={URL_HELP[format]} type="url" inputMode="url" autoComplete="off"
                      spellCheck={false} placeholder="https://" maxLength={2100} />
                  )}
                </form.Field>
              </Box>
            )}
          </HStack>
          {extra.map((name) => (
            <form.Field key={`${format}-${name}`} name={name}>
              {(field) => (
                <TextField field={field} label={FIELDS[name].label} helper={FIELDS[name].help(format)} autoComplete="off" spellCheck={false}
                  type={isSecret(name) && name !== "urls" ? "password" : "text"} maxW="2xl" />
              )}
            </form.Field>
          ))}
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
