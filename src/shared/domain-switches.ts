/**
 * Whether a domain's monitoring kind is told to its owner, from the owner's kind switch and the
 * domain's own switches (domain_notification_settings): the domain's switch for the kind, when
 * set, decides over the owner's; a record type's switch ("dns:MX") can then mute that type alone.
 */
export type DomainSwitchKind = "registry_change" | "certificate" | "dns_change";

/** The key of a record type's (or other part's) switch under a kind: "dns:MX". */
export function partKey(kind: DomainSwitchKind, part: string): string {
  return `${kind === "dns_change" ? "dns" : kind}:${part}`;
}

export function domainKindOn(ownerKindOn: boolean, own: ReadonlyMap<string, boolean> | undefined, kind: DomainSwitchKind, part?: string): boolean {
  const on = own?.get(kind) ?? ownerKindOn;
  if (!on || part === undefined) return on;
  return own?.get(partKey(kind, part)) ?? true;
}
