/**
 * Spec section 2: when the provider call fails or returns nothing, the landing grid still shows
 * who we search. Real registrars, name and domain only (no logos: they render as letter tiles).
 */
export interface GridProvider {
  id: number | string;
  name: string;
  domain: string;
  logoUrl?: string | null;
}

export const FALLBACK_PROVIDERS: readonly GridProvider[] = [
  { id: "porkbun", name: "Porkbun", domain: "porkbun.com" },
  { id: "namecheap", name: "Namecheap", domain: "namecheap.com" },
  { id: "cloudflare", name: "Cloudflare Registrar", domain: "cloudflare.com" },
  { id: "dynadot", name: "Dynadot", domain: "dynadot.com" },
  { id: "godaddy", name: "GoDaddy", domain: "godaddy.com" },
  { id: "hover", name: "Hover", domain: "hover.com" },
  { id: "gandi", name: "Gandi", domain: "gandi.net" },
  { id: "name-com", name: "Name.com", domain: "name.com" },
  { id: "namesilo", name: "NameSilo", domain: "namesilo.com" },
  { id: "dnsimple", name: "DNSimple", domain: "dnsimple.com" },
  { id: "openprovider", name: "Openprovider", domain: "openprovider.com" },
  { id: "route53", name: "Amazon Route 53", domain: "aws.amazon.com" },
  { id: "easyname", name: "easyname", domain: "easyname.com" },
];
