/**
 * The Add/Edit Domain form as plain strings, the shape the shared zod schema reads, so the
 * form is checked with the server's own schema and wording (components/form/use-schema-form.ts).
 */
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
