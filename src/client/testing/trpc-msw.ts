/**
 * msw handlers in tRPC's non-batched wire format (httpLink): GET /trpc/{path}?input={json}
 * answered with {"result":{"data":…}} or {"error":{…}} plus the matching HTTP status.
 */
import { delay, http, HttpResponse } from "msw";

const inputOf = (request: Request): unknown => {
  const raw = new URL(request.url).searchParams.get("input");
  return raw === null ? undefined : JSON.parse(raw);
};

/** `data` is the answer, or a function of the input that makes it. */
export function trpcOk<I = unknown>(path: string, data: unknown, onInput?: (input: I) => void) {
  return http.get(`*/trpc/${path}`, ({ request }) => {
    const input = inputOf(request) as I;
    onInput?.(input);
    const body = typeof data === "function" ? (data as (input: I) => unknown)(input) : data;
    return HttpResponse.json({ result: { data: body } });
  });
}

const CODES: Record<number, [string, number]> = {
  400: ["BAD_REQUEST", -32600],
  401: ["UNAUTHORIZED", -32001],
  403: ["FORBIDDEN", -32003],
  404: ["NOT_FOUND", -32004],
  409: ["CONFLICT", -32009],
  429: ["TOO_MANY_REQUESTS", -32029],
  500: ["INTERNAL_SERVER_ERROR", -32603],
  503: ["SERVICE_UNAVAILABLE", -32603],
};
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503;

export function trpcError(path: string, status: ErrorStatus, message = "Something went wrong") {
  const [code, jsonCode] = CODES[status] ?? ["INTERNAL_SERVER_ERROR", -32603];
  return http.get(`*/trpc/${path}`, () =>
    HttpResponse.json({ error: { message, code: jsonCode, data: { code, httpStatus: status, path } } }, { status }),
  );
}

/** Never answers, to hold a component in its loading state. */
export const trpcPending = (path: string) =>
  http.get(`*/trpc/${path}`, async () => {
    await delay("infinite");
    return HttpResponse.json({});
  });

/** auth.me answers null for a visitor without a session. */
export const signedOut = trpcOk("auth.me", null);
export const signedIn = (user: { firstName: string | null; email: string | null; isAdmin?: boolean }) =>
  trpcOk("auth.me", { id: 1, isAdmin: false, ...user });

/** A deployment without a community chat or contact address (the server's defaults). */
/** The admin General Settings nobody saved yet (the spec's defaults). */
export const generalSettingsDefault = trpcOk("priceEngine.generalSettings.get", {
  autoRefreshSeconds: 15, itemsPerPage: 20, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: true,
});
export const siteSettingsUnset = trpcOk("site.settings", { communityChatUrl: null, contactEmail: null, priceStaleDays: 90 });

/** The site's counts (catalogue.stats) as the bundled data has them; pages that show a count read these. */
export const CATALOGUE_STATS = {
  tlds: 1437, pricedNames: 1845, providersWithPrices: 9, serviceProviders: 13, registryOperators: 751, knownRegistrars: 3020,
} as const;
export const catalogueStats = trpcOk("catalogue.stats", CATALOGUE_STATS);

/** The top bar's currency selector: a few ECB currencies on one day. */
export const currenciesUsdEur = trpcOk("prices.currencies", [
  { code: "EUR", latestRateDate: "2025-05-09" }, { code: "JPY", latestRateDate: "2025-05-09" }, { code: "USD", latestRateDate: "2025-05-09" },
]);

/** Answers a mutation (`answer`, or a function of the input that makes it); `calls` collects every input it received. */
export function mutationOk<I = unknown>(path: string, answer: unknown, calls?: I[]) {
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
export function mutationError(path: string, status: ErrorStatus, message: string, issues?: { field: string; message: string }[]) {
  const [code, jsonCode] = CODES[status] ?? ["INTERNAL_SERVER_ERROR", -32603];
  return http.post(`*/trpc/${path}`, () =>
    HttpResponse.json({ error: { message, code: jsonCode, data: { code, httpStatus: status, path, issues } } }, { status }),
  );
}

/** Toasts live in a module-level store that outlives each test's render; call in afterEach. */
export async function clearToasts(): Promise<void> {
  (await import("../components/ui/toaster-view.tsx")).toaster.remove();
}

/** The admin pages' names for the same two helpers. */
export const trpcMutationOk = mutationOk;
export const trpcMutationError = mutationError;
