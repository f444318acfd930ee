/**
 * Registrars whose accounts users can connect to sync their domains, by the provider's domain
 * (service_providers.domain). A provider missing from the database is simply not listed.
 */
export const CONNECTABLE_REGISTRAR_DOMAINS = [
  "porkbun.com", "godaddy.com", "namecheap.com", "dynadot.com", "name.com", "cloudflare.com",
] as const;

export const canConnectAccount = (providerDomain: string): boolean =>
  (CONNECTABLE_REGISTRAR_DOMAINS as readonly string[]).includes(providerDomain.toLowerCase());
