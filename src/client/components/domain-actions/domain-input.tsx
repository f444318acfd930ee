import { Field, Input } from "@chakra-ui/react";
import { DomainVerdictMessage } from "./domain-verdict-message.tsx";
import type { DomainVerdict } from "./domain-verdict.ts";

interface DomainInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  helperText: string;
  /** The page's verdict on the value (useDomainVerdict): its message replaces the helper text. */
  verdict: DomainVerdict;
}

export function DomainInput({ value, onChange, placeholder, helperText, verdict }: DomainInputProps) {
  const invalid = verdict.kind !== "empty" && verdict.kind !== "ok";
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
      {invalid ? (
        <Field.ErrorText display="block" data-testid="domain-message">
          <DomainVerdictMessage verdict={verdict} />
        </Field.ErrorText>
      ) : (
        <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
