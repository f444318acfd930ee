import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { TextField } from "../../components/form/fields.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { changeEmailSchema } from "../../../shared/schemas/account.ts";

/** Change e-mail: a link goes to the new address; nothing changes until it is confirmed there. */
export function EmailSection({ email, hasPassword, mailConfigured }: { email: string; hasPassword: boolean; mailConfigured: boolean }) {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(trpc.account.requestEmailChange.mutationOptions({ onSuccess: (result) => setSentTo(result.sentTo) }));
  const { form, formError, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: { newEmail: "", currentPassword: "" },
    schema: changeEmailSchema,
    toInput: (v) => ({ newEmail: v.newEmail, ...(hasPassword ? { currentPassword: v.currentPassword } : {}) }),
    submit: (input) => request.mutateAsync(input),
    onSaved: () => reset(),
  });
  return (
    <SectionCard title="E-mail address">
      <Text>Your account uses <strong>{email}</strong>.</Text>
      {!mailConfigured ? (
        <Text color="fg.muted">This server cannot send e-mail, so a new address cannot be confirmed. Ask an administrator to change it.</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Change e-mail address">
          <Stack gap="3" maxW="sm">
            <form.Field name="newEmail">
              {(field) => <TextField field={field} label="New e-mail address" type="email" autoComplete="email" />}
            </form.Field>
            {hasPassword && (
              <form.Field name="currentPassword">
                {(field) => <TextField field={field} label="Current password" type="password" autoComplete="current-password" />}
              </form.Field>
            )}
            {formError && <Text color="fg.error" role="alert">{formError}</Text>}
            {sentTo && <Text role="status" color="green.fg">We sent a link to {sentTo}. Open it there to confirm; your address changes then, and {email} is told.</Text>}
            <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Sending…" : "Send confirmation link"}</Button></HStack>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
