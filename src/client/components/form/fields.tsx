import { Input, Textarea, type InputProps, type TextareaProps } from "@chakra-ui/react";
import { FormField, type FormFieldProps } from "./form-field.tsx";

type Labelled = Omit<FormFieldProps, "children">;

/** A text input bound to a form field, named after it, under its label and message. */
export function TextField({ field, label, helper, required, maxW, liveError, ...input }: Labelled & Omit<InputProps, "name" | "value" | "onChange">) {
  return (
    <FormField field={field} label={label} helper={helper} required={required} maxW={maxW} liveError={liveError}>
      <Input {...input} name={field.name as string} value={field.state.value as string} onChange={(e) => field.handleChange(e.target.value)} />
    </FormField>
  );
}

/** A textarea bound to a form field, named after it, under its label and message. */
export function TextareaField({ field, label, helper, required, maxW, liveError, ...textarea }: Labelled & Omit<TextareaProps, "name" | "value" | "onChange">) {
  return (
    <FormField field={field} label={label} helper={helper} required={required} maxW={maxW} liveError={liveError}>
      <Textarea {...textarea} name={field.name as string} value={field.state.value as string} onChange={(e) => field.handleChange(e.target.value)} />
    </FormField>
  );
}
