import { Input, Stack, Switch } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { serviceProviderEditSchema } from "../../../shared/schemas/service-provider.ts";
import { FormField } from "../../components/form-field.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { FormDialog } from "./form-dialog.tsx";
import type { AdminProvider } from "./types.ts";
import { useSchemaForm } from "./use-schema-form.ts";

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
  const form = useSchemaForm({
    initial: { name: provider.name, domain: provider.domain, website: provider.website ?? "", logoUrl: provider.logoUrl ?? "", isActive: provider.isActive },
    schema: serviceProviderEditSchema,
    submit: (input) => update.mutateAsync({ id: provider.id, ...input }),
    onSaved: () => onOpenChange(false),
  });
  const { values, errors, set } = form;
  return (
    <FormDialog title={`Edit ${provider.name}`} submitLabel="Save Changes" open={open} onOpenChange={onOpenChange}
      pending={form.pending} formError={form.formError} onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField label="Name" error={errors.name} required>
          <Input name="name" value={values.name} onChange={(e) => set("name", e.target.value)} />
        </FormField>
        <FormField label="Domain" error={errors.domain} required helper="The provider's own domain, such as porkbun.com.">
          <Input name="domain" value={values.domain} autoCapitalize="none" spellCheck={false} onChange={(e) => set("domain", e.target.value)} />
        </FormField>
        <FormField label="Website" error={errors.website} helper="Optional: an http or https address.">
          <Input name="website" type="url" value={values.website} placeholder="https://" onChange={(e) => set("website", e.target.value)} />
        </FormField>
        <FormField label="Logo URL" error={errors.logoUrl} helper="Optional: an http or https address of an image.">
          <Input name="logoUrl" type="url" value={values.logoUrl} placeholder="https://" onChange={(e) => set("logoUrl", e.target.value)} />
        </FormField>
        <Switch.Root colorPalette="blue" name="isActive" checked={values.isActive} onCheckedChange={(e) => set("isActive", e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control><Switch.Thumb /></Switch.Control>
          <Switch.Label>Active</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}
