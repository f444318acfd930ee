import { Input, NativeSelect, SimpleGrid, Stack, Switch, Textarea } from "@chakra-ui/react";
import { switchSlotRecipe, textareaRecipe } from "@chakra-ui/react/theme";
import { useQuery } from "@tanstack/react-query";
import { EXAMPLE_HOST } from "../../../shared/domain-name.ts";
import { NOTES_MAX } from "../../../shared/schemas/user-domain.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { FormField } from "../../components/form/form-field.tsx";
import type { DomainForm } from "./domain-form-dialog.tsx";

/**
 * The inputs shared by the Add and Edit dialogs. The recipes of Switch and Textarea are passed
 * in rather than registered in the app's theme, so their styles load with this page only.
 */
export function DomainFormFields({ form }: { form: DomainForm }) {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.list.queryOptions());
  return (
    <Stack gap="4">
      <form.Field name="domainName">
        {(field) => (
          <FormField field={field} label="Domain name" required>
            <Input name="domainName" placeholder={EXAMPLE_HOST} autoComplete="off" autoCapitalize="none" spellCheck={false}
              value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
          </FormField>
        )}
      </form.Field>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <form.Field name="tldId">
          {(field) => (
            <FormField field={field} label="TLD" helper="Optional: taken from the domain name when empty.">
              <Input name="tldId" placeholder="com" autoComplete="off" autoCapitalize="none"
                value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
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
        <form.Field name="registrationDate">
          {(field) => (
            <FormField field={field} label="Registration date">
              <Input type="date" name="registrationDate" value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="expirationDate">
          {(field) => (
            <FormField field={field} label="Expiration date">
              <Input type="date" name="expirationDate" value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)} />
            </FormField>
          )}
        </form.Field>
      </SimpleGrid>
      <form.Field name="autoRenew">
        {(field) => (
          <Switch.Root recipe={switchSlotRecipe} colorPalette="blue" name="autoRenew" checked={field.state.value}
            onCheckedChange={(e) => field.handleChange(e.checked)}>
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Auto-renew</Switch.Label>
          </Switch.Root>
        )}
      </form.Field>
      <form.Field name="notes">
        {(field) => (
          <FormField field={field} label="Notes">
            <Textarea recipe={textareaRecipe} name="notes" rows={3} maxLength={NOTES_MAX} autoresize
              value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
          </FormField>
        )}
      </form.Field>
    </Stack>
  );
}
