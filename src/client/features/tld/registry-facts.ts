/**
 * Background the IANA catalogue does not carry, for the six best-known TLDs only (spec section
 * 2). Every other TLD shows what the catalogue has: operator, type, RDAP server and DNSSEC.
 */
export interface RegistryFacts {
  launchYear: number;
  purpose: string;
  officialSite: string;
}

export const REGISTRY_FACTS: Readonly<Record<string, RegistryFacts>> = {
  com: { launchYear: 1985, purpose: "Commercial organizations; today the default for any website", officialSite: "https://www.verisign.com" },
  org: { launchYear: 1985, purpose: "Non-profit organizations, open projects and communities", officialSite: "https://thenew.org" },
  net: { launchYear: 1985, purpose: "Network infrastructure and internet service providers", officialSite: "https://www.verisign.com" },
  io: { launchYear: 1997, purpose: "Country code of the British Indian Ocean Territory, popular with tech start-ups", officialSite: "https://nic.io" },
  app: { launchYear: 2018, purpose: "Apps and app developers; HTTPS required (HSTS preloaded)", officialSite: "https://get.app" },
  dev: { launchYear: 2019, purpose: "Software developers and technology projects; HTTPS required (HSTS preloaded)", officialSite: "https://get.dev" },
};
