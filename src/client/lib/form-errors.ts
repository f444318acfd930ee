/**
 * Turns the server's `{ message, issues: [{ field, message }] }` into one message per form
 * field (components/form/use-schema-form.ts places them). The wording is the shared schema's,
 * because the server validates with the same schema the form checks before sending.
 */
import { TRPCClientError } from "@trpc/client";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
interface Issue {
  field: string;
  message: string;
}

/** The first message per known field; a form shows one line under each input. */
export function collectFieldErrors<F extends string>(issues: readonly Issue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { field, message } of issues) {
    if ((fields as readonly string[]).includes(field)) errors[field as F] ??= message;
  }
  return errors;
}

export interface ServerFailure<F extends string> {
  fieldErrors: FieldErrors<F>;
  /** Anything that belongs to no field (a conflict, a server fault), shown above the buttons. */
  message: string | null;
}

export function readServerError<F extends string>(error: unknown, fields: readonly F[]): ServerFailure<F> {
  if (!(error instanceof TRPCClientError)) return { fieldErrors: {}, message: error instanceof Error ? error.message : null };
  const issues = (error.data as { issues?: Issue[] } | undefined)?.issues ?? [];
  const fieldErrors = collectFieldErrors(issues, fields);
  return { fieldErrors, message: Object.keys(fieldErrors).length > 0 ? null : error.message };
}
