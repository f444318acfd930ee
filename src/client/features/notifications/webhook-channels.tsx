import { Badge, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { WEBHOOK_FORMAT_LABELS, type WebhookChannelFormat } from "../../../shared/schemas/webhook-channel.ts";
import { AddWebhookForm } from "./add-webhook-form.tsx";

interface ListedWebhook {
  id: number;
  url: string | null;
  format: string | null;
  target?: string | null;
  enabled: boolean;
}

/**
 * Where a webhook points, without the rest of its URL: Slack and Discord keep their token in
 * the path and an ntfy topic's name is its password, so the page shows the host only.
 */
export function webhookHost(url: string | null): string {
  try {
    return url ? new URL(url).host : "";
  } catch {
    return url ?? "";
  }
}

const formatLabel = (format: string | null) => WEBHOOK_FORMAT_LABELS[format as WebhookChannelFormat] ?? format ?? "";

/** Where a channel delivers, without its credentials: "chat 424242", "!abc:matrix.org at matrix.org", a webhook's host. */
export function channelPlace(w: Pick<ListedWebhook, "url" | "format" | "target">): string {
  const host = webhookHost(w.url);
  const target = w.target ?? null;
  switch (w.format) {
    case "telegram": return `chat ${target ?? ""}`;
    case "pushover": return `user key ${target ?? ""}`;
    case "matrix": return `${target ?? ""} at ${host}`;
    case "apprise": return target ? `key ${target} at ${host}` : `URLs at ${host}`;
    default: return host;
  }
}

/** "Telegram bot chat 424242", "Slack incoming webhook at hooks.slack.com": what buttons and the removal dialog name. */
const channelName = (w: ListedWebhook) => (["telegram", "pushover", "matrix", "apprise"].includes(w.format ?? "")
  ? `${formatLabel(w.format)} ${channelPlace(w)}`
  : `${formatLabel(w.format)} at ${channelPlace(w)}`);

/** The user's webhooks: add one, send each a test, remove one. */
export function WebhookChannels() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.notifications.overview.queryOptions());
  const [removing, setRemoving] = useState<ListedWebhook | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.overview.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.deliveries.queryKey() });
  };
  const failed = (what: string) => (error: { message: string }) => {
    if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: `${what} ${error.message}` });
  };
  const test = useMutation(trpc.notifications.sendTest.mutationOptions({
    onSuccess: () => {
      notify({ type: "success", title: "Test sent", description: "The test message is on its way; the delivery log says how it went." });
      refresh();
    },
    onError: failed("Could not send the test."),
  }));
  const remove = useMutation(trpc.notifications.remove.mutationOptions({
    onSuccess: () => {
      notify({ type: "success", title: "Success", description: "Webhook removed" });
      refresh();
    },
    onError: failed("Could not remove the webhook."),
    onSettled: () => setRemoving(null),
  }));
  const webhooks: ListedWebhook[] = overview.data?.channels.filter((c) => c.kind === "webhook") ?? [];

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Webhooks</Heading>
      <Text color="fg.muted">
        Send notifications to an ntfy topic; a Slack, Discord, Microsoft Teams or Google Chat channel; a Telegram chat; Pushover or Gotify;
        a Matrix room; the services of an Apprise API; or your own endpoint as signed JSON.
      </Text>
      {overview.isError ? <Text color="fg.error">Could not load your webhooks. {overview.error.message}</Text>
        : webhooks.length === 0 ? (!overview.isPending && <Text>No webhooks yet.</Text>)
        : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Your webhooks">
            {webhooks.map((w) => {
              const name = channelName(w);
              return (
                <HStack as="li" key={w.id} justify="space-between" flexWrap="wrap" gap="2" borderWidth="1px" borderRadius="md" p="3">
                  <Stack gap="0">
                    <Text fontWeight="semibold">{formatLabel(w.format)}</Text>
                    <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">{channelPlace(w)}</Text>
                  </Stack>
                  <HStack>
                    {!w.enabled && <Badge>Off</Badge>}
                    <Button size="sm" variant="outline" aria-label={`Send a test to ${name}`} disabled={!w.enabled || test.isPending}
                      onClick={() => test.mutate({ id: w.id })}>Send a test</Button>
                    <Button size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${name}`} onClick={() => setRemoving(w)}>Remove</Button>
                  </HStack>
                </HStack>
              );
            })}
          </Stack>
        )}
      <AddWebhookForm />
      <ConfirmDialog title="Remove this webhook?" open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}
        confirmLabel="Remove" pendingLabel="Removing…" pending={remove.isPending} onConfirm={() => removing && remove.mutate({ id: removing.id })}>
        <Text>{removing ? channelName(removing) : ""} will receive nothing more. Its messages not sent yet are dropped.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
