import { bareSuffixMessage, splitDomain, validateDomainName } from "../../../shared/domain-name.ts";

export type RedirectKind = "register" | "transfer";

/** The server resolves the provider's URL pattern, so the browser never builds third-party URLs. */
export function redirectHref(kind: RedirectKind, providerId: number, domain: string): string {
  const query = new URLSearchParams({ providerId: String(providerId), domain });
  return `/api/r/${kind}?${query.toString()}`;
}

export type DomainCheck = { ok: true; domain: string } | { ok: false; title: string; description: string };

/**
 * Spec sections 5 and 8: the check run before a register or transfer link may open. On a TLD's
 * own page, `extension` is that TLD or suffix: typing "co.uk" there names no domain.
 */
export function checkDomain(input: string, extension?: string): DomainCheck {
  if (input.trim() === "") return { ok: false, title: "Domain Required", description: "Please enter a domain name first." };
  const result = validateDomainName(input);
  if (!result.valid) return { ok: false, title: "Invalid Domain", description: result.message };
  if (result.domain === extension) return { ok: false, title: "Invalid Domain", description: bareSuffixMessage(extension) };
  return { ok: true, domain: result.domain };
}

/**
 * On a registrar's page each row is a different TLD or suffix, so the typed name is put on that
 * row's: "example" or "example.com" on the .io row becomes "example.io", and with the page's
 * names known, "example.co.uk" on the .uk row becomes "example.uk" (its suffix is co.uk, not uk).
 */
export function domainForTld(input: string, tld: string, isKnownName: (name: string) => boolean = () => false): string {
  const name = input.trim().toLowerCase();
  if (name === "") return name;
  const split = splitDomain(name, (n) => n === tld || isKnownName(n));
  if (split) return split.suffix === tld ? name : `${split.name}.${tld}`;
  const dot = name.lastIndexOf(".");
  return `${dot === -1 ? name : name.slice(0, dot)}.${tld}`;
}

/** A provider can only be linked to for the actions it has a URL pattern for. */
export const supports = (
  provider: { registrationUrlPattern: string | null; transferUrlPattern: string | null },
  kind: RedirectKind,
): boolean => Boolean(kind === "register" ? provider.registrationUrlPattern : provider.transferUrlPattern);
