import { Alert, Button, Dialog, Field, Input, NativeSelect, Stack, Switch } from "@chakra-ui/react";
import { switchSlotRecipe } from "@chakra-ui/react/theme";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState, type FormEvent, type ReactNode } from "react";
import { LABEL_MAX } from "../../../shared/constants.ts";
import { CREDENTIAL_HELP, isRegistrarSlug, registrarAccountCreateSchema } from "../../../shared/schemas/registrar-account.ts";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ACCOUNT_MESSAGES, notifyAccountFailure, notifyAccountSuccess } from "./account-feedback.ts";

interface Values { serviceProviderId: string; label: string; apiKey: string; secretKey: string; isActive: boolean }
type Errors = Partial<Record<"serviceProviderId" | "label" | "credentials.apiKey" | "credentials.secretKey", string>>;
const EMPTY: Values = { serviceProviderId: "", label: "", apiKey: "", secretKey: "", isActive: true };

function FieldBox(props: { label: string; error?: string | undefined; helper?: string | undefined; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(props.error)} required>
      <Field.Label>{props.label}<Field.RequiredIndicator /></Field.Label>
      {props.children}
      {props.helper && !props.error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

const issuesOf = (error: unknown): { field: string; message: string }[] =>
  error instanceof TRPCClientError ? ((error.data as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? []) : [];

/** Spec section 5's form, checked with the same schema the server uses; the help text says what each field means at the chosen registrar. */
export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const providers = useQuery({ ...trpc.accounts.providers.queryOptions(), enabled: open });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation(trpc.accounts.create.mutationOptions({
    onSuccess: () => {
      notifyAccountSuccess(ACCOUNT_MESSAGES.added);
      void queryClient.invalidateQueries(trpc.accounts.pathFilter());
      setValues(EMPTY);
      onOpenChange(false);
    },
    onError: (error) => {
      const issues = issuesOf(error);
      setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
      notifyAccountFailure(ACCOUNT_MESSAGES.addFailed, error, issues.length ? null : error.message);
    },
  }));
  const chosen = providers.data?.find((p) => String(p.id) === values.serviceProviderId);
  const help = chosen && isRegistrarSlug(chosen.slug) ? CREDENTIAL_HELP[chosen.slug] : undefined;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An edited field's old message no longer applies; the help text shows again in its place.
    const field = key === "apiKey" || key === "secretKey" ? `credentials.${key}` : key;
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { serviceProviderId: values.serviceProviderId || null, label: values.label, authType: "api" as const,
      credentials: { apiKey: values.apiKey, secretKey: values.secretKey }, isActive: values.isActive };
    const parsed = registrarAccountCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <AppDialog title="Add Account" open={open} onOpenChange={onOpenChange}
      footer={<>
        <Dialog.ActionTrigger asChild><Button variant="outline">Cancel</Button></Dialog.ActionTrigger>
        <Button type="submit" form="add-account-form" colorPalette="blue" disabled={create.isPending}>{create.isPending ? "Adding…" : "Add Account"}</Button>
      </>}>
      <form id="add-account-form" onSubmit={submit} noValidate>
      <Stack gap="4">
        <FieldBox label="Provider" error={errors.serviceProviderId}>
          <NativeSelect.Root disabled={providers.isPending}>
            <NativeSelect.Field name="serviceProviderId" value={values.serviceProviderId} onChange={(e) => set("serviceProviderId", e.currentTarget.value)}>
              <option value="">{providers.isPending ? "Loading providers…" : providers.isError ? "Providers unavailable" : "Select a provider"}</option>
              {providers.data?.map((p) => <option key={p.id} value={String(p.id)}>{p.displayName}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FieldBox>
        <FieldBox label="Account label" error={errors.label}>
          <Input name="label" placeholder="e.g. Main account" maxLength={LABEL_MAX + 20} value={values.label} onChange={(e) => set("label", e.target.value)} />
        </FieldBox>
        <FieldBox label="API Key" error={errors["credentials.apiKey"]} helper={help?.apiKey}>
          <Input name="apiKey" autoComplete="off" spellCheck={false} value={values.apiKey} onChange={(e) => set("apiKey", e.target.value)} />
        </FieldBox>
        <FieldBox label="Secret Key" error={errors["credentials.secretKey"]} helper={help?.secretKey}>
          <Input name="secretKey" type="password" autoComplete="off" value={values.secretKey} onChange={(e) => set("secretKey", e.target.value)} />
        </FieldBox>
        {help?.note && <Alert.Root status="info" size="sm"><Alert.Indicator /><Alert.Description>{help.note}</Alert.Description></Alert.Root>}
        <Switch.Root recipe={switchSlotRecipe} colorPalette="blue" name="isActive" checked={values.isActive} onCheckedChange={(e) => set("isActive", e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control><Switch.Thumb /></Switch.Control>
          <Switch.Label>Auto-sync daily</Switch.Label>
        </Switch.Root>
      </Stack>
      </form>
    </AppDialog>
  );
}
