/**
 * The Add/Edit Domain form as plain strings, checked with the same zod schema the server
 * uses, so a message shown under a field is the server's own wording. Server answers come
 * back as `{ message, issues: [{ field, message }] }` and land on the same fields.
 */
import { TRPCClientError } from "@trpc/client";
import { userDomainCreateSchema, type UserDomainCreateInput } from "../../../shared/schemas/user-domain.ts";
import type { UserDomain } from "./types.ts";

export interface DomainFormValues {
  domainName: string;
  tldId: string;
  serviceProviderId: string;
  registrationDate: string;
  expirationDate: string;
  autoRenew: boolean;
  notes: string;
}

export type FieldName = keyof DomainFormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_VALUES: DomainFormValues = {
  domainName: "", tldId: "", serviceProviderId: "", registrationDate: "", expirationDate: "", autoRenew: false, notes: "",
};

/** Date inputs only edit the day, so any time part the API sends is cut off. */
export function valuesFromDomain(domain: UserDomain): DomainFormValues {
  return {
    domainName: domain.domainName,
    tldId: domain.tldId,
    serviceProviderId: domain.serviceProviderId === null ? "" : String(domain.serviceProviderId),
    registrationDate: domain.registrationDate?.slice(0, 10) ?? "",
    expirationDate: domain.expirationDate?.slice(0, 10) ?? "",
    autoRenew: domain.autoRenew,
    notes: domain.notes ?? "",
  };
}

const FIELDS = new Set<string>(Object.keys(EMPTY_VALUES));

export type Validation = { ok: true; input: UserDomainCreateInput } | { ok: false; errors: FieldErrors };

/** The first message per field, as the form shows one line under each input. */
function collect(issues: { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    if (FIELDS.has(field)) errors[field as FieldName] ??= message;
  }
  return errors;
}

export function validateDomainForm(values: DomainFormValues): Validation {
  const parsed = userDomainCreateSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: collect(parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ""), message: i.message }))) };
}

export interface ServerFailure {
  /** Messages that belong under an input. */
  fieldErrors: FieldErrors;
  /** Anything else (a duplicate domain, a server fault), shown above the buttons. */
  message: string | null;
}

export function readServerError(error: unknown): ServerFailure {
  if (!(error instanceof TRPCClientError)) return { fieldErrors: {}, message: error instanceof Error ? error.message : null };
  const issues = ((error.data as { issues?: { field: string; message: string }[] } | undefined)?.issues) ?? [];
  const fieldErrors = collect(issues);
  return { fieldErrors, message: Object.keys(fieldErrors).length > 0 ? null : error.message };
}
