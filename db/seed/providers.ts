/**
 * The service providers whose price lists ship in db/seed/data/prices, keyed by the
 * providerKey the parsers emit. ianaId links each to its IANA registrar record where the
 * company holds its own accreditation (Hover sells through Tucows' accreditation; easyname
 * and Openprovider's reseller brand are matched to the accreditation that serves them).
 * URL patterns take the domain in place of {domain}; /api/r/* never redirects anywhere else.
 */
import { urlPatternProblem } from "../../src/shared/url-pattern.ts";

export interface ProviderSeed {
  key: string;
  name: string;
  displayName: string;
  domain: string;
  website: string;
  ianaId: number | null;
  /** ISO 3166-1 alpha-2 code of the country the company is based in. */
  country: string;
  isActive: boolean;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
}

export const PROVIDERS: readonly ProviderSeed[] = [
  {
    key: "porkbun", name: "Porkbun", displayName: "Porkbun", domain: "porkbun.com",
    website: "https://porkbun.com", ianaId: 1861, country: "US", isActive: true,
    registrationUrlPattern: "https://porkbun.com/checkout/search?q={domain}",
    transferUrlPattern: "https://porkbun.com/transfer?domain={domain}",
  },
  {
    key: "dynadot", name: "Dynadot", displayName: "Dynadot", domain: "dynadot.com",
    website: "https://www.dynadot.com", ianaId: 472, country: "US", isActive: true,
    registrationUrlPattern: "https://www.dynadot.com/domain/search?domain={domain}",
    transferUrlPattern: "https://www.dynadot.com/domain/transfer?domain={domain}",
  },
  {
    key: "namecheap", name: "Namecheap", displayName: "Namecheap", domain: "namecheap.com",
    website: "https://www.namecheap.com", ianaId: 1068, country: "US", isActive: true,
    registrationUrlPattern: "https://www.namecheap.com/domains/registration/results/?domain={domain}",
    transferUrlPattern: "https://www.namecheap.com/domains/transfer/?domain={domain}",
  },
  {
    key: "openprovider", name: "Openprovider", displayName: "Openprovider", domain: "openprovider.com",
    website: "https://www.openprovider.com", ianaId: 1647, country: "NL", isActive: true,
    registrationUrlPattern: "https://www.openprovider.com/domains?domain={domain}",
    transferUrlPattern: null,
  },
  {
    key: "cloudflare", name: "Cloudflare Registrar", displayName: "Cloudflare", domain: "cloudflare.com",
    website: "https://www.cloudflare.com/products/registrar/", ianaId: 1910, country: "US", isActive: true,
    registrationUrlPattern: "https://domains.cloudflare.com/?domain={domain}",
    transferUrlPattern: "https://dash.cloudflare.com/?to=/:account/domains/transfer&domain={domain}",
  },
  {
    key: "hover", name: "Hover", displayName: "Hover", domain: "hover.com",
    website: "https://www.hover.com", ianaId: 69, country: "CA", isActive: true,
    registrationUrlPattern: "https://www.hover.com/domains/results?q={domain}",
    transferUrlPattern: "https://www.hover.com/transfer_in?q={domain}",
  },
  {
    key: "easyname", name: "easyname", displayName: "easyname", domain: "easyname.com",
    website: "https://www.easyname.com", ianaId: null, country: "AT", isActive: true,
    registrationUrlPattern: "https://www.easyname.com/en/domain/search?domain={domain}",
    transferUrlPattern: null,
  },
  {
    key: "route53", name: "Amazon Route 53", displayName: "AWS Route 53", domain: "aws.amazon.com",
    website: "https://aws.amazon.com/route53/", ianaId: 468, country: "US", isActive: true,
    registrationUrlPattern: "https://console.aws.amazon.com/route53/domains/home#/DomainSearch?domain={domain}",
    transferUrlPattern: null,
  },
  {
    key: "dnsimple", name: "DNSimple", displayName: "DNSimple", domain: "dnsimple.com",
    website: "https://dnsimple.com", ianaId: 1730, country: "US", isActive: true,
    registrationUrlPattern: "https://dnsimple.com/registrar?domain={domain}",
    transferUrlPattern: "https://dnsimple.com/transfer?domain={domain}",
  },
  {
    // No bundled list: its prices come from the live getPrices API when NAMESILO_API_KEY is set.
    key: "namesilo", name: "NameSilo", displayName: "NameSilo", domain: "namesilo.com",
    website: "https://www.namesilo.com", ianaId: 1479, country: "US", isActive: true,
    registrationUrlPattern: "https://www.namesilo.com/domain/search-domains?query={domain}",
    transferUrlPattern: null,
  },
  {
    // No bundled list: its prices come from the live Account/PriceList/Get when INTERNETBS_API_KEY
    // and INTERNETBS_PASSWORD are set. IANA 2487 is Internet Domain Service BS Corp, its current
    // accreditation. It publishes no search address that takes a domain, so none is linked.
    key: "internetbs", name: "Internet.bs", displayName: "Internet.bs", domain: "internetbs.net",
    website: "https://internetbs.net", ianaId: 2487, country: "BS", isActive: true,
    registrationUrlPattern: null,
    transferUrlPattern: null,
  },
  {
    // No bundled list: its prices come from the live catalogue when GANDI_PERSONAL_ACCESS_TOKEN is set.
    key: "gandi", name: "Gandi", displayName: "Gandi", domain: "gandi.net",
    website: "https://www.gandi.net", ianaId: 81, country: "FR", isActive: true,
    registrationUrlPattern: "https://shop.gandi.net/en/domain/suggest?search={domain}",
    transferUrlPattern: null,
  },
  {
    // No bundled list: its prices come from the live customer price list when
    // RESELLERCLUB_AUTH_USERID and RESELLERCLUB_API_KEY are set. IANA 303 is PDR Ltd. d/b/a
    // PublicDomainRegistry.com, the registrar ResellerClub sells through. It sells to resellers
    // and publishes no search address that takes a domain, so none is linked.
    key: "resellerclub", name: "ResellerClub", displayName: "ResellerClub", domain: "resellerclub.com",
    website: "https://www.resellerclub.com", ianaId: 303, country: "IN", isActive: true,
    registrationUrlPattern: null,
    transferUrlPattern: null,
  },
  {
    // GoDaddy (IANA 146) ships no price list; it is here so its customers can connect registrar
    // accounts and sync domains.
    key: "godaddy", name: "GoDaddy", displayName: "GoDaddy", domain: "godaddy.com",
    website: "https://www.godaddy.com", ianaId: 146, country: "US", isActive: true,
    registrationUrlPattern: "https://www.godaddy.com/domainsearch/find?domainToCheck={domain}",
    transferUrlPattern: "https://www.godaddy.com/domains/domain-transfer",
  },
  {
    // Name.com (IANA 625) ships no bundled list: its prices come from the live TLD price list when
    // NAMECOM_USERNAME and NAMECOM_API_TOKEN are set; its customers can also connect accounts.
    key: "namecom", name: "Name.com", displayName: "Name.com", domain: "name.com",
    website: "https://www.name.com", ianaId: 625, country: "US", isActive: true,
    registrationUrlPattern: "https://www.name.com/domain/search/{domain}",
    transferUrlPattern: "https://www.name.com/transfer/{domain}",
  },
  {
    // Google Domains closed in 2023 (its registrations moved to Squarespace); kept for its
    // price history, inactive so nothing links to it.
    key: "googledomains", name: "Google Domains", displayName: "Google Domains", domain: "domains.google",
    website: "https://domains.google", ianaId: 895, country: "US", isActive: false,
    registrationUrlPattern: null,
    transferUrlPattern: null,
  },
];

/** Throws, naming the provider and the field, when a seed's URL pattern could not make a good link. */
export function checkProviderSeeds(providers: readonly ProviderSeed[]): void {
  for (const p of providers) {
    for (const field of ["registrationUrlPattern", "transferUrlPattern"] as const) {
      const pattern = p[field];
      const problem = pattern === null ? null : urlPatternProblem(pattern, field);
      if (problem) throw new Error(`Service provider seed "${p.key}": ${problem}`);
    }
  }
}
