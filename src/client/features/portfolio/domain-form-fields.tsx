import { Field, Input, NativeSelect, SimpleGrid, Stack, Switch, Textarea } from "@chakra-ui/react";
import { switchSlotRecipe, textareaRecipe } from "@chakra-ui/react/theme";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EXAMPLE_HOST } from "../../../shared/domain-name.ts";
import { NOTES_MAX } from "../../../shared/schemas/user-domain.ts";
import { useTRPC } from "../../lib/trpc.ts";
import type { DomainFormValues, FieldErrors, FieldName } from "./domain-form-values.ts";

interface DomainFormFieldsProps {
  values: DomainFormValues;
  errors: FieldErrors;
  onChange: <K extends FieldName>(field: K, value: DomainFormValues[K]) => void;
}

function TextField(props: { label: string; error?: string | undefined; helper?: string; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required}>
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {props.children}
      {props.helper && !props.error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * The inputs shared by the Add and Edit dialogs. The recipes of Switch and Textarea are passed
 * in rather than registered in the app's theme, so their styles load with this page only.
 */
export function DomainFormFields({ values, errors, onChange }: DomainFormFieldsProps) {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.list.queryOptions());
  return (
    <Stack gap="4">
      <TextField label="Domain name" error={errors.domainName} required>
        <Input name="domainName" placeholder={EXAMPLE_HOST} autoComplete="off" autoCapitalize="none" spellCheck={false}
          value={values.domainName} onChange={(e) => onChange("domainName", e.target.value)} />
      </TextField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="TLD" error={errors.tldId} helper="Optional: taken from the domain name when empty.">
          <Input name="tldId" placeholder="com" autoComplete="off" autoCapitalize="none"
            value={values.tldId} onChange={(e) => onChange("tldId", e.target.value)} />
        </TextField>
        <TextField label="Registrar" error={errors.serviceProviderId}>
          <NativeSelect.Root disabled={providers.isPending}>
            <NativeSelect.Field name="serviceProviderId" value={values.serviceProviderId}
              onChange={(e) => onChange("serviceProviderId", e.currentTarget.value)}>
              <option value="">{providers.isPending ? "Loading registrars…" : providers.isError ? "Registrars unavailable" : "Not set"}</option>
              {providers.data?.map((p) => (
                <option key={p.id} value={String(p.id)}>{p.name}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </TextField>
        <TextField label="Registration date" error={errors.registrationDate}>
          <Input type="date" name="registrationDate" value={values.registrationDate}
            onChange={(e) => onChange("registrationDate", e.target.value)} />
        </TextField>
        <TextField label="Expiration date" error={errors.expirationDate}>
          <Input type="date" name="expirationDate" value={values.expirationDate}
            onChange={(e) => onChange("expirationDate", e.target.value)} />
        </TextField>
      </SimpleGrid>
      <Switch.Root recipe={switchSlotRecipe} colorPalette="blue" name="autoRenew" checked={values.autoRenew}
        onCheckedChange={(e) => onChange("autoRenew", e.checked)}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Auto-renew</Switch.Label>
      </Switch.Root>
      <TextField label="Notes" error={errors.notes}>
        <Textarea recipe={textareaRecipe} name="notes" rows={3} maxLength={NOTES_MAX} autoresize
          value={values.notes} onChange={(e) => onChange("notes", e.target.value)} />
      </TextField>
    </Stack>
  );
}
