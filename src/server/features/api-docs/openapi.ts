/**
 * The OpenAPI 3.1 document of the public API, built from the same zod schemas the endpoints
 * parse their input with (zod 4's own JSON Schema output, draft 2020-12, which is OpenAPI 3.1's
 * schema dialect), so a parameter's limits and messages cannot drift from the docs.
 */
import { API_KEY_HOURLY_LIMIT } from "../../../shared/schemas/api-key.ts";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { DELIVERY_FAILURES_MAX_PAGE_SIZE, deliveryFailuresQuerySchema } from "../../../shared/schemas/delivery-failures.ts";
import { priceListQuerySchema, providerIdSchema, tldKeySchema, tldQuotesQuerySchema } from "../../../shared/schemas/price-list.ts";
import { serviceProviderListQuerySchema } from "../../../shared/schemas/service-provider.ts";
import { PAGE_SIZE_CHOICES, REFRESH_CHOICES, generalSettingsSchema } from "../../../shared/schemas/general-settings.ts";
import { ACCOUNT_SCHEMAS, accountPaths, adminUserPaths, type OpenApiHelpers } from "./account-paths.ts";
import { userDomainAnswerSchema } from "./answer-schemas.ts";
import {
  anyObject, answer, error, jsonBody, jsonSchemaOf, listOf, nullable, orNull, pathParameter, queryParameters, ref, session, unsupportedBody,
  type JsonSchema,
} from "./openapi-parts.ts";
import { ownerPaths, ownerSchemas } from "./owner-paths.ts";

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed in any 60 minutes for the key (keyed requests only).", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only).", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only).", schema: { type: "integer" } },
  ETag: { description: "Send it back as If-None-Match to get a 304 while the answer is unchanged.", schema: { type: "string" } },
};

/** How a TLD's dates are found (the portfolio's registry lookups name the same five). */
const REGISTRY_METHOD_NAMES = ["iana_rdap", "supplement", "operator", "whois", "none"] as const;

/** A public GET: anonymous, or counted against an API key. */
function get(operationId: string, summary: string, description: string, parameters: unknown[], body: JsonSchema) {
  return {
    get: {
      operationId, summary, description, parameters,
      responses: {
        200: { description: "OK", headers: rateLimitHeaders, content: { "application/json": { schema: body } } },
        304: { description: "Not modified: the If-None-Match ETag is current." },
        400: error, 401: error, 404: error,
        429: { ...error, description: "The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits." },
      },
    },
  };
}

const money = (what: string) => nullable("string", { description: `${what} as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered.` });
const priceDisplay = {
  type: "object",
  description: "Prices in the display currency: on price-list rows and their quotes always (USD unless `currency` names another), elsewhere only when `currency` was given; null when no stored rate converts the quote's currency.",
  required: ["currency", "registrationPrice", "renewalPrice", "transferPrice", "converted", "rateDate"],
  properties: {
    currency: { type: "string", description: "The display currency." },
    registrationPrice: money("Registration"), renewalPrice: money("Renewal"), transferPrice: money("Transfer"),
    converted: { type: "boolean", description: "The quote is in another currency and was converted (ECB reference rate, cross rate via the euro)." },
    rateDate: nullable("string", { format: "date", description: "The ECB day whose rates converted it: the newest day quoting both currencies. Null when not converted." }),
  },
};
const quote = {
  type: "object", additionalProperties: true,
  properties: {
    registrationPrice: money("Registration"), renewalPrice: money("Renewal"), transferPrice: money("Transfer"),
    currency: { type: "string" }, display: orNull(ref("PriceDisplay")),
    unusual: { type: "boolean", description: "The price checks find a price of this quote unusual (another source differs by more than the set share, renewal or transfer under a quarter of registration, or more than ten times the TLD's median)." },
    unusualReason: nullable("string", { description: "Why, in plain words; null when usual." }),
  },
};
const priceSource = orNull({
  type: "object", required: ["serviceProvider", "lastCheckedAt", "isStale", "isOutlier"],
  description: "The quote this lowest price comes from; null when no USD quote has the price.",
  properties: {
    serviceProvider: { type: "object", required: ["id", "name"], properties: { id: { type: "integer" }, name: { type: "string" } } },
    lastCheckedAt: { type: "string", format: "date-time", description: "When a source last confirmed that quote." },
    isStale: { type: "boolean", description: "That quote was not confirmed within the stale window (no fresh quote has the price)." },
    isOutlier: { type: "boolean", description: "The price is more than 20 times the median of the name's USD quotes of that figure; sorted after the ordinary prices." },
    unusual: { type: "boolean", description: "The price checks find this price unusual: it is the lowest only because every quote of it is (usual prices head the row before unusual ones)." },
    unusualReason: nullable("string", { description: "Why, in plain words; null when usual." }),
  },
});
const priceRow = {
  type: "object", additionalProperties: true,
  description: "One TLD's lowest USD prices and where each comes from. `prices` holds, per type, the cheapest quote (the one the row's lowest price of that type comes from), "
    + "not every provider's quote: all of them would make a 20-row page about 576 KB at 60 providers, where these make it about 39 KB. One TLD's quotes are /api/domain-prices/tld/{id}.",
  required: ["name", "prices", "registrationPrice", "renewalPrice", "transferPrice", "currency"],
  properties: {
    name: { type: "string", description: "The TLD's name without the dot (punycode for an IDN), or a second-level suffix such as co.uk." },
    registrationPrice: money("The lowest USD registration"), renewalPrice: money("The lowest USD renewal"), transferPrice: money("The lowest USD transfer"),
    currency: { const: "USD" },
    prices: listOf({
      type: "object", required: ["type", "registrationPrice", "renewalPrice", "transferPrice", "serviceProvider"],
      description: "The quote the row's lowest price of `type` comes from, whole (registration, renewal and transfer in that order; a type no USD quote prices is left out).",
      properties: {
        type: { enum: ["registration", "renewal", "transfer"] },
        id: { type: "integer", description: "The quote's id." },
        registrationPrice: money("Registration"), renewalPrice: money("Renewal"), transferPrice: money("Transfer"),
        currency: { type: "string" },
        lastCheckedAt: { type: "string", format: "date-time", description: "When a source last confirmed the quote." },
        isStale: { type: "boolean", description: "Not confirmed within the stale window." },
        serviceProvider: {
          type: "object", required: ["id", "name", "domain", "logoUrl"],
          properties: { id: { type: "integer" }, name: { type: "string" }, domain: { type: "string" }, logoUrl: nullable("string") },
        },
      },
    }),
    providerCount: { type: "integer", description: "Active providers quoting the TLD." },
    lastCheckedAt: { type: "string", format: "date-time", description: "The newest check among the TLD's quotes." },
    isStale: { type: "boolean", description: "Every quote of the TLD is stale." },
    sources: {
      type: "object", required: ["registration", "renewal", "transfer", "threeYear"],
      properties: { registration: priceSource, renewal: priceSource, transfer: priceSource, threeYear: priceSource },
    },
    promo: orNull({ allOf: [ref("PriceQuote")], description: "The first-year promotion behind the registration price." }),
    display: orNull({
      allOf: [ref("PriceDisplay"), { type: "object", properties: { threeYearPrice: money("Registration plus two renewals") } }],
      description: "The row's headline (USD) prices in the display currency.",
    }),
  },
};

const generalSettings = {
  type: "object", required: ["autoRefreshSeconds", "itemsPerPage", "emailNotifications", "systemHealthAlerts", "fetchFailureNotifications"],
  properties: {
    autoRefreshSeconds: { enum: [...REFRESH_CHOICES], description: "How often the price log polls while its auto-refresh is on." },
    itemsPerPage: { enum: [...PAGE_SIZE_CHOICES], description: "Rows per page of the price log and the incidents." },
    emailNotifications: { type: "boolean", description: "Off: incident messages to administrators go to their webhooks only." },
    systemHealthAlerts: { type: "boolean", description: "Off: administrators are not told of incidents other than a failing price source." },
    fetchFailureNotifications: { type: "boolean", description: "Off: administrators are not told of incidents of a price source failing fetch after fetch." },
  },
};

const forecastCell = {
  type: "object", required: ["domains", "atRegistrar", "atCheapest", "difference"],
  properties: {
    domains: { type: "integer" }, atRegistrar: money("At each domain's registrar, its renewal price"),
    atCheapest: money("At the cheapest renewal a saving is claimed for"), difference: money("atRegistrar less atCheapest"),
    registrarPriceCheckedAt: nullable("string", { format: "date-time" }), cheapestPriceCheckedAt: nullable("string", { format: "date-time" }),
    registrarPriceIsStale: { type: "boolean" }, cheapestPriceIsStale: { type: "boolean" }, rateDate: nullable("string", { format: "date" }),
  },
};
const renewalForecast = {
  type: "object", required: ["currency", "from", "until", "months", "total", "notInTotals"],
  properties: {
    currency: { type: "string" }, from: { type: "string", format: "date" }, until: { type: "string", format: "date" },
    months: listOf({ allOf: [forecastCell, { type: "object", properties: { month: { type: "string", description: "2026-11" }, registrars: listOf(forecastCell) } }] }),
    total: forecastCell,
    notInTotals: listOf({
      type: "object",
      properties: {
        id: { type: "integer" }, domainName: { type: "string", description: "ASCII: an IDN as its A-label." },
        unicodeName: nullable("string", { description: "The name as people read it when it is an IDN (\"müller.de\"), else null." }), reason: { type: "string" },
      },
    }),
    expiredCount: { type: "integer" }, laterCount: { type: "integer" },
    yearOfEveryDomain: {
      type: "object", additionalProperties: true,
      description: "One year's renewal of every domain at its registrar's current price, whenever it falls due (the summary's yearly cost): "
        + "`counts` says so in words; domains, amount, domainsWithoutPrice, byAutoRenew {on, unknown, off}, possibleSaving.",
    },
    notRenewingInTheMonths: {
      type: "object", additionalProperties: true,
      description: "The year's priced domains in neither of the months' sums: notDue (after the twelfth month, expired or undated), autoRenewOff, departed; each {domains, amount}.",
    },
    reconciliation: { type: "string", description: "One sentence saying how the year of every domain and the twelve months' totals add up." },
  },
};

const adminErrors = { 401: error, 403: { ...error, description: "The signed-in user is not an administrator." } };

/** The admin General Settings: an administrator's session (a 403 for anyone else). */
function adminSettingsPaths() {
  return {
    "/api/admin/settings": {
      get: { operationId: "getGeneralSettings", summary: "General Settings", description: "The stored settings, the defaults (15 s, 20 rows, every switch on) until an administrator saves.",
        security: session, responses: { 200: answer("OK", ref("GeneralSettings")), ...adminErrors } },
      put: { operationId: "saveGeneralSettings", summary: "Save the General Settings", description: "Every field, each one of its choices; a 400 names each bad field. Stored for every administrator and process.",
        security: session, requestBody: jsonBody(generalSettingsSchema),
        responses: { 200: answer("OK", ref("GeneralSettings")), ...adminErrors, 400: error, 415: unsupportedBody } },
    },
  };
}

const deliveryFailure = {
  type: "object", required: ["id", "status", "at", "kind", "title", "channel", "userEmail", "attempts", "lastError", "nextRetryAt"],
  properties: {
    id: { type: "integer" },
    status: { enum: ["failed", "stuck"], description: "stuck: still sending more than an hour after its last attempt began." },
    at: { type: "string", format: "date-time", description: "When its last attempt began (when it was queued, before any)." },
    kind: { type: "string", description: "The notification's kind, as in the notification settings." },
    title: { type: "string", description: "The notification's title." },
    channel: {
      type: "object", required: ["kind", "label"],
      properties: { kind: { enum: ["email", "webhook"] }, label: { type: "string", description: "The e-mail address, or the webhook's host only (never its path, query or secret)." } },
    },
    userEmail: { type: "string", description: "The e-mail address of the account the notification belongs to." },
    attempts: { type: "integer" },
    lastError: nullable("string"),
    nextRetryAt: nullable("string", { format: "date-time", description: "When it is tried again; null when failed and given up (and for a stuck one)." }),
  },
};

/** Failed notification deliveries of every user: an administrator's session. */
function adminDeliveryFailurePaths() {
  return {
    "/api/admin/notification-deliveries": {
      get: {
        operationId: "listDeliveryFailures", summary: "Notification delivery failures",
        description: "Deliveries that failed, and those stuck sending for over an hour, of every user, the latest attempt first, with counts of the failed ones and of those given up.",
        security: session,
        parameters: queryParameters(deliveryFailuresQuerySchema, { pageSize: `Rows per page (at most ${DELIVERY_FAILURES_MAX_PAGE_SIZE}; more is a 400).` }),
        responses: {
          200: answer("OK", {
            type: "object", required: ["deliveries", "counts", "page", "pageSize", "total", "totalPages"],
            properties: {
              deliveries: listOf(ref("DeliveryFailure")),
              counts: {
                type: "object", required: ["failed", "givenUp", "stuck"],
                properties: {
                  failed: { type: "integer", description: "Deliveries whose last attempt failed." },
                  givenUp: { type: "integer", description: "Of those, the ones with no retry due." },
                  stuck: { type: "integer", description: "Deliveries sending for over an hour." },
                },
              },
              page: { type: "integer" }, pageSize: { type: "integer" },
              total: { type: "integer", description: "failed + stuck: the rows over all pages." }, totalPages: { type: "integer" },
            },
          }),
          400: error, ...adminErrors,
        },
      },
    },
  };
}

/** What account-paths.ts builds its paths with. */
const openApiHelpers = (): OpenApiHelpers => ({ jsonBody, answer, queryParameters, pathParameter, error, session });

export function buildOpenApiDocument(serverUrl: string) {
  const tldId = pathParameter("id", tldKeySchema, "A TLD's numeric id or its name, with or without the dot; second-level suffixes such as co.uk too.");
  return {
    openapi: "3.1.0",
    info: {
      title: "TLDScope API",
      version: "1.1.0",
      description: `Registrar prices per top-level domain, and your own portfolio, forecast, watches and notification settings. Price data needs no key; `
        + `with an API key (Authorization: Bearer <key>) calls are counted, up to ${API_KEY_HOURLY_LIMIT} per hour per key. A key also acts as its owner on the owner's own data: `
        + "a read key makes GET calls, a write key every call.",
      termsOfService: `${serverUrl}/terms`,
      license: { name: "TLDScope terms of service (API)", url: `${serverUrl}/terms#api` },
    },
    servers: [{ url: serverUrl }],
    security: [{}, { apiKey: [] }],
    paths: {
      "/api/domain-prices": get("listPrices", "Price list", "One page of priced TLDs with each one's cheapest registration, renewal and transfer.",
        queryParameters(priceListQuerySchema), {
          type: "object", required: ["data", "total", "page", "limit", "offset", "totalPages"],
          properties: {
            data: listOf(ref("PriceRow")), total: { type: "integer" }, page: { type: "integer" }, limit: { type: "integer" },
            offset: { type: "integer" }, totalPages: { type: "integer" },
          },
        }),
      "/api/domain-prices/common": get("listCommonPrices", "Common TLDs' prices", "The price-list rows of .com, .net, .org, .io and .co.",
        queryParameters(displayCurrencyQuerySchema), listOf(ref("PriceRow"))),
      "/api/domain-prices/tld/{id}": get("listTldPrices", "One TLD's prices", "Every provider's quote for one TLD. With `limit`, `offset`, `sortBy` or `sortOrder`, one page of them, "
        + "cheapest registration first unless `sortBy` names renewalPrice or transferPrice (and `sortOrder` desc puts the dearest first; "
        + "in the display currency where a quote has one, a quote without that price last): `offset` quotes skipped, at most `limit` (default 200) "
        + "returned, and the X-Total-Count header says how many quotes the TLD has in all.",
        [tldId, ...queryParameters(tldQuotesQuerySchema, {
          limit: "Quotes per page (at most 200; more is a 400). Given, the answer is one page.", offset: "Quotes to skip. Given, the answer is one page.",
          sortBy: "The price the page is ordered by: registrationPrice (the default), renewalPrice or transferPrice.", sortOrder: "asc (cheapest first, the default) or desc.",
        })],
        listOf(ref("PriceQuote"))),
      "/api/currencies": get("listCurrencies", "Display currencies", "Every currency with a stored ECB reference rate, with the newest day that quotes it.", [],
        listOf({ type: "object", required: ["code", "latestRateDate"], properties: { code: { type: "string" }, latestRateDate: { type: "string", format: "date" } } })),
      "/api/service-providers": get("listServiceProviders", "Service providers", "Registrars and resellers with a price list.",
        queryParameters(serviceProviderListQuerySchema), listOf(anyObject)),
      "/api/service-providers/{id}": get("getServiceProvider", "One service provider", "A provider by id.",
        [pathParameter("id", providerIdSchema, "The provider's id.")], anyObject),
      "/api/service-providers/{id}/domain-prices": get("listServiceProviderPrices", "A provider's prices", "Every TLD the provider quotes.",
        [pathParameter("id", providerIdSchema, "The provider's id."), ...queryParameters(displayCurrencyQuerySchema)], listOf(ref("PriceQuote"))),
      "/api/registry-operators": get("listRegistryOperators", "Registry operators", "Each registry operator with the TLDs it runs.", [],
        listOf({
          type: "object",
          properties: {
            id: { type: "integer" }, name: { type: "string" },
            tldCount: { type: "integer", description: "How many TLDs it runs." },
            countryCodeCount: { type: "integer", description: "How many of them are country codes." },
            tlds: { ...listOf({ type: "string" }), description: "The ASCII names of its TLDs (punycode for an IDN, e.g. xn--p1ai), in code-unit order." },
            unicodeNames: {
              type: "object", additionalProperties: { type: "string" },
              description: "The Unicode name of each of its TLDs that is an IDN, keyed by the name in tlds (\"xn--p1ai\": \"рф\"); other TLDs are absent.",
            },
          },
        })),
      "/api/data-last-updated": get("getDataStatus", "Data freshness",
        "isDataUpdate is true once a live price fetch has succeeded, and lastUpdated is then that fetch's time; before any, lastUpdated is when the bundled data was installed. "
        + "Re-applied bundled price lists move neither.", [], {
          type: "object", required: ["lastUpdated", "isDataUpdate", "lastLiveFetch", "provider", "bundledDataInstalledAt"],
          properties: {
            lastUpdated: nullable("string", { format: "date-time" }), isDataUpdate: { type: "boolean" },
            lastLiveFetch: nullable("string", { format: "date-time", description: "The newest successful live fetch." }),
            provider: nullable("string", { description: "The provider that fetch was for." }),
            bundledDataInstalledAt: nullable("string", { format: "date-time" }),
          },
        }),
      "/api/registry-coverage": get("getRegistryCoverage", "Registry date coverage",
        "How each delegated TLD's registration and expiry dates are found: RDAP at a server IANA's bootstrap lists (iana_rdap), at one the bundled supplement "
        + "or the operator names (supplement, operator), WHOIS, or none; whether the registry publishes an expiry date; and the product's own lookups of the last "
        + "`days` days. totals counts TLDs per method, all of them and the country codes apart.", [], {
          type: "object", required: ["days", "totals", "tlds"],
          properties: {
            days: { type: "integer", description: "The days the lookup counts cover, today (UTC) included." },
            totals: {
              type: "object", required: ["all", "countryCode"],
              properties: { all: ref("RegistryMethodTotals"), countryCode: ref("RegistryMethodTotals") },
            },
            tlds: listOf({
              type: "object",
              required: ["tld", "unicodeName", "countryCode", "method", "server", "serverByOperator", "publishesExpiry", "lookups", "succeeded", "succeededPercent"],
              properties: {
                tld: { type: "string", description: "The ASCII name (punycode for an IDN), without the dot." },
                unicodeName: nullable("string", { description: "The Unicode name of an IDN; null otherwise." }),
                countryCode: { type: "boolean" },
                method: { enum: [...REGISTRY_METHOD_NAMES] },
                server: nullable("string", {
                  description: "The RDAP server's or WHOIS server's host; null for none, for a WHOIS server IANA has not been asked about yet, and for a server this site's operator set (not published).",
                }),
                serverByOperator: { type: "boolean", description: "The server is one this site's operator set." },
                publishesExpiry: { enum: ["yes", "no", "unknown"], description: "yes: answers carry an expiry date; no: the registry leaves it out (from the registry's data or its answers); unknown: not known yet." },
                lookups: { type: "integer", description: "Lookups of names under the TLD over the period." },
                succeeded: { type: "integer", description: "Of those, the ones the registry answered (the name's record, or not registered)." },
                succeededPercent: nullable("integer", { description: "succeeded as a whole percentage of lookups; null without lookups." }),
              },
            }),
          },
        }),
      "/api/tlds/{id}": get("getTld", "One TLD", "A catalogue entry: a TLD with the second-level suffixes under it (secondLevel), or a suffix such as co.uk with its parent TLD (parent).", [tldId], anyObject),
      ...ownerPaths(),
      ...adminSettingsPaths(),
      ...adminDeliveryFailurePaths(),
      ...accountPaths(openApiHelpers()),
      ...adminUserPaths(openApiHelpers()),
    },
    components: {
      schemas: {
        RegistryMethodTotals: {
          type: "object", required: [...REGISTRY_METHOD_NAMES], description: "How many TLDs each method covers.",
          properties: Object.fromEntries(REGISTRY_METHOD_NAMES.map((m) => [m, { type: "integer" }])),
        },
        PriceDisplay: priceDisplay, PriceQuote: quote, PriceRow: priceRow, GeneralSettings: generalSettings, DeliveryFailure: deliveryFailure,
        UserDomain: jsonSchemaOf(userDomainAnswerSchema, "output"), RenewalForecast: renewalForecast, ...ownerSchemas(), ...ACCOUNT_SCHEMAS,
      },
      securitySchemes: {
        apiKey: {
          type: "http", scheme: "bearer",
          description: "An API key made on the API keys page. On its owner's own data the roles are its scope: read (GET calls) or write (every call; a read key gets a 403).",
        },
        session: { type: "apiKey", in: "cookie", name: "session", description: "The session of a signed-in user, sent by the site's own pages (requests that change something need the site's Origin)." },
      },
      responses: {
        Error: {
          description: "An error, with a message a person can read and, for bad input, the field-by-field issues.",
          content: { "application/json": { schema: {
            type: "object", required: ["message"],
            properties: { message: { type: "string" }, issues: listOf({ type: "object", properties: { field: { type: "string" }, message: { type: "string" } } }) },
          } } },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** One operation of the document as the reference page shows it. */
export interface DocumentedOperation {
  operationId: string;
  summary: string;
  description: string;
  parameters?: unknown[];
  security?: Record<string, string[]>[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation of the document, path by path, in the document's order. */
export function allOperations(doc: OpenApiDocument): { method: string; path: string; op: DocumentedOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Partial<Record<(typeof METHODS)[number], DocumentedOperation>>)[method];
      return op ? [{ method: method.toUpperCase(), path, op }] : [];
    }));
}

type PublicGet = ReturnType<typeof get>["get"];
/** The public GET endpoints (API key or none), by path: what the API Access page and the reference page list. */
export function publicGets(doc: OpenApiDocument): [string, PublicGet][] {
  return Object.entries(doc.paths).flatMap(([path, item]): [string, PublicGet][] =>
    ("get" in item && !("security" in item.get) ? [[path, item.get]] : []));
}
