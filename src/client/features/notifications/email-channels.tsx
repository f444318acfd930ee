import { Badge, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TextField } from "../../components/form/fields.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { emailChannelSchema } from "../../../shared/schemas/notifications.ts";

interface ListedEmail {
  id: number;
  email: string | null;
  confirmed: boolean;
  confirmationExpired: boolean;
  enabled: boolean;
}

function stateOf(c: ListedEmail): { label: string; palette: string } {
  if (!c.confirmed) return c.confirmationExpired ? { label: "Link expired", palette: "red" } : { label: "Waiting for confirmation", palette: "orange" };
  return c.enabled ? { label: "Confirmed", palette: "green" } : { label: "Off", palette: "gray" };
}

/** The user's e-mail addresses: add one (a confirmation mail goes out), test, resend, turn off and on, remove. */
export function EmailChannels({ emailAvailable }: { emailAvailable: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.notifications.overview.queryOptions());
  const [removing, setRemoving] = useState<ListedEmail | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.overview.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.deliveries.queryKey() });
  };
  const failed = (what: string) => (error: { message: string }) => {
    if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: `${what} ${error.message}` });
  };
  const add = useMutation(trpc.notifications.addEmail.mutationOptions({ onSuccess: refresh }));
  const test = useMutation(trpc.notifications.sendTest.mutationOptions({
    onSuccess: () => {
      notify({ type: "success", title: "Test sent", description: "The test notification is on its way; the delivery log below shows when it left." });
      refresh();
    },
    onError: failed("Could not send a test."),
  }));
  const resend = useMutation(trpc.notifications.resendConfirmation.mutationOptions({
    onSuccess: (c) => {
      notify({ type: "success", title: "Confirmation mail sent", description: `Open the link in the mail to ${c.email} to confirm it.` });
      refresh();
    },
    onError: failed("Could not send the confirmation mail."),
  }));
  const toggle = useMutation(trpc.notifications.setEnabled.mutationOptions({ onSuccess: refresh, onError: failed("Could not change the address.") }));
  const remove = useMutation(trpc.notifications.remove.mutationOptions({
    onSuccess: () => {
      setRemoving(null);
      refresh();
    },
    onError: failed("Could not remove the address."),
  }));

  const { form, formError, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: { email: "" },
    schema: emailChannelSchema,
    submit: (input) => add.mutateAsync(input),
    onSaved: (values) => {
      notify({ type: "success", title: "Confirmation mail sent", description: `Open the link in the mail to ${values.email.trim()} to start receiving notifications there.` });
      reset();
    },
  });
  const emails = (overview.data?.channels ?? []).filter((c) => c.kind === "email");

  return (
    <Stack gap="4" as="section" aria-labelledby="email-heading">
      <Heading as="h2" size="lg" id="email-heading">E-mail</Heading>
      {emails.length === 0 ? <Text color="fg.muted">No address yet.</Text> : (
        <Stack gap="3" as="ul" listStyleType="none" aria-label="Your e-mail addresses">
          {emails.map((c) => {
            const state = stateOf(c);
            return (
              <HStack as="li" key={c.id} gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3">
                <Text fontWeight="medium" overflowWrap="anywhere">{c.email}</Text>
                <Badge colorPalette={state.palette}>{state.label}</Badge>
                <HStack gap="2" ms="auto">
                  {c.confirmed && c.enabled && (
                    <Button size="xs" variant="outline" disabled={test.isPending} aria-label={`Send a test to ${c.email}`}
                      onClick={() => test.mutate({ id: c.id })}>Send a test</Button>
                  )}
                  {!c.confirmed && (
                    <Button size="xs" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ id: c.id })}>Resend confirmation</Button>
                  )}
                  {c.confirmed && (
                    <Button size="xs" variant="ghost" onClick={() => toggle.mutate({ id: c.id, enabled: !c.enabled })}>{c.enabled ? "Turn off" : "Turn on"}</Button>
                  )}
                  <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remove ${c.email}`} onClick={() => setRemoving(c)}>Remove</Button>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      )}
      {emailAvailable && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="2">
            <HStack align="end">
              <form.Field name="email">
                {(field) => <TextField field={field} label="Add an address" type="email" placeholder="you@example.com" maxW="sm" />}
              </form.Field>
              <Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Sending…" : "Add address"}</Button>
            </HStack>
            {formError && <Text color="fg.error" role="alert">{formError}</Text>}
            <Text fontSize="sm" color="fg.muted">An address receives nothing until you open the link in the confirmation mail sent to it and press Confirm.</Text>
          </Stack>
        </form>
      )}
      <ConfirmDialog title="Remove this address?" open={removing !== null} onOpenChange={(open) => { if (!open) setRemoving(null); }}
        confirmLabel="Remove" pendingLabel="Removing…" pending={remove.isPending} onConfirm={() => removing && remove.mutate({ id: removing.id })}>
        <Text>{removing?.email} will receive no more notifications, and its delivery log goes with it.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
