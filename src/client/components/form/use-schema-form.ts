/**
 * The one way a client form keeps its state: TanStack Form holds the values as typed, the
 * shared zod schema (the one the server validates with) checks them on submit, and the
 * server's `{ message, issues: [{ field, message }] }` lands on the same fields afterwards.
 * A message that belongs to no field (a duplicate, a server fault) is returned as `formError`
 * for the form to show above its buttons; it stays until the next submit.
 */
import { useForm, useStore, type AnyFormApi } from "@tanstack/react-form";
import { useState } from "react";
import type { z } from "zod";
import { collectFieldErrors, readServerError } from "../../lib/form-errors.ts";

type FieldMessages = Record<string, string | undefined>;

export interface SchemaFormOptions<V extends object, S extends z.ZodType> {
  defaultValues: V;
  schema: S;
  /** Turns the typed values into what the schema reads (numbers from text, for instance); the values themselves by default. */
  toInput?: (values: V) => unknown;
  /** Checks the schema cannot make in the browser (a cron expression's fields), by field name. */
  extraErrors?: (values: V) => FieldMessages;
  /** Sends the checked input; a rejection is shown on the form, which stays as typed. */
  submit: (input: z.output<S>, values: V) => Promise<unknown>;
  onSaved?: (values: V) => void;
  /** Called with the server's refusal after its field messages are placed. */
  onFailed?: (error: unknown, placedOnFields: boolean) => void;
}

/** Names of the fields the form has rendered, as TanStack Form knows them ("credentials.apiKey" for nested ones). */
const fieldNamesOf = (form: AnyFormApi): string[] => Object.keys(form.fieldInfo);

/** The first message of each rendered field, keyed by its dotted path; anything else goes to the form. */
export function schemaErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], fieldNames: readonly string[]) {
  const fields: FieldMessages = collectFieldErrors(issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message })), fieldNames);
  const form = Object.keys(fields).length === 0 ? (issues[0]?.message ?? "Invalid input") : undefined;
  return { fields, form };
}

/**
 * Puts the server's field messages on the fields. They go in the same slot as the schema's
 * submit-time messages, which TanStack Form clears when the field is edited: a corrected
 * field should not keep blaming the user for the old value. Returns the message for the
 * form when no field took one.
 */
export function showServerErrors(form: AnyFormApi, error: unknown): string | null {
  const failure = readServerError(error, fieldNamesOf(form));
  for (const [name, message] of Object.entries(failure.fieldErrors) as Array<[string, string]>) {
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }));
  }
  return failure.message;
}

export function useSchemaForm<V extends object, S extends z.ZodType>(options: SchemaFormOptions<V, S>) {
  const [formError, setFormError] = useState<string | null>(null);
  const toInput = (values: V) => (options.toInput ? options.toInput(values) : values);
  const form = useForm({
    defaultValues: options.defaultValues,
    validators: {
      onSubmit: ({ value, formApi }: { value: V; formApi: AnyFormApi }) => {
        const parsed = options.schema.safeParse(toInput(value));
        const found = parsed.success ? { fields: {} as FieldMessages, form: undefined } : schemaErrors(parsed.error.issues, fieldNamesOf(formApi));
        for (const [name, message] of Object.entries(options.extraErrors?.(value) ?? {})) {
          if (message) found.fields[name] ??= message;
        }
        const fields = Object.fromEntries(Object.entries(found.fields).filter(([, message]) => message));
        if (parsed.success && Object.keys(fields).length === 0) return undefined;
        return { form: found.form, fields };
      },
    },
    onSubmitInvalid: ({ formApi }) => {
      const message = formApi.state.errorMap.onSubmit;
      setFormError(typeof message === "string" ? message : null);
    },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      try {
        await options.submit(options.schema.parse(toInput(value)), value);
      } catch (error) {
        const message = showServerErrors(formApi, error);
        setFormError(message);
        options.onFailed?.(error, message === null);
        return;
      }
      options.onSaved?.(value);
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);

  return {
    form,
    formError,
    pending,
    /** For `<form onSubmit>`: no page load, and no second send while one is under way. */
    onSubmit: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      if (form.state.isSubmitting) return;
      // Each submit judges the values afresh. TanStack Form would otherwise stop at the fields
      // still holding the last submit's messages and never run the schema on the new values.
      for (const name of fieldNamesOf(form)) {
        form.setFieldMeta(name, (meta) => (meta?.errorMap.onSubmit === undefined ? meta : { ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined } }));
      }
      void form.handleSubmit();
    },
    /** Back to the starting values, with no messages left from before. */
    reset: () => {
      form.reset();
      setFormError(null);
    },
  };
}
