import { Input, Stack, Switch } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { serviceProviderEditSchema } from "../../../shared/schemas/service-provider.ts";
import { FormField } from "../../components/form/form-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "./form-dialog.tsx";
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
        <form.Field name="name">
          {(field) => (
            <FormField field={field} label="Name" required>
              <Input name="name" value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="domain">
          {(field) => (
            <FormField field={field} label="Domain" required helper="The provider's own domain, such as porkbun.com.">
              <Input name="domain" value={field.state.value} autoCapitalize="none" spellCheck={false} onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="website">
          {(field) => (
            <FormField field={field} label="Website" helper="Optional: an http or https address.">
              <Input name="website" type="url" value={field.state.value} placeholder="https://" onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="logoUrl">
          {(field) => (
            <FormField field={field} label="Logo URL" helper="Optional: an http or https address of an image.">
              <Input name="logoUrl" type="url" value={field.state.value} placeholder="https://" onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="isActive">
          {(field) => (
            <Switch.Root colorPalette="blue" name="isActive" checked={field.state.value} onCheckedChange={(e) => field.handleChange(e.checked)}>
              <Switch.HiddenInput />
              <Switch.Control><Switch.Thumb /></Switch.Control>
              <Switch.Label>Active</Switch.Label>
            </Switch.Root>
          )}
        </form.Field>
      </Stack>
    </FormDialog>
  );
}
