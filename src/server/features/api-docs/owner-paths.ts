/**
 * The OpenAPI paths of a user's own data: the portfolio (with its summary, forecast, CSV and
 * calendar feed), watched TLDs and notification settings. Each takes the owner's session or an
 * API key of theirs (ownerRead for GET calls, ownerWrite for the others); inputs come from the
 * zod schemas the endpoints parse with, portfolio entries from answer-schemas.ts.
 */
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { channelIdSchema, emailChannelSchema, notificationPreferencesSchema } from "../../../shared/schemas/notifications.ts";
import { portfolioListQuerySchema } from "../../../shared/schemas/portfolio-list.ts";
import { CSV_COLUMNS, IMPORT_MAX_ROWS, importCsvSchema, userDomainCreateSchema, userDomainIdSchema, userDomainUpdateSchema } from "../../../shared/schemas/user-domain.ts";
import { MAX_WATCHES, watchAddSchema, watchIdSchema, watchUpdateSchema } from "../../../shared/schemas/watched-tld.ts";
import { WEBHOOK_CHANNEL_FORMATS, webhookChannelSchema } from "../../../shared/schemas/webhook-channel.ts";
import { monitoringPaths, monitoringSchemas } from "./monitoring-paths.ts";
import { transferPaths } from "./transfer-paths.ts";
import { jsonSchemaOf } from "./openapi-parts.ts";
import { domainHistoryQuerySchema, domainNotificationSettingsSchema, HISTORY_MAX_PAGE } from "../../../shared/schemas/domain-history.ts";
import {
  anyObject, answer, error, jsonBody, listOf, nullable, orNull, ownerErrors, ownerRead, ownerWrite, pathParameter, queryParameters, ref, writeErrors,
} from "./openapi-parts.ts";
import { portfolioPageAnswerSchema, removedAnswerSchema } from "./answer-schemas.ts";

const currency = queryParameters(displayCurrencyQuerySchema, {
  currency: "Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400.",
});
const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: "string" } } } });

function portfolioPaths() {
  const id = pathParameter("id", userDomainIdSchema, "The portfolio entry's id.");
  const page = jsonSchemaOf(portfolioPageAnswerSchema, "output") as { properties: { data: Record<string, unknown> } };
  page.properties.data = listOf(ref("UserDomain"));
  return {
    "/api/user-domains": {
      get: {
        operationId: "listUserDomains", summary: "The portfolio",
        description: "Without page, limit or offset: every entry of the portfolio as a plain list (the specification's answer), streamed. "
          + "With any of them: one page (at most 100 entries) in an envelope with the total. sortBy, sortOrder, search and currency apply to both.",
        security: ownerRead,
        parameters: queryParameters(portfolioListQuerySchema, {
          search: "Part of the domain name (case-insensitive).",
          limit: "Entries per page (at most 100; more is a 400). Given, the answer is one page.",
          page: "Page number, from 1. Given, the answer is one page.",
          offset: "Entries to skip; given, it takes the place of page and the answer is one page.",
          sortBy: "domainName, or expirationDate (entries without one last).",
          currency: "Display currency: each entry's prices are also given in it.",
        }),
        responses: { 200: answer("Every entry, or one page of them", { oneOf: [listOf(ref("UserDomain")), page] }), ...ownerErrors },
      },
      post: {
        operationId: "addUserDomain", summary: "Add a domain",
        description: "The TLD is read from the domain when tldId is left out; the registry lookup of its dates is queued at once. "
          + "409 when the domain is in the portfolio already or the portfolio is full.",
        security: ownerWrite, requestBody: jsonBody(userDomainCreateSchema),
        responses: { 201: answer("Added", ref("UserDomain")), ...writeErrors, 409: { ...error, description: "Already in the portfolio, or the portfolio is full." } },
      },
    },
    "/api/user-domains/{id}": {
      get: { operationId: "getUserDomain", summary: "One entry", description: "404 when no entry of the caller has this id.", security: ownerRead,
        parameters: [id, ...currency], responses: { 200: answer("OK", ref("UserDomain")), ...ownerErrors } },
      put: { operationId: "updateUserDomain", summary: "Edit an entry", description: "Fields left out keep their values; null or an empty string clears an optional one.",
        security: ownerWrite, parameters: [id], requestBody: jsonBody(userDomainUpdateSchema),
        responses: { 200: answer("OK", ref("UserDomain")), ...writeErrors, 409: { ...error, description: "Renamed to a domain already in the portfolio." } } },
      delete: { operationId: "removeUserDomain", summary: "Remove an entry", description: "404 when no entry of the caller has this id.", security: ownerWrite,
        parameters: [id], responses: { 200: answer("Removed", jsonSchemaOf(removedAnswerSchema, "output")), ...writeErrors } },
    },
    "/api/user-domains/{id}/keep-as-hand-added": {
      post: { operationId: "keepUserDomainAsHandAdded", summary: "Keep a departed entry",
        description: "An entry its registrar account no longer lists stays as one added by hand, unlinked from the account; 409 on an entry without that mark.",
        security: ownerWrite, parameters: [id], responses: { 200: answer("OK", ref("UserDomain")), ...writeErrors, 409: error } },
    },
    "/api/user-domains/{id}/check-registry": {
      post: {
        operationId: "checkUserDomainRegistry", summary: "Check the registry now",
        description: "Queues a registry lookup of the entry's dates and status at once; the answer is the entry as stored now (the lookup's result comes later). "
          + "Limited per hour for each user (429 with Retry-After past it); 404 when no entry of the caller has this id.",
        security: ownerWrite, parameters: [id], responses: { 202: answer("Queued", ref("UserDomain")), ...writeErrors, 429: error },
      },
    },
    "/api/user-domains/{id}/history": {
      get: {
        operationId: "getUserDomainHistory", summary: "A domain's history",
        description: "Every registry check and every change the monitoring found (registry, certificate, DNS), newest first, dated, with the old and new values and the change in words. "
          + "nextBefore is the before of the next, older page (null on the last). 404 when no entry of the caller has this id.",
        security: ownerRead,
        parameters: [id, ...queryParameters(domainHistoryQuerySchema, {
          limit: `Events per page (default 20, at most ${HISTORY_MAX_PAGE}; more is a 400).`,
          before: "Only events older than this one: the nextBefore of the previous page (an event of this domain, else a 400).",
        })],
        responses: {
          200: answer("One page of events", {
            type: "object", required: ["events", "nextBefore"],
            properties: {
              events: listOf({
                type: "object", required: ["id", "category", "kind", "subject", "severity", "oldValue", "newValue", "occurredAt", "text"],
                properties: {
                  id: { type: "integer" }, category: { enum: ["registry", "certificate", "dns"] },
                  kind: { type: "string", description: "registry_check, registrar_changed, transfer_lock_removed, transfer_lock_added, nameservers_changed, status_hold, pending_delete, expiry_moved_back, expiry_extended, certificate_…, dns_changed" },
                  subject: nullable("string", { description: "host:port of a certificate, the record type of a DNS change; null for the domain itself." }),
                  severity: { enum: ["alarm", "info"] }, oldValue: {}, newValue: {}, occurredAt: { type: "string", format: "date-time" },
                  text: { type: "string", description: "What happened, in words." },
                },
              }),
              nextBefore: nullable("integer"),
            },
          }),
          ...ownerErrors,
        },
      },
    },
    "/api/user-domains/{id}/notification-settings": {
      get: {
        operationId: "getUserDomainNotificationSettings", summary: "A domain's own notification switches",
        description: "Per kind: the owner's setting for every domain, this domain's own (inherit, on, off) and whether it is told; the parts' own switches (dns:MX, …). 404 when no entry of the caller has this id.",
        security: ownerRead, parameters: [id], responses: { 200: answer("OK", anyObject), ...ownerErrors },
      },
      put: {
        operationId: "setUserDomainNotificationSettings", summary: "Set a domain's own notification switches",
        description: "Sets the switches given, all or none: inherit removes the domain's own (the owner's setting decides again). A key is a kind offered (registry_change, …) or a part under one (dns:MX); any other is a 400.",
        security: ownerWrite, parameters: [id], requestBody: jsonBody(domainNotificationSettingsSchema), responses: { 200: answer("The switches as now set", anyObject), ...writeErrors },
      },
    },
    "/api/user-domains/summary": {
      get: { operationId: "getPortfolioSummary", summary: "Portfolio totals",
        description: "Counts and totals of the whole portfolio and the 50 soonest entries of each expiry bucket (expired, within 30, 60 and 90 days) with their counts. "
          + "`totals` (in the display currency, USD without one) holds a year of every domain and the renewals due in the next twelve months, "
          + "each with `counts` saying what it counts, and `reconciliation`, one sentence saying how the two add up.",
        security: ownerRead, parameters: currency, responses: { 200: answer("OK", anyObject), ...ownerErrors } },
    },
    "/api/user-domains/forecast": {
      get: { operationId: "getRenewalForecast", summary: "Renewal forecast",
        description: "The twelve calendar months from the current one: each auto-renewing domain in its expiry month at its registrar's renewal price and at the cheapest, "
          + "per month, per registrar and in total, in the display currency; domains left out of the totals are named with the reason.",
        security: ownerRead, parameters: currency, responses: { 200: answer("OK", ref("RenewalForecast")), ...ownerErrors } },
    },
    "/api/user-domains/forecast.csv": {
      get: { operationId: "downloadRenewalForecast", summary: "Renewal forecast as CSV", description: "The same figures as a CSV download.",
        security: ownerRead, parameters: currency, responses: { 200: text("CSV", "text/csv"), ...ownerErrors } },
    },
    "/api/user-domains/forecast-domains.csv": {
      get: { operationId: "downloadRenewalForecastDomains", summary: "Renewal forecast per domain as CSV",
        description: "The same forecast as a CSV download with one record per domain in its figures (month, domain, expiry date, registrar, "
          + "prices at the registrar and at the cheapest, and when each was checked); each month's records add up to its totals in forecast.csv.",
        security: ownerRead, parameters: currency, responses: { 200: text("CSV", "text/csv"), ...ownerErrors } },
    },
    "/api/user-domains/registry-progress": {
      get: { operationId: "getRegistryProgress", summary: "Registry lookups still to come",
        description: "How far the registry's first lookup of the newest entries (added, imported or renamed) has got: of the entries changed since the oldest "
          + "one still waiting, how many are looked up (\"214 of 300 checked\"). progress is null when every entry has been looked up.",
        security: ownerRead,
        responses: {
          200: answer("OK", {
            type: "object", required: ["progress"],
            properties: {
              progress: orNull({
                type: "object", required: ["checked", "total"],
                properties: { checked: { type: "integer", description: "Entries looked up." }, total: { type: "integer", description: "Entries changed since the oldest one still waiting." } },
              }),
            },
          }),
          ...ownerErrors,
        },
      },
    },
    "/api/user-domains/export.csv": {
      get: { operationId: "exportUserDomains", summary: "Export the portfolio",
        description: `Every entry as CSV with the columns ${CSV_COLUMNS.join(", ")} (the ones an import reads), then what the registry said and where each date in force came from, `
          + "then renewalPrice, renewalCurrency, renewalPriceDate, renewalPriceSource and autoRenewState: the renewal at the registrar that holds the domain in the display currency, "
          + "as the portfolio, summary and forecast show it (empty when that registrar quotes none or no stored rate converts its quote), the day a source last confirmed the price, "
          + "whose price it is, and auto-renew as on, off or unknown.",
        security: ownerRead, parameters: currency, responses: { 200: text("CSV", "text/csv"), ...ownerErrors } },
    },
    "/api/user-domains/import": {
      post: {
        operationId: "importUserDomains", summary: "Import a CSV",
        description: `A CSV with a header row (columns: ${CSV_COLUMNS.join(", ")}; domainName required), up to ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows and 1 MB, `
          + "sent as text/csv, as JSON {csv} or as a multipart form's file field. Each row is added, updated or rejected with the reason; "
          + "an import whose new domains would pass the portfolio's limit stores nothing (409).",
        security: ownerWrite,
        requestBody: { required: true, content: { "text/csv": { schema: { type: "string" } }, "application/json": { schema: jsonSchemaOf(importCsvSchema) } } },
        responses: {
          200: answer("Each row's outcome and the totals", {
            type: "object", required: ["rows", "totals"],
            properties: {
              rows: listOf(anyObject),
              totals: { type: "object", properties: { rows: { type: "integer" }, added: { type: "integer" }, updated: { type: "integer" }, rejected: { type: "integer" } } },
            },
          }),
          ...writeErrors, 409: error, 413: { ...error, description: "The file is over 1 MB." },
        },
      },
    },
    "/api/user-domains/calendar-token": {
      post: { operationId: "createCalendarFeed", summary: "Make the calendar feed's address",
        description: "A new secret address of the portfolio's expiry calendar (iCalendar); the previous one stops working. "
          + "With ?currency= the address names it, and each event's prices are in it (USD without one).",
        security: ownerWrite, parameters: currency, responses: { 200: answer("OK", { type: "object", required: ["url"], properties: { url: { type: "string", format: "uri" } } }), ...writeErrors } },
      delete: { operationId: "revokeCalendarFeed", summary: "Turn the calendar feed off", description: "Its address stops working.", security: ownerWrite,
        responses: { 200: answer("OK", { type: "object", properties: { revoked: { const: true } } }), ...writeErrors } },
    },
  };
}

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
      get: { operationId: "listWatches", summary: "Watched TLDs", description: `The user's watches, each with the lowest fresh quote now. ${told}`, security: ownerRead,
        responses: { 200: answer("OK", listOf(ref("Watch"))), ...ownerErrors } },
      post: {
        operationId: "addWatch", summary: "Watch a TLD", description: `Watches a catalogue name ("ai", ".ai", "co.uk", an IDN in Unicode or punycode) for a target price; `
          + `the currency is the user's display currency when left out. At most ${MAX_WATCHES} watches a user; one per name and price. ${told}`,
        security: ownerWrite, requestBody: jsonBody(watchAddSchema),
        responses: { 201: answer("Created", ref("Watch")), ...writeErrors, 409: { ...error, description: `The name's price is watched already, or the user has ${MAX_WATCHES} watches.` } },
      },
    },
    "/api/notifications/watches/{id}": {
      patch: { operationId: "updateWatch", summary: "Edit a watch's target", description: "A new target (and currency: the watch's own when left out); a target the quotes meet is told anew.",
        security: ownerWrite, parameters: [id], requestBody: jsonBody(watchUpdateSchema), responses: { 200: answer("OK", ref("Watch")), ...writeErrors } },
      delete: { operationId: "removeWatch", summary: "Remove a watch", description: "404 when no watch of the user has this id.", security: ownerWrite, parameters: [id],
        responses: { 200: answer("OK", { type: "object", properties: { removed: { const: true } } }), ...writeErrors } },
    },
  };
}

const channel = {
  type: "object", additionalProperties: true, required: ["id", "kind"],
  properties: {
    id: { type: "integer" }, kind: { enum: ["email", "webhook"] },
    email: nullable("string", { description: "The address of an e-mail channel." }),
    url: nullable("string", { description: "Where a webhook, or the server of a Gotify, Matrix or Apprise channel, is: the URL's scheme, host and port, with \"…\" for the rest (\"https://hooks.slack.com/…\"). The whole URL carries the service's token and is never returned." }),
    host: nullable("string", { description: "The host (and port) of `url`, e.g. \"hooks.slack.com\"." }),
    format: nullable("string", { description: `A webhook's format: ${WEBHOOK_CHANNEL_FORMATS.slice(0, -1).join(", ")} or ${WEBHOOK_CHANNEL_FORMATS.at(-1)}.` }),
    target: nullable("string", { description: "Who receives on a chat or push service: a Telegram chat id, a Matrix room id, an Apprise configuration key, the last four characters of a Pushover user key. Credentials are never returned." }),
    enabled: { type: "boolean" },
  },
};

function notificationPaths() {
  const id = pathParameter("id", channelIdSchema, "The channel's id.");
  return {
    "/api/notifications": {
      get: { operationId: "getNotificationSettings", summary: "Notification settings", description: "The user's channels (addresses and webhooks) and preferences, and whether this server can send e-mail.",
        security: ownerRead, responses: { 200: answer("OK", anyObject), ...ownerErrors } },
    },
    "/api/notifications/deliveries": {
      get: { operationId: "listDeliveries", summary: "Delivery log", description: "The user's 50 newest deliveries: what went where, sent or failed with the reason, and when it is tried again.",
        security: ownerRead, responses: { 200: answer("OK", listOf(anyObject)), ...ownerErrors } },
    },
    "/api/notifications/preferences": {
      put: { operationId: "updateNotificationPreferences", summary: "Save the notification preferences",
        description: "Reminder days before expiry, delivery mode per kind, the kinds switched on, the display currency and the renewal price alerts' thresholds.",
        security: ownerWrite, requestBody: jsonBody(notificationPreferencesSchema), responses: { 200: answer("OK", anyObject), ...writeErrors } },
    },
    "/api/notifications/channels": {
      post: { operationId: "addEmailChannel", summary: "Add an e-mail address",
        description: "It receives nothing until the link in the confirmation mail sent to it is opened. At most 10 channels a user; the mails sent are limited per hour.",
        security: ownerWrite, requestBody: jsonBody(emailChannelSchema), responses: { 201: answer("Created", ref("NotificationChannel")), ...writeErrors, 409: error } },
    },
    "/api/notifications/webhooks": {
      post: { operationId: "addWebhook", summary: "Add a webhook or a chat or push service",
        description: "format and the fields it asks for: url (generic, ntfy, slack, discord, teams, google_chat); botToken and chatId (telegram); "
          + "appToken and userKey (pushover); url and appToken (gotify); url (the homeserver), roomId and accessToken (matrix); url (the Apprise API) "
          + "and either key (a configuration kept there) or urls (apprise). A URL must be a public https address (the server refuses private and "
          + "reserved addresses). A generic webhook's signing secret is in this answer only; tokens and keys are stored encrypted and never returned. "
          + "409 for the same receiver twice or more than 10 channels.",
        security: ownerWrite, requestBody: jsonBody(webhookChannelSchema), responses: { 201: answer("Created", anyObject), ...writeErrors, 409: error } },
    },
    "/api/notifications/channels/{id}": {
      patch: { operationId: "setChannelEnabled", summary: "Switch a channel on or off", description: "Body: { enabled }.", security: ownerWrite, parameters: [id],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["enabled"], properties: { enabled: { type: "boolean" } } } } } },
        responses: { 200: answer("OK", ref("NotificationChannel")), ...writeErrors } },
      delete: { operationId: "removeChannel", summary: "Remove a channel", description: "404 when no channel of the user has this id.", security: ownerWrite, parameters: [id],
        responses: { 200: answer("OK", { type: "object", properties: { removed: { const: true } } }), ...writeErrors } },
    },
    "/api/notifications/channels/{id}/confirmation": {
      post: { operationId: "resendConfirmation", summary: "Send the confirmation mail again", description: "For an address not confirmed yet; limited per hour.",
        security: ownerWrite, parameters: [id], responses: { 200: answer("OK", ref("NotificationChannel")), ...writeErrors, 429: error } },
    },
    "/api/notifications/channels/{id}/test": {
      post: { operationId: "sendTestNotification", summary: "Send a test", description: "Queues a test notification to a confirmed channel; the delivery log shows how it went.",
        security: ownerWrite, parameters: [id],
        responses: { 202: answer("Queued", { type: "object", required: ["deliveryId"], properties: { deliveryId: { type: "integer" } } }), ...writeErrors, 429: error } },
    },
  };
}

export const ownerPaths = () => ({ ...portfolioPaths(), ...transferPaths(), ...monitoringPaths(), ...watchPaths(), ...notificationPaths() });

export const ownerSchemas = () => ({ Watch: watch, NotificationChannel: channel, ...monitoringSchemas() });
