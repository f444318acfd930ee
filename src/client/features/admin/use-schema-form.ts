/**
 * State of an admin dialog's form: values as typed, one message per field from the shared
 * schema before sending and from the server after, a message for anything else, and the
 * pending flag. The dialog closes (onSaved) only after the server agreed.
 */
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { readServerError, zodFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";

interface SchemaFormOptions<V extends object, S extends z.ZodType> {
  initial: V;
  schema: S;
  /** Turns the typed values into what the schema reads (numbers from text, for instance). */
  toInput?: (values: V) => unknown;
  /** Extra checks the schema cannot make on the client (a cron expression's fields). */
  extraErrors?: (values: V) => FieldErrors<keyof V & string>;
  submit: (input: z.output<S>) => Promise<unknown>;
  onSaved: () => void;
}

export function useSchemaForm<V extends object, S extends z.ZodType>(options: SchemaFormOptions<V, S>) {
  const fields = Object.keys(options.initial) as Array<keyof V & string>;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field should not keep blaming the user for the old value.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = options.schema.safeParse(options.toInput ? options.toInput(values) : values);
    const found: FieldErrors<keyof V & string> = parsed.success ? {} : zodFieldErrors(parsed.error.issues, fields);
    for (const [field, message] of Object.entries(options.extraErrors?.(values) ?? {}) as Array<[keyof V & string, string | undefined]>) {
      if (message) found[field] ??= message;
    }
    if (!parsed.success || Object.values(found).some(Boolean)) {
      setErrors(found);
      // An issue on no visible field must still be said.
      if (!parsed.success && Object.keys(found).length === 0) setFormError(parsed.error.issues[0]?.message ?? "Invalid input");
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await options.submit(parsed.data);
      options.onSaved();
    } catch (error) {
      const failure = readServerError(error, fields);
      setErrors(failure.fieldErrors);
      setFormError(failure.message);
    } finally {
      setPending(false);
    }
  };

  return { values, set, setErrors, errors, formError, pending, onSubmit };
}
