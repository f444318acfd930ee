/**
 * The Add/Edit Domain form as plain strings, checked with the same zod schema the server
 * uses, so a message shown under a field is the server's own wording. Server answers come
 * back as `{ message, issues: [{ field, message }] }` and land on the same fields.
 */
import { readServerError as readFieldErrors, zodFieldErrors, type FieldErrors as FieldErrorsOf, type ServerFailure as ServerFailureOf } from "../../lib/form-errors.ts";
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
export type FieldErrors = FieldErrorsOf<FieldName>;

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

const FIELDS = Object.keys(EMPTY_VALUES) as FieldName[];

export type Validation = { ok: true; input: UserDomainCreateInput } | { ok: false; errors: FieldErrors };

export function validateDomainForm(values: DomainFormValues): Validation {
  const parsed = userDomainCreateSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: zodFieldErrors(parsed.error.issues, FIELDS) };
}

export type ServerFailure = ServerFailureOf<FieldName>;

/** The server's `{ message, issues }` on this form's fields (lib/form-errors.ts). */
export const readServerError = (error: unknown): ServerFailure => readFieldErrors(error, FIELDS);
