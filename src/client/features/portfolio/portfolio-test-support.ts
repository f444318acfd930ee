/**
 * Test-only: portfolio fixtures shaped like the server's answers (server/features/portfolio/
 * item.ts and summary.ts) and msw handlers for tRPC mutations, which httpLink sends as
 * POST /trpc/{path} with the input as the JSON body.
 */
import { http, HttpResponse } from "msw";
import type { PortfolioSummary, UserDomain } from "./types.ts";

let nextId = 100;

export function userDomain(overrides: Partial<UserDomain> = {}): UserDomain {
  const id = overrides.id ?? nextId++;
  return {
    id, domainName: `site${id}.com`, tldId: "com", tld: { id: 1, name: "com" },
    serviceProviderId: 2, serviceProvider: { id: 2, name: "GoDaddy", domain: "godaddy.com", logoUrl: null },
    registrationDate: "2020-01-15", expirationDate: "2027-01-15", autoRenew: false, notes: null,
    createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z",
    pricing: {
      currentRenewal: { price: "21.99", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", changedAt: "2025-06-01T00:00:00.000Z" },
      cheapestRenewal: { price: "10.46", currency: "USD", lastCheckedAt: "2026-01-01T00:00:00.000Z", changedAt: "2025-06-01T00:00:00.000Z", serviceProvider: { id: 3, name: "Porkbun", domain: "porkbun.com" } },
      yearlySaving: "11.53",
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
    ...overrides,
  };
}

const STATUS_CODES: Record<number, [string, number]> = {
  400: ["BAD_REQUEST", -32600], 401: ["UNAUTHORIZED", -32001], 403: ["FORBIDDEN", -32003],
  404: ["NOT_FOUND", -32004], 409: ["CONFLICT", -32009], 500: ["INTERNAL_SERVER_ERROR", -32603],
};

/** Answers a mutation; `calls` collects every input it received. */
export function mutationOk<I = unknown>(path: string, answer: unknown | ((input: I) => unknown), calls?: I[]) {
  return http.post(`*/trpc/${path}`, async ({ request }) => {
    // Procedures without input (calendarToken) are posted with an empty body.
    const text = await request.text();
    const input = (text ? JSON.parse(text) : undefined) as I;
    calls?.push(input);
    const data = typeof answer === "function" ? (answer as (input: I) => unknown)(input) : answer;
    return HttpResponse.json({ result: { data } });
  });
}

/** A mutation failing the way the server's error formatter answers, optionally with field issues. */
export function mutationError(path: string, status: keyof typeof STATUS_CODES, message: string, issues?: { field: string; message: string }[]) {
  const [code, jsonCode] = STATUS_CODES[status]!;
  return http.post(`*/trpc/${path}`, () =>
    HttpResponse.json({ error: { message, code: jsonCode, data: { code, httpStatus: status, path, issues } } }, { status }),
  );
}

/** Toasts live in a module-level store that outlives each test's render; call in afterEach. */
export async function clearToasts(): Promise<void> {
  (await import("../../components/ui/toaster-view.tsx")).toaster.remove();
}
