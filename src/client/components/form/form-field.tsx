import { Field } from "@chakra-ui/react";
import type { AnyFieldApi } from "@tanstack/react-form";
import type { ReactNode } from "react";

/** A field's first message, whether a validator gave a string or a Standard Schema issue. */
export function firstError(field: AnyFieldApi): string | undefined {
  for (const error of field.state.meta.errors.flat() as unknown[]) {
    if (typeof error === "string" && error) return error;
    if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  }
  return undefined;
}

export interface FormFieldProps {
  field: AnyFieldApi;
  label: string;
  helper?: ReactNode;
  required?: boolean;
  maxW?: string;
  /** A message to show while the form state holds none, such as a check made as the user types. */
  liveError?: string | undefined;
  children: ReactNode;
}

/**
 * Label, input, and either a hint or the field's message from the form state; Chakra's Field
 * wires the label and messages to the input and marks it invalid.
 */
export function FormField({ field, label, helper, required, maxW, liveError, children }: FormFieldProps) {
  const error = firstError(field) ?? liveError;
  return (
    <Field.Root invalid={Boolean(error)} required={required} maxW={maxW}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
