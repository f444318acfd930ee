/**
 * The Add/Edit Domain form as plain strings, the shape the shared zod schema reads, so the
 * form is checked with the server's own schema and wording (components/form/use-schema-form.ts).
 */
import type { AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import type { UserDomain } from "./types.ts";

export interface DomainFormValues {
  domainName: string;
  tldId: string;
  serviceProviderId: string;
  registrationDate: string;
  expirationDate: string;
  /** "unknown" until the owner says: the registry cannot tell whether a domain renews automatically. */
  autoRenewState: AutoRenewState;
  notes: string;
}

export const EMPTY_VALUES: DomainFormValues = {
  domainName: "", tldId: "", serviceProviderId: "", registrationDate: "", expirationDate: "", autoRenewState: "unknown", notes: "",
};

/** Date inputs only edit the day, so any time part the API sends is cut off. */
export function valuesFromDomain(domain: UserDomain): DomainFormValues {
  return {
    domainName: domain.domainName,
    tldId: domain.tldId,
    serviceProviderId: domain.serviceProviderId === null ? "" : String(domain.serviceProviderId),
    registrationDate: domain.registrationDate?.slice(0, 10) ?? "",
    expirationDate: domain.expirationDate?.slice(0, 10) ?? "",
    autoRenewState: domain.autoRenewState,
    notes: domain.notes ?? "",
  };
}
