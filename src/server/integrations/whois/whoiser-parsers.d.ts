// whoiser ships types for its network functions only; its text parsers, which the WHOIS
// integration uses on answers it fetched itself (port43.ts), are declared here.
declare module "whoiser/src/parsers.js" {
  export type ParsedWhois = Record<string, string | string[]>;
  /** A domain's WHOIS answer with its labels renamed to common ones ("Expiry Date", "Registrar IANA ID", "Name Server"…). */
  export function parseDomainWhois(domain: string, whois: string, ignorePrivacy?: boolean): ParsedWhois;
  /** "label: value" lines, as IANA's own WHOIS answers them. */
  export function parseSimpleWhois(whois: string): ParsedWhois;
}
