/**
 * The REST calls the product specification documents (section 7 of both documents), with the
 * fields their answers must carry (section 3's entities) and the payloads they take, written as
 * data. src/server/spec-contract.test.ts makes each call against the running app, as its role and
 * with valid and invalid input, on SQLite and PostgreSQL: renaming or dropping a documented field
 * or call fails it. Fields may be added beside these; none listed here may go.
 *
 * Field paths: `a.b` is a nested field; `a[].b` a field of each element of the list `a`; a
 * trailing `?` on a segment (`lastSyncLog?.domainsFound`) means the parent may be null, and its
 * fields are checked whenever it is not (the test makes sure it is not at least once).
 * Placeholders ({providerId}, {tldId}, {userDomainId}, …) in paths, queries and bodies are filled in
 * by the test from the seeded data and from the answers of the calls before; a value that is a
 * placeholder alone takes the value's own type (a number stays a number).
 */

export type Role = "public" | "user" | "admin";

export interface DocumentedCall {
  /** Which specification document and the call as its table writes it. */
  spec: "01" | "02";
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  role: Role;
  /** Query string of a valid call. */
  query?: string;
  /** Body of a valid call, with the specification's field names. */
  body?: Record<string, unknown>;
  /**
   * What the answer is: one object, a plain list (each element has `fields`), a page (an object
   * whose `items` list has the elements, beside `pageFields`), a redirect, or a navigation page.
   */
  answer: "object" | "list" | "page" | "redirect" | "navigation";
  fields?: readonly string[];
  items?: string;
  pageFields?: readonly string[];
  /** The id in the answer that later calls use for a placeholder. */
  captures?: string;
  /** A bad variant of the call and the status it must get (a sentence for a person comes with it). */
  invalid?: { query?: string; path?: string; body?: Record<string, unknown>; status: number };
}

/** Section 3 (document 1): a service provider. */
const PROVIDER = [
  "id", "name", "displayName", "domain", "logoUrl", "website", "isActive", "ianaId", "ianaStatus", "registrationUrlPattern",
  "transferUrlPattern", "createdAt",
] as const;
/** Section 3 (document 1): a price table row and its prices[]. */
const PRICE_ROW = [
  "name", "prices[].type", "prices[].registrationPrice", "prices[].renewalPrice", "prices[].transferPrice",
  "prices[].serviceProvider.id", "prices[].serviceProvider.name", "prices[].serviceProvider.domain", "prices[].serviceProvider.logoUrl",
] as const;
/** Section 3 (document 1): a portfolio entry. */
const USER_DOMAIN = ["id", "domainName", "tldId", "serviceProviderId", "registrationDate", "expirationDate", "autoRenew", "notes"] as const;
const USER_DOMAIN_BODY = {
  domainName: "contract-example.com", tldId: "com", serviceProviderId: null, registrationDate: "2024-01-15",
  expirationDate: "2027-01-15", autoRenew: true, notes: "From the contract test",
};

export const DOCUMENTED_CALLS: readonly DocumentedCall[] = [
  // Document 1, section 7.
  { spec: "01", method: "GET", path: "/api/auth/user", role: "user", answer: "object", fields: ["firstName", "email", "isAdmin"] },
  { spec: "01", method: "GET", path: "/api/data-last-updated", role: "public", answer: "object", fields: ["lastUpdated", "isDataUpdate"] },
  {
    spec: "01", method: "GET", path: "/api/service-providers", role: "public", answer: "list", fields: PROVIDER,
    invalid: { query: "type=bank", status: 400 },
  },
  {
    spec: "01", method: "GET", path: "/api/service-providers/{providerId}", role: "public", answer: "object", fields: PROVIDER,
    invalid: { path: "/api/service-providers/999999", status: 404 },
  },
  {
    spec: "01", method: "GET", path: "/api/service-providers/{providerId}/domain-prices", role: "public", answer: "list",
    fields: ["id", "tld.id", "tld.name", "tld.category", "registrationPrice", "renewalPrice", "transferPrice", "currency"],
    invalid: { path: "/api/service-providers/999999/domain-prices", status: 404 },
  },
  {
    spec: "01", method: "GET", path: "/api/domain-prices", role: "public",
    query: "page=2&limit=10&sortBy=renewalPrice&sortOrder=desc&search=co&category=generic",
    answer: "page", items: "data", pageFields: ["total", "page", "limit", "totalPages"], fields: PRICE_ROW,
    invalid: { query: "limit=101", status: 400 },
  },
  { spec: "01", method: "GET", path: "/api/domain-prices/common", role: "public", answer: "list", fields: PRICE_ROW },
  {
    spec: "01", method: "GET", path: "/api/tlds/{tldId}", role: "public", answer: "object",
    fields: ["id", "name", "description", "category", "isActive", "registryOperator"],
    invalid: { path: "/api/tlds/no-such-tld", status: 404 },
  },
  {
    spec: "01", method: "GET", path: "/api/domain-prices/tld/{tldId}", role: "public", answer: "list",
    fields: ["id", "registrationPrice", "renewalPrice", "transferPrice", "currency", "serviceProvider.id", "serviceProvider.name"],
    invalid: { path: "/api/domain-prices/tld/no-such-tld", status: 404 },
  },
  {
    spec: "01", method: "GET", path: "/api/r/register", role: "public", query: "providerId={providerId}&domain=example-contract.com", answer: "redirect",
    invalid: { query: "providerId={providerId}&domain=", status: 400 },
  },
  {
    spec: "01", method: "GET", path: "/api/r/transfer", role: "public", query: "providerId={providerId}&domain=example-contract.com", answer: "redirect",
    invalid: { query: "providerId={providerId}&domain=not a domain", status: 400 },
  },
  {
    spec: "01", method: "POST", path: "/api/user-domains", role: "user", body: USER_DOMAIN_BODY, answer: "object", fields: USER_DOMAIN,
    captures: "userDomainId", invalid: { body: { ...USER_DOMAIN_BODY, domainName: "" }, status: 400 },
  },
  { spec: "01", method: "GET", path: "/api/user-domains", role: "user", answer: "list", fields: USER_DOMAIN },
  {
    spec: "01", method: "PUT", path: "/api/user-domains/{userDomainId}", role: "user", body: { ...USER_DOMAIN_BODY, notes: "Edited" },
    answer: "object", fields: USER_DOMAIN, invalid: { path: "/api/user-domains/999999", status: 404 },
  },
  {
    spec: "01", method: "POST", path: "/api/registrar-accounts", role: "user",
    body: { serviceProviderId: "{porkbunId}", label: "Contract account", authType: "api", credentials: { apiKey: "{porkbunKey}", secretKey: "{porkbunSecret}" } },
    answer: "object", fields: ["id", "label", "status"], captures: "accountId",
    invalid: { body: { serviceProviderId: "{porkbunId}", label: "", authType: "api", credentials: { apiKey: "k", secretKey: "s" } }, status: 400 },
  },
  {
    spec: "01", method: "POST", path: "/api/registrar-accounts/{accountId}/test-connection", role: "user", answer: "object", fields: ["success", "message"],
    invalid: { path: "/api/registrar-accounts/999999/test-connection", status: 404 },
  },
  {
    spec: "01", method: "POST", path: "/api/registrar-accounts/{accountId}/sync", role: "user", answer: "object", fields: ["message"],
    invalid: { path: "/api/registrar-accounts/999999/sync", status: 404 },
  },
  {
    spec: "01", method: "GET", path: "/api/registrar-accounts", role: "user", answer: "list",
    fields: [
      "id", "label", "serviceProvider.displayName", "status", "isActive", "lastSyncAt", "errorMessage", "lastSyncLog?.domainsFound",
      "lastSyncLog?.newDomains", "lastSyncLog?.updatedDomains", "_count.userDomains",
    ],
  },
  {
    spec: "01", method: "DELETE", path: "/api/registrar-accounts/{accountId}", role: "user", answer: "object", fields: [],
    invalid: { path: "/api/registrar-accounts/999999", status: 404 },
  },
  {
    spec: "01", method: "DELETE", path: "/api/user-domains/{userDomainId}", role: "user", answer: "object", fields: [],
    invalid: { path: "/api/user-domains/999999", status: 404 },
  },
  { spec: "01", method: "GET", path: "/api/login", role: "public", answer: "navigation" },
  { spec: "01", method: "GET", path: "/api/logout", role: "public", answer: "navigation" },

  // Document 2, section 7.
  {
    spec: "02", method: "GET", path: "/api/admin/overview", role: "admin", answer: "object",
    fields: ["totalTlds", "totalProviders", "totalPrices", "totalUsers", "recentLogs"],
  },
  {
    spec: "02", method: "GET", path: "/api/admin/price-logs", role: "admin", query: "page=1&limit=20&search=&status=all&provider=all",
    answer: "page", items: "logs", pageFields: ["page", "limit", "total", "totalPages"],
    fields: ["id", "provider", "requestType", "status", "domain", "tld", "resultCount", "responseTime", "startedAt", "completedAt"],
    invalid: { query: "status=bogus", status: 400 },
  },
  {
    spec: "02", method: "GET", path: "/api/admin/service-providers", role: "admin", answer: "list",
    fields: ["id", "name", "displayName", "domain", "website", "logoUrl", "isActive", "createdAt", "registrationUrlPattern", "transferUrlPattern"],
  },
  {
    spec: "02", method: "PUT", path: "/api/admin/service-providers/{providerId}", role: "admin", body: { name: "{providerName}", domain: "{providerDomain}", website: "https://www.{providerDomain}", logoUrl: null, isActive: true },
    answer: "object", fields: [], invalid: { body: { name: "" }, status: 400 },
  },
  {
    spec: "02", method: "GET", path: "/api/admin/fetch/status", role: "admin", answer: "object",
    fields: ["isActive", "activeJobs", "queueSize", "lastCompleted"],
  },
  {
    spec: "02", method: "POST", path: "/api/admin/fetch/manual", role: "admin", body: { type: "provider", provider: "hover.com" }, answer: "object",
    fields: ["message"], invalid: { body: { type: "bogus" }, status: 400 },
  },
  {
    spec: "02", method: "GET", path: "/api/admin/alert-rules", role: "admin", answer: "list",
    fields: ["id", "name", "description", "condition", "threshold", "severity", "isActive", "createdAt"],
  },
  {
    spec: "02", method: "GET", path: "/api/admin/incidents", role: "admin", query: "page=1&limit=20&search=&status=all",
    answer: "page", items: "incidents", pageFields: ["page", "total", "totalPages"],
    fields: ["id", "title", "description", "severity", "status", "source", "createdAt", "resolvedAt"],
    invalid: { query: "status=bogus", status: 400 },
  },
  {
    spec: "02", method: "POST", path: "/api/admin/schedules", role: "admin",
    body: { name: "Contract schedule", description: "Made by the contract test", providerId: null, schedule: "15 3 * * *", isActive: false },
    answer: "object", fields: ["id", "name", "description", "providerId", "schedule", "isActive", "lastRun", "nextRun"], captures: "scheduleId",
    invalid: { body: { name: "", schedule: "not cron" }, status: 400 },
  },
  {
    spec: "02", method: "GET", path: "/api/admin/schedules", role: "admin", answer: "list",
    fields: ["id", "name", "description", "providerId", "schedule", "isActive", "lastRun", "nextRun"],
  },
  {
    spec: "02", method: "PUT", path: "/api/admin/schedules/{scheduleId}", role: "admin",
    body: { name: "Contract schedule, edited", description: "", providerId: null, schedule: "30 3 * * *", isActive: false },
    answer: "object", fields: ["id", "name", "schedule"], invalid: { path: "/api/admin/schedules/999999", status: 404 },
  },
  {
    spec: "02", method: "DELETE", path: "/api/admin/schedules/{scheduleId}", role: "admin", answer: "object", fields: [],
    invalid: { path: "/api/admin/schedules/999999", status: 404 },
  },
  {
    spec: "02", method: "GET", path: "/api/iana-registrars", role: "public", answer: "object",
    fields: [
      "matchingRegistrars[].id", "matchingRegistrars[].name", "matchingRegistrars[].status", "matchingRegistrars[].databaseMatch.id",
      "matchingRegistrars[].databaseMatch.name", "matchingRegistrars[].databaseMatch.domain", "matchingRegistrars[].databaseMatch.logoUrl",
      "matchingRegistrars[].databaseMatch.website", "matchingRegistrars[].databaseMatch.isActive", "nonMatchingRegistrars[].id",
      "nonMatchingRegistrars[].name", "nonMatchingRegistrars[].status", "stats.totalIanaAccredited", "stats.totalMatched", "stats.totalNonMatched",
    ],
  },
];
