import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TextField } from "../../components/form/fields.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { changePasswordSchema } from "../../../shared/schemas/account.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/auth.ts";

/** Change password: the current one first; every other device is signed out. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.account.changePassword.mutationOptions({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.account.overview.queryKey() }),
  }));
  const { form, formError, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: { currentPassword: "", newPassword: "", keepApiKeys: false },
    schema: changePasswordSchema,
    submit: (input) => change.mutateAsync(input),
    onSaved: () => {
      reset();
      notify({ type: "success", title: "Password changed", description: "Every other device was signed out, and your API keys were revoked unless you kept them." });
    },
  });
  if (!hasPassword) {
    return (
      <SectionCard title="Password">
        <Text color="fg.muted">This account signs in with single sign-on: its password is kept by your identity provider.</Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Password">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="3" maxW="sm">
          <form.Field name="currentPassword">
            {(field) => <TextField field={field} label="Current password" type="password" autoComplete="current-password" />}
          </form.Field>
          <form.Field name="newPassword">
            {(field) => <TextField field={field} label="New password" helper={`${PASSWORD_MIN}–${PASSWORD_MAX} characters; a few unrelated words work well.`} type="password" autoComplete="new-password" />}
          </form.Field>
          <form.Field name="keepApiKeys">
            {(field) => <SwitchField field={field} label="Keep my API keys working (leave off if someone else may have used your account)" />}
          </form.Field>
          {formError && <Text color="fg.error" role="alert">{formError}</Text>}
          <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Changing…" : "Change password"}</Button></HStack>
        </Stack>
      </form>
    </SectionCard>
  );
}
