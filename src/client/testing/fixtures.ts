/** Response fixtures shaped like the server's (see the service.ts file of each server feature). */
import type { PriceRow } from "../features/prices/filter-rows.ts";
import type { RouterOutputs } from "../lib/trpc.ts";

type Provider = RouterOutputs["providers"]["getById"];
type Quote = RouterOutputs["prices"]["byTld"][number];
type ProviderPrice = RouterOutputs["providers"]["prices"][number];

let nextId = 1;

export function provider(overrides: Partial<Provider> = {}): Provider {
  const id = overrides.id ?? nextId++;
  const name = overrides.name ?? `Registrar ${id}`;
  const domain = overrides.domain ?? `registrar${id}.example`;
  return {
    id, slug: `r${id}`, name, displayName: name, domain, logoUrl: null, website: `https://${domain}`,
    isActive: true, ianaId: 1000 + id, ianaStatus: "Accredited",
    registrationUrlPattern: `https://${domain}/register?d={domain}`, transferUrlPattern: `https://${domain}/transfer?d={domain}`,
    country: "US", createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function quote(sp: Provider, overrides: Partial<Quote> = {}): Quote {
  return {
    id: nextId++, registrationPrice: "10.00", renewalPrice: "12.00", transferPrice: "11.00", currency: "USD",
    isPromo: false, regularRegistrationPrice: null, transferIsPromo: false, snapshotDate: "2026-01-01",
    lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2026-01-01T00:00:00.000Z", unusual: false, unusualReason: null,
    serviceProvider: {
      id: sp.id, name: sp.name, displayName: sp.displayName, domain: sp.domain, logoUrl: sp.logoUrl, website: sp.website,
      registrationUrlPattern: sp.registrationUrlPattern, transferUrlPattern: sp.transferUrlPattern,
    },
    ...overrides,
  };
}

export function priceRow(name: string, overrides: Partial<PriceRow> = {}): PriceRow {
  return {
    id: nextId++, name, unicodeName: null, category: "generic", registrationPrice: "10.00", renewalPrice: "12.00",
    transferPrice: "11.00", threeYearPrice: "34.00", currency: "USD", providerCount: 3, promo: null,
    sources: { registration: null, renewal: null, transfer: null, threeYear: null }, prices: [],
    registrationIsStale: false, renewalIsStale: false, transferIsStale: false, threeYearIsStale: false,
    lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, ...overrides,
  };
}

export function providerPrice(tld: string, overrides: Partial<ProviderPrice> = {}): ProviderPrice {
  return {
    id: nextId++, tld: { id: nextId++, name: tld, unicodeName: null, category: "generic" }, registrationPrice: "10.00",
    renewalPrice: "12.00", transferPrice: "11.00", currency: "USD", isPromo: false, regularRegistrationPrice: null, transferIsPromo: false,
    snapshotDate: "2026-01-01", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2026-01-01T00:00:00.000Z",
    unusual: false, unusualReason: null, ...overrides,
  };
}

/** A prices.list page for `total` rows named tld1…tldN, honouring page and limit. */
export function pricePage(total: number) {
  return (input: { page: number; limit: number }) => {
    const start = (input.page - 1) * input.limit;
    const count = Math.max(0, Math.min(input.limit, total - start));
    return {
      data: Array.from({ length: count }, (_, i) => priceRow(`tld${start + i + 1}`)),
      total, page: input.page, limit: input.limit, totalPages: Math.ceil(total / input.limit),
    };
  };
}
