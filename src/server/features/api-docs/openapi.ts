/**
 * The OpenAPI 3.1 document of the public API, built from the same zod schemas the endpoints
 * parse their input with (zod 4's own JSON Schema output, draft 2020-12, which is OpenAPI 3.1's
 * schema dialect), so a parameter's limits and messages cannot drift from the docs.
 */
import { z } from "zod";
import { API_KEY_HOURLY_LIMIT } from "../../../shared/schemas/api-key.ts";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { DELIVERY_FAILURES_MAX_PAGE_SIZE, deliveryFailuresQuerySchema } from "../../../shared/schemas/delivery-failures.ts";
import { priceListQuerySchema, providerIdSchema, tldKeySchema, tldQuotesQuerySchema } from "../../../shared/schemas/price-list.ts";
import { serviceProviderListQuerySchema } from "../../../shared/schemas/service-provider.ts";
import { PAGE_SIZE_CHOICES, REFRESH_CHOICES, generalSettingsSchema } from "../../../shared/schemas/general-settings.ts";
import { MAX_WATCHES, watchAddSchema, watchIdSchema, watchUpdateSchema } from "../../../shared/schemas/watched-tld.ts";
import { ACCOUNT_SCHEMAS, accountPaths, adminUserPaths, type OpenApiHelpers } from "./account-paths.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const DESCRIPTIONS: Record<string, string> = {
  page: "Page number, from 1.",
  limit: "Rows per page (at most 100; more is a 400).",
  sortBy: "Column to sort by.",
  sortOrder: "Sort direction.",
  search: "Part of a TLD's name.",
  category: "TLD category.",
  tld: "One TLD by name, with or without the dot.",
  offset: "Rows to skip; given, it takes the place of page.",
  type: "registrar: ICANN-accredited (has an IANA registrar id); reseller: without one.",
  supports_tld: "Only providers with a price for this TLD.",
  country: "Only providers based in this country (ISO 3166-1 alpha-2 code, such as US or NL).",
  currency: "Display currency (a code from /api/currencies, e.g. EUR): each quote (and list row) also carries `display`, "
    + "its prices in that currency at the ECB reference rate. An unknown currency is a 400 naming it.",
};

/** `descriptions` words a parameter differently from DESCRIPTIONS where an endpoint means it differently. */
function queryParameters(schema: z.ZodObject, descriptions: Record<string, string> = {}) {
  const json = jsonSchemaOf(schema) as { properties: Record<string, JsonSchema> };
  return Object.entries(json.properties).map(([name, property]) => ({
    name, in: "query", required: false, description: descriptions[name] ?? DESCRIPTIONS[name] ?? name, schema: property,
  }));
}

const pathParameter = (name: string, schema: z.ZodType, description: string) =>
  ({ name, in: "path", required: true, description, schema: jsonSchemaOf(schema) });

const error = { $ref: "#/components/responses/Error" };
const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed in any 60 minutes for the key (keyed requests only).", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only).", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only).", schema: { type: "integer" } },
  ETag: { description: "Send it back as If-None-Match to get a 304 while the answer is unchanged.", schema: { type: "string" } },
};

function get(summary: string, description: string, parameters: unknown[], body: JsonSchema) {
  return {
    get: {
      summary, description, parameters,
      responses: {
        200: { description: "OK", headers: rateLimitHeaders, content: { "application/json": { schema: body } } },
        304: { description: "Not modified: the If-None-Match ETag is current." },
        400: error, 401: error, 404: error,
        429: { ...error, description: "The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits." },
      },
    },
  };
}

const anyObject = { type: "object", additionalProperties: true };
const listOf = (items: JsonSchema) => ({ type: "array", items });
const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, "null"], ...extra });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const orNull = (schema: JsonSchema) => ({ oneOf: [schema, { type: "null" }] });

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
  },
});
const priceRow = {
  type: "object", additionalProperties: true,
  description: "One TLD's lowest USD prices and where each comes from. Rows carry no list of quotes (the former `prices` field is gone): one TLD's quotes are /api/domain-prices/tld/{id}.",
  properties: {
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

/** Endpoints of a signed-in user's own settings: the session cookie, from the site's own origin (no API key). */
const session = [{ session: [] }];
const jsonBody = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema: jsonSchemaOf(schema) } } });
const answer = (description: string, schema: JsonSchema) => ({ description, content: { "application/json": { schema } } });
const sessionErrors = { 400: error, 401: error, 404: error, 415: { ...error, description: "The body is not JSON (Content-Type application/json)." } };

const watch = {
  type: "object", required: ["id", "tld", "priceKind", "target", "currency", "bestQuote", "met", "createdAt"],
  properties: {
    id: { type: "integer" },
    tld: { type: "object", required: ["id", "name", "unicodeName"], properties: { id: { type: "integer" }, name: { type: "string" }, unicodeName: nullable("string") } },
    priceKind: { enum: ["registration", "renewal", "transfer"] },
    target: { type: "string", description: "The target price as a decimal string (\"70.00\")." },
    currency: { type: "string", description: "The target's currency." },
    bestQuote: orNull({
      type: "object", required: ["price", "provider", "checkedAt", "quoted", "rateDate"],
      description: "The lowest fresh quote of the price at an active provider, in the target's currency; null when none (or none a stored rate converts).",
      properties: {
        price: { type: "string" }, provider: { type: "string" },
        checkedAt: { type: "string", format: "date-time", description: "When a source last confirmed the quote." },
        quoted: { type: "object", properties: { price: { type: "string" }, currency: { type: "string" } }, description: "The quote as the provider gives it." },
        rateDate: nullable("string", { format: "date", description: "The ECB day it was converted at; null when not converted." }),
      },
    }),
    met: { type: "boolean", description: "That quote is at or under the target." },
    createdAt: { type: "string", format: "date-time" },
  },
};

function watchPaths() {
  const id = pathParameter("id", watchIdSchema, "The watch's id.");
  const told = "A fresh quote of the name's price at or under the target is told once per crossing (kind watched_tld of the notification settings): "
    + "again only after the price has gone above the target and comes back. Adding or editing a watch evaluates it at once.";
  return {
    "/api/notifications/watches": {
      get: { summary: "Watched TLDs", description: `The signed-in user's watches, each with the lowest fresh quote now. ${told}`, security: session,
        responses: { 200: answer("OK", listOf(ref("Watch"))), 401: error } },
      post: {
        summary: "Watch a TLD", description: `Watches a catalogue name ("ai", ".ai", "co.uk", an IDN in Unicode or punycode) for a target price; `
          + `the currency is the user's display currency when left out. At most ${MAX_WATCHES} watches a user; one per name and price. ${told}`,
        security: session, requestBody: jsonBody(watchAddSchema),
        responses: { 201: answer("Created", ref("Watch")), ...sessionErrors, 409: { ...error, description: `The name's price is watched already, or the user has ${MAX_WATCHES} watches.` } },
      },
    },
    "/api/notifications/watches/{id}": {
      patch: { summary: "Edit a watch's target", description: "A new target (and currency: the watch's own when left out); a target the quotes meet is told anew.",
        security: session, parameters: [id], requestBody: jsonBody(watchUpdateSchema), responses: { 200: answer("OK", ref("Watch")), ...sessionErrors } },
      delete: { summary: "Remove a watch", description: "404 when no watch of the signed-in user has this id.", security: session, parameters: [id],
        responses: { 200: answer("OK", { type: "object", properties: { removed: { const: true } } }), 401: error, 404: error } },
    },
  };
}

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

const adminErrors = { 401: error, 403: { ...error, description: "The signed-in user is not an administrator." } };

/** The admin General Settings: an administrator's session (a 403 for anyone else). */
function adminSettingsPaths() {
  return {
    "/api/admin/settings": {
      get: { summary: "General Settings", description: "The stored settings, the defaults (15 s, 20 rows, every switch on) until an administrator saves.",
        security: session, responses: { 200: answer("OK", ref("GeneralSettings")), ...adminErrors } },
      put: { summary: "Save the General Settings", description: "Every field, each one of its choices; a 400 names each bad field. Stored for every administrator and process.",
        security: session, requestBody: jsonBody(generalSettingsSchema),
        responses: { 200: answer("OK", ref("GeneralSettings")), ...adminErrors, 400: error, 415: sessionErrors[415] } },
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
        summary: "Notification delivery failures",
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
      version: "1.0.0",
      description: `Registrar prices per top-level domain. Anonymous calls work; with an API key (Authorization: Bearer <key>) calls are counted, up to ${API_KEY_HOURLY_LIMIT} per hour per key.`,
    },
    servers: [{ url: serverUrl }],
    security: [{}, { apiKey: [] }],
    paths: {
      "/api/domain-prices": get("Price list", "One page of priced TLDs with each one's cheapest registration, renewal and transfer.",
        queryParameters(priceListQuerySchema), {
          type: "object", required: ["data", "total", "page", "limit", "offset", "totalPages"],
          properties: {
            data: listOf(ref("PriceRow")), total: { type: "integer" }, page: { type: "integer" }, limit: { type: "integer" },
            offset: { type: "integer" }, totalPages: { type: "integer" },
          },
        }),
      "/api/domain-prices/common": get("Common TLDs' prices", "The price-list rows of .com, .net, .org, .io and .co.",
        queryParameters(displayCurrencyQuerySchema), listOf(ref("PriceRow"))),
      "/api/domain-prices/tld/{id}": get("One TLD's prices", "Every provider's quote for one TLD. With `limit` or `offset`, one page of them, "
        + "cheapest registration first (in the display currency where a quote has one): `offset` quotes skipped, at most `limit` (default 200) "
        + "returned, and the X-Total-Count header says how many quotes the TLD has in all.",
        [tldId, ...queryParameters(tldQuotesQuerySchema, {
          limit: "Quotes per page (at most 200; more is a 400). Given, the answer is one page.", offset: "Quotes to skip. Given, the answer is one page.",
        })],
        listOf(ref("PriceQuote"))),
      "/api/currencies": get("Display currencies", "Every currency with a stored ECB reference rate, with the newest day that quotes it.", [],
        listOf({ type: "object", required: ["code", "latestRateDate"], properties: { code: { type: "string" }, latestRateDate: { type: "string", format: "date" } } })),
      "/api/service-providers": get("Service providers", "Registrars and resellers with a price list.",
        queryParameters(serviceProviderListQuerySchema), listOf(anyObject)),
      "/api/service-providers/{id}": get("One service provider", "A provider by id.",
        [pathParameter("id", providerIdSchema, "The provider's id.")], anyObject),
      "/api/service-providers/{id}/domain-prices": get("A provider's prices", "Every TLD the provider quotes.",
        [pathParameter("id", providerIdSchema, "The provider's id."), ...queryParameters(displayCurrencyQuerySchema)], listOf(ref("PriceQuote"))),
      "/api/registry-operators": get("Registry operators", "Each registry operator with the TLDs it runs.", [],
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
      "/api/tlds/{id}": get("One TLD", "A catalogue entry: a TLD with the second-level suffixes under it (secondLevel), or a suffix such as co.uk with its parent TLD (parent).", [tldId], anyObject),
      ...watchPaths(),
      ...adminSettingsPaths(),
      ...adminDeliveryFailurePaths(),
      ...accountPaths(openApiHelpers()),
      ...adminUserPaths(openApiHelpers()),
    },
    components: {
      schemas: {
        PriceDisplay: priceDisplay, PriceQuote: quote, PriceRow: priceRow, Watch: watch, GeneralSettings: generalSettings, DeliveryFailure: deliveryFailure,
        ...ACCOUNT_SCHEMAS,
      },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key made on the API keys page." },
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

type PublicGet = ReturnType<typeof get>["get"];
/** The public GET endpoints (API key or none), by path: what the API Access page and the reference page list. */
export function publicGets(doc: OpenApiDocument): [string, PublicGet][] {
  return Object.entries(doc.paths).flatMap(([path, item]): [string, PublicGet][] =>
    ("get" in item && !("security" in item.get) ? [[path, item.get]] : []));
}
