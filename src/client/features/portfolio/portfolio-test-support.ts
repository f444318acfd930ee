/**
 * Test-only: portfolio fixtures shaped like the server's answers (server/features/portfolio/
 * item.ts and summary.ts) and msw handlers for tRPC mutations, which httpLink sends as
 * POST /trpc/{path} with the input as the JSON body.
 */
import type { PortfolioSummary, UserDomain } from "./types.ts";

let nextId = 100;

export function userDomain(overrides: Partial<UserDomain> = {}): UserDomain {
  const id = overrides.id ?? nextId++;
  return {
    id, domainName: `site${id}.com`, tldId: "com", tld: { id: 1, name: "com" },
    serviceProviderId: 2, serviceProvider: { id: 2, name: "GoDaddy", domain: "godaddy.com", logoUrl: null },
    registrationDate: "2020-01-15", expirationDate: "2027-01-15", autoRenew: false, notes: null,
    source: "manual", registrarAccount: null,
    createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z",
    pricing: {
      currentRenewal: { price: "21.99", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z" },
      cheapestRenewal: { price: "10.46", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z", serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" } },
      yearlySaving: "11.53", yearlySavingIsStale: false, saving: { price: "11.53", currency: "USD" },
    },
    ...overrides,
  };
}

export function summary(overrides: Partial<PortfolioSummary> = {}): PortfolioSummary {
  return {
    domainCount: 1,
    totalYearlyRenewal: { amount: "21.99", currency: "USD", domainsWithoutPrice: 0 },
    totalPossibleSaving: { amount: "11.53", currency: "USD" },
    expiring: { expired: [], within30: [], within60: [], within90: [] },
    expiringCounts: { expired: 0, within30: 0, within60: 0, within90: 0 },
    ...overrides,
  };
}

// Mutation handlers and toast clean-up are shared by every feature's tests.
export { clearToasts, mutationError, mutationOk } from "../../testing/trpc-msw.ts";
