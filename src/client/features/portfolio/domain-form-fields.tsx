import { NativeSelect, SimpleGrid, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { EXAMPLE_HOST } from "../../../shared/domain-name.ts";
import { NOTES_MAX } from "../../../shared/schemas/user-domain.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { TextareaField, TextField } from "../../components/form/fields.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import type { DomainForm } from "./domain-form-dialog.tsx";

/** The inputs shared by the Add and Edit dialogs. */
export function DomainFormFields({ form }: { form: DomainForm }) {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.list.queryOptions());
  return (
    <Stack gap="4">
      <form.Field name="domainName">
        {(field) => (
          <TextField field={field} label="Domain name" required placeholder={EXAMPLE_HOST} autoComplete="off" autoCapitalize="none" spellCheck={false}
            helper="Type it as you write it: names in any script (müller.de) are fine." />
        )}
      </form.Field>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <form.Field name="tldId">
          {(field) => (
            <TextField field={field} label="TLD" helper="Optional: taken from the domain name when empty." placeholder="com" autoComplete="off" autoCapitalize="none" />
          )}
        </form.Field>
        <form.Field name="serviceProviderId">
          {(field) => (
            <FormField field={field} label="Registrar">
              <NativeSelect.Root disabled={providers.isPending}>
                <NativeSelect.Field name="serviceProviderId" value={field.state.value}
                  onChange={(e) => field.handleChange(e.currentTarget.value)}>
                  <option value="">{providers.isPending ? "Loading registrars…" : providers.isError ? "Registrars unavailable" : "Not set"}</option>
                  {providers.data?.map((p) => (
                    <option key={p.id} value={String(p.id)}>{p.name}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        </form.Field>
        <form.Field name="registrationDate">{(field) => <TextField field={field} label="Registration date" type="date" />}</form.Field>
        <form.Field name="expirationDate">{(field) => <TextField field={field} label="Expiration date" type="date" />}</form.Field>
      </SimpleGrid>
      <form.Field name="autoRenewState">
        {(field) => (
          <FormField field={field} label="Renews automatically" helper="The registry cannot tell; your registrar account can, when it is connected.">
            <NativeSelect.Root>
              <NativeSelect.Field name="autoRenewState" value={field.state.value}
                onChange={(e) => field.handleChange(e.currentTarget.value as typeof field.state.value)}>
                <option value="unknown">Not known</option>
                <option value="on">Yes</option>
                <option value="off">No</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
      </form.Field>
      <form.Field name="notes">
        {(field) => <TextareaField field={field} label="Notes" rows={3} maxLength={NOTES_MAX} autoresize />}
      </form.Field>
    </Stack>
  );
}
