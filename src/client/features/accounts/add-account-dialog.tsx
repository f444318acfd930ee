import { Alert, Button, Dialog, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useStore } from "@tanstack/react-form";
import { LABEL_MAX } from "../../../shared/constants.ts";
import { CREDENTIAL_HELP, isRegistrarSlug, registrarAccountCreateSchema } from "../../../shared/schemas/registrar-account.ts";
import { TextField } from "../../components/form/fields.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import { ACCOUNT_MESSAGES } from "./account-feedback.ts";

interface Values { serviceProviderId: string; label: string; credentials: { apiKey: string; secretKey: string }; isActive: boolean }
const EMPTY: Values = { serviceProviderId: "", label: "", credentials: { apiKey: "", secretKey: "" }, isActive: true };

/** The schema's shape: no provider chosen is null, and keys are the only way to sign in to a registrar's API here. */
const toInput = (values: Values) => ({ ...values, serviceProviderId: values.serviceProviderId || null, authType: "api" as const });

/** Spec section 5's form, checked with the same schema the server uses; the help text says what each field means at the chosen registrar. */
export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const providers = useQuery({ ...trpc.accounts.providers.queryOptions(), enabled: open });
  const create = useMutation(trpc.accounts.create.mutationOptions());
  const { form, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: EMPTY,
    schema: registrarAccountCreateSchema,
    toInput,
    submit: (input) => create.mutateAsync(input),
    onSaved: () => {
      notifySuccess(ACCOUNT_MESSAGES.added);
      void queryClient.invalidateQueries(trpc.accounts.pathFilter());
      reset();
      onOpenChange(false);
    },
    // The fields show their own messages; the toast carries the reason only when no field took it.
    onFailed: (error, placedOnFields) =>
      notifyFailure(ACCOUNT_MESSAGES.addFailed, error, placedOnFields || !(error instanceof Error) ? null : error.message),
  });
  const providerId = useStore(form.store, (state) => state.values.serviceProviderId);
  const chosen = providers.data?.find((p) => String(p.id) === providerId);
  const help = chosen && isRegistrarSlug(chosen.slug) ? CREDENTIAL_HELP[chosen.slug] : undefined;

  return (
    <AppDialog title="Add Account" open={open} onOpenChange={onOpenChange}
      footer={<>
        <Dialog.ActionTrigger asChild><Button variant="outline">Cancel</Button></Dialog.ActionTrigger>
        <Button type="submit" form="add-account-form" colorPalette="blue" disabled={pending}>{pending ? "Adding…" : "Add Account"}</Button>
      </>}>
      <form id="add-account-form" onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <form.Field name="serviceProviderId">
          {(field) => (
            <FormField field={field} label="Provider" required>
              <NativeSelect.Root disabled={providers.isPending}>
                <NativeSelect.Field name="serviceProviderId" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value)}>
                  <option value="">{providers.isPending ? "Loading providers…" : providers.isError ? "Providers unavailable" : "Select a provider"}</option>
                  {providers.data?.map((p) => <option key={p.id} value={String(p.id)}>{p.displayName}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        </form.Field>
        <form.Field name="label">
          {(field) => <TextField field={field} label="Account label" required placeholder="e.g. Main account" maxLength={LABEL_MAX + 20} />}
        </form.Field>
        {/* An edited field's old message no longer applies; the help text shows again in its place. */}
        <form.Field name="credentials.apiKey">
          {(field) => (
            <FormField field={field} label="API Key" helper={help?.apiKey} required>
              <Input name="apiKey" autoComplete="off" spellCheck={false} value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="credentials.secretKey">
          {(field) => (
            <FormField field={field} label="Secret Key" helper={help?.secretKey} required>
              <Input name="secretKey" type="password" autoComplete="off" value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        {help?.note && <Alert.Root status="info" size="sm"><Alert.Indicator /><Alert.Description>{help.note}</Alert.Description></Alert.Root>}
        <form.Field name="isActive">{(field) => <SwitchField field={field} label="Auto-sync daily" />}</form.Field>
      </Stack>
      </form>
    </AppDialog>
  );
}
