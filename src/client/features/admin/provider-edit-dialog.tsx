import { Stack } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { serviceProviderEditSchema } from "../../../shared/schemas/service-provider.ts";
import { TextField } from "../../components/form/fields.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "../../components/form-dialog.tsx";
import type { AdminProvider } from "./types.ts";

interface ProviderEditDialogProps {
  provider: AdminProvider;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Edit Service Provider (spec section 2, Data), checked with the schema the server uses. The
 * caller mounts a fresh one per opening, so the form starts from the stored values.
 */
export function ProviderEditDialog({ provider, open, onOpenChange }: ProviderEditDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.providers.adminUpdate.mutationOptions({
    onSuccess: () => {
      notifyAdminSuccess(ADMIN_MESSAGES.providerUpdated);
      // Public pages show providers too (names, logos, which quotes count).
      void queryClient.invalidateQueries(trpc.providers.pathFilter());
      void queryClient.invalidateQueries(trpc.prices.pathFilter());
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.providerUpdateFailed, error),
  }));
  const { form, pending, formError, onSubmit } = useSchemaForm({
    defaultValues: { name: provider.name, domain: provider.domain, website: provider.website ?? "", logoUrl: provider.logoUrl ?? "", isActive: provider.isActive },
    schema: serviceProviderEditSchema,
    submit: (input) => update.mutateAsync({ id: provider.id, ...input }),
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog title={`Edit ${provider.name}`} submitLabel="Save Changes" open={open} onOpenChange={onOpenChange}
      pending={pending} formError={formError} onSubmit={onSubmit}>
      <Stack gap="4">
        <form.Field name="name">{(field) => <TextField field={field} label="Name" required />}</form.Field>
        <form.Field name="domain">
          {(field) => <TextField field={field} label="Domain" required helper="The provider's own domain, such as porkbun.com." autoCapitalize="none" spellCheck={false} />}
        </form.Field>
        <form.Field name="website">
          {(field) => <TextField field={field} label="Website" helper="Optional: an http or https address." type="url" placeholder="https://" />}
        </form.Field>
        <form.Field name="logoUrl">
          {(field) => <TextField field={field} label="Logo URL" helper="Optional: an http or https address of an image." type="url" placeholder="https://" />}
        </form.Field>
        <form.Field name="isActive">{(field) => <SwitchField field={field} label="Active" />}</form.Field>
      </Stack>
    </FormDialog>
  );
}
