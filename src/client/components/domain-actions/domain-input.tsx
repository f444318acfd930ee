import { Field, Input } from "@chakra-ui/react";
import { checkDomain } from "./redirect-links.ts";

interface DomainInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  helperText: string;
  /** Show the validation message under the field while the typed value is invalid. */
  validate?: boolean;
  /** The TLD or suffix of the page, which on its own is no domain. */
  extension?: string;
}

export function DomainInput({ value, onChange, placeholder, helperText, validate = false, extension }: DomainInputProps) {
  const check = checkDomain(value, extension);
  const invalid = validate && value.trim() !== "" && !check.ok;
  return (
    <Field.Root invalid={invalid} maxW="xl">
      <Field.Label>Domain name</Field.Label>
      <Input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
      />
      {invalid && !check.ok ? <Field.ErrorText>{check.description}</Field.ErrorText> : <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
