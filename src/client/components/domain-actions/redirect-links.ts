import { validateDomainName } from "../../../shared/domain-name.ts";

export type RedirectKind = "register" | "transfer";

/** The server resolves the provider's URL pattern, so the browser never builds third-party URLs. */
export function redirectHref(kind: RedirectKind, providerId: number, domain: string): string {
  const query = new URLSearchParams({ providerId: String(providerId), domain });
  return `/api/r/${kind}?${query.toString()}`;
}

export type DomainCheck = { ok: true; domain: string } | { ok: false; title: string; description: string };

/** Spec sections 5 and 8: the check run before a register or transfer link may open. */
export function checkDomain(input: string): DomainCheck {
  if (input.trim() === "") return { ok: false, title: "Domain Required", description: "Please enter a domain name first." };
  const result = validateDomainName(input);
  return result.valid ? { ok: true, domain: result.domain } : { ok: false, title: "Invalid Domain", description: result.message };
}

/**
 * On a registrar's page each row is a different TLD, so the typed name is put on that row's
 * TLD: "example" or "example.com" on the .io row becomes "example.io".
 */
export function domainForTld(input: string, tld: string): string {
  const name = input.trim().toLowerCase();
  if (name === "" || name.endsWith(`.${tld}`)) return name;
  const dot = name.lastIndexOf(".");
  return `${dot === -1 ? name : name.slice(0, dot)}.${tld}`;
}

/** A provider can only be linked to for the actions it has a URL pattern for. */
export const supports = (
  provider: { registrationUrlPattern: string | null; transferUrlPattern: string | null },
  kind: RedirectKind,
): boolean => Boolean(kind === "register" ? provider.registrationUrlPattern : provider.transferUrlPattern);
