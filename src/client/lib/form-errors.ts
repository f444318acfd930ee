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

/**
 * The form field an issue belongs to: its own path, or the field that holds it (a list's field
 * takes the messages of its items: "reminderOffsets.2" goes under the "reminderOffsets" input).
 */
function fieldFor<F extends string>(path: string, fields: readonly F[]): F | undefined {
  if ((fields as readonly string[]).includes(path)) return path as F;
  return fields.filter((f) => path.startsWith(`${f}.`)).sort((a, b) => b.length - a.length)[0];
}

/** The first message per known field; a form shows one line under each input. */
export function collectFieldErrors<F extends string>(issues: readonly Issue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { field, message } of issues) {
    const own = fieldFor(field, fields);
    if (own) errors[own] ??= message;
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

/** The server's reason in one sentence for a toast: the first field's message when it blamed a field, else its message. */
export function reasonOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return error instanceof Error ? error.message : null;
  const issues = (error.data as { issues?: Issue[] } | undefined)?.issues ?? [];
  return issues[0]?.message ?? error.message;
}
