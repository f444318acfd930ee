/**
 * Test-only: portfolio fixtures shaped like the server's answers (server/features/portfolio/
 * item.ts and summary.ts) and msw handlers for tRPC mutations, which httpLink sends as
 * POST /trpc/{path} with the input as the JSON body.
 */
import type { PortfolioPage, PortfolioSummary, RenewalForecast, UserDomain } from "./types.ts";

let nextId = 100;

/** A date the owner typed and the registry has not confirmed or contradicted (registry-view.ts's shape). */
const typedDate = (date: string | null) => ({
  date, source: date === null ? null : ("typed" as const), registryProtocol: null, lowerConfidence: false,
  typed: date, typedSource: "typed" as const, registry: null, disagree: false, note: null,
});

export function userDomain(overrides: Partial<UserDomain> = {}): UserDomain {
  const id = overrides.id ?? nextId++;
  const expirationDate = overrides.expirationDate !== undefined ? overrides.expirationDate : "2027-01-15";
  const registrationDate = overrides.registrationDate !== undefined ? overrides.registrationDate : "2020-01-15";
  return {
    id, domainName: `site${id}.com`, unicodeName: null, tldId: "com", tld: { id: 1, name: "com", unicodeName: null },
    serviceProviderId: 2, serviceProvider: { id: 2, name: "GoDaddy", domain: "godaddy.com", logoUrl: null },
    registrar: {
      serviceProvider: { id: 2, name: "GoDaddy", domain: "godaddy.com", logoUrl: null }, source: "owner", ianaId: null, name: "GoDaddy", compared: true, message: null,
    },
    registrationDate: "2020-01-15", expirationDate: "2027-01-15", autoRenew: false, autoRenewState: overrides.autoRenew ? "on" : "off", notes: null,
    source: "manual", registrarAccount: null, departedAt: null,
    createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z",
    effectiveExpirationDate: expirationDate,
    dates: { expiration: typedDate(expirationDate), registration: typedDate(registrationDate), lastChanged: { date: null, source: null }, useOwnDates: false },
    registry: {
      outcome: "ok", protocol: "rdap", message: null, checkedAt: "2026-01-02T03:04:05.000Z", nextCheckAt: "2026-01-09T03:04:05.000Z",
      failures: 0, checkRequestedAt: null,
      statuses: ["ok"], nameservers: [], registrar: null, flags: [], transferLock: { locked: false, worthMoving: true, message: null },
    },
    pricing: {
      currentRenewal: { price: "21.99", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z" },
      cheapestRenewal: { price: "10.46", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, changedAt: "2025-06-01T00:00:00.000Z", serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" } },
      yearlySaving: "11.53", yearlySavingIsStale: false, saving: { price: "11.53", currency: "USD" },
    },
    money: {
      currency: "USD", autoRenewState: overrides.autoRenew ? "on" : "off", counts: overrides.autoRenew ? "renews" : "not_renewing",
      renewal: {
        amount: "21.99", price: "21.99", priceCurrency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, rateDate: null,
        serviceProvider: { id: 2, name: "GoDaddy" },
      },
      move: {
        amount: "10.46", price: "10.46", priceCurrency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", isStale: false, rateDate: null,
        serviceProvider: { id: 3, name: "Porkbun" },
      },
      saving: "11.53",
    },
    ...overrides,
  };
}

/** A summary's or forecast's money totals (money.ts) in USD: `year` of every domain, nothing due in the months. */
function totals(year = { domains: 1, amount: "21.99" }) {
  const none = { domains: 0, amount: "0.00", domainsWithoutPrice: 0 };
  return {
    currency: "USD", rateDate: null,
    yearOfEveryDomain: {
      counts: "One year's renewal of every domain at its registrar's current price, whenever it falls due and whatever its auto-renew",
      ...year, domainsWithoutPrice: 0, byAutoRenew: { on: none, unknown: none, off: { ...year, domainsWithoutPrice: 0 } }, possibleSaving: "11.53",
    },
    next12Months: {
      counts: "Renewals due from 2026-11-26 to 2027-10-31: domains that renew automatically, and apart from them the amount if the ones whose auto-renew is unknown renew",
      from: "2026-11-26", until: "2027-10-31", renewsAutomatically: { domains: 0, amount: "0.00" }, ifItRenews: { domains: 0, amount: "0.00" },
    },
    notRenewingInTheMonths: { notDue: { domains: 0, amount: "0.00" }, autoRenewOff: { ...year }, departed: { domains: 0, amount: "0.00" } },
    reconciliation: `The yearly cost, $${year.amount}, is one year's renewal of each of the ${year.domains} domains with a price, whenever it falls due.`,
  };
}

/** The summary; each bucket's count is its list's length unless `expiringCounts` says otherwise. */
export function summary(overrides: Partial<PortfolioSummary> = {}): PortfolioSummary {
  const expiring = overrides.expiring ?? { expired: [], within30: [], within60: [], within90: [] };
  return {
    domainCount: 1,
    totalYearlyRenewal: { amount: "21.99", currency: "USD", domainsWithoutPrice: 0 },
    totalPossibleSaving: { amount: "11.53", currency: "USD" },
    byAutoRenew: {
      on: { domains: 0, amount: "0.00", domainsWithoutPrice: 0, currency: "USD" },
      unknown: { domains: 0, amount: "0.00", domainsWithoutPrice: 0, currency: "USD" },
      off: { domains: 1, amount: "21.99", domainsWithoutPrice: 0, currency: "USD" },
    },
    expiring,
    expiringCounts: {
      expired: expiring.expired.length, within30: expiring.within30.length, within60: expiring.within60.length, within90: expiring.within90.length,
    },
    totals: totals(),
    ...overrides,
  };
}

/** portfolio.list's answer holding `domains` as its only page. */
export function portfolioPage(domains: UserDomain[], overrides: Partial<PortfolioPage> = {}): PortfolioPage {
  return { data: domains, total: domains.length, page: 1, limit: 24, offset: 0, totalPages: domains.length ? 1 : 0, ...overrides };
}

/** portfolio.forecast's answer from Nov 26, 2026: twelve months with nothing renewing unless `overrides` says otherwise. */
export function renewalForecast(overrides: Partial<RenewalForecast> = {}): RenewalForecast {
  const empty = {
    domains: 0, atRegistrar: "0.00", atCheapest: "0.00", difference: "0.00", registrarPriceCheckedAt: null, cheapestPriceCheckedAt: null,
    registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: null,
  };
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 10 + i, 1)).toISOString().slice(0, 7));
  return {
    currency: "USD", from: "2026-11-26", until: "2027-10-31",
    months: months.map((month) => ({ month, ...empty, registrars: [], ifRenews: empty })), total: empty, ifRenews: empty,
    notInTotals: [], expiredCount: 0, laterCount: 0,
    ...(({ yearOfEveryDomain, notRenewingInTheMonths, reconciliation }) => ({ yearOfEveryDomain, notRenewingInTheMonths, reconciliation }))(totals()),
    ...overrides,
  };
}

// Mutation handlers and toast clean-up are shared by every feature's tests.
export { clearToasts, mutationError, mutationOk } from "../../testing/trpc-msw.ts";
