/**
 * The registrars whose price lists ship with the product (db/seed/data/prices), name and domain
 * only. The landing page names them when the live provider list cannot be loaded; the seed test
 * holds this list to the bundled data.
 */
export const BUNDLED_PRICE_LIST_REGISTRARS: readonly { id: string; name: string; domain: string }[] = [
  { id: "porkbun", name: "Porkbun", domain: "porkbun.com" },
  { id: "namecheap", name: "Namecheap", domain: "namecheap.com" },
  { id: "cloudflare", name: "Cloudflare Registrar", domain: "cloudflare.com" },
  { id: "dynadot", name: "Dynadot", domain: "dynadot.com" },
  { id: "hover", name: "Hover", domain: "hover.com" },
  { id: "dnsimple", name: "DNSimple", domain: "dnsimple.com" },
  { id: "openprovider", name: "Openprovider", domain: "openprovider.com" },
  { id: "route53", name: "Amazon Route 53", domain: "aws.amazon.com" },
  { id: "easyname", name: "easyname", domain: "easyname.com" },
];
