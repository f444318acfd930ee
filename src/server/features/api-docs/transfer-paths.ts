/**
 * The OpenAPI paths of the transfer plan: one domain's verdict (is moving it worth it, and
 * when can it move), the whole plan as JSON and CSV, and the owner's progress with a move.
 */
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { TRANSFER_STATES, transferStateSchema } from "../../../shared/schemas/transfer-plan.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { answer, jsonBody, listOf, nullable, orNull, ownerErrors, ownerRead, ownerWrite, pathParameter, queryParameters, writeErrors } from "./openapi-parts.ts";

const currency = queryParameters(displayCurrencyQuerySchema, {
  currency: "Display currency (a code from /api/currencies) every amount is given in. USD when left out; an unknown one is a 400.",
});

const price = {
  type: "object", required: ["amount", "price", "priceCurrency", "source", "lastCheckedAt", "isStale", "rateDate", "unusual", "unusualReason"],
  properties: {
    amount: { type: "string", description: "In the display currency." }, price: { type: "string" }, priceCurrency: { type: "string" },
    source: { type: "string", description: "The registrar that quotes it." }, lastCheckedAt: { type: "string", format: "date-time" },
    isStale: { type: "boolean" }, rateDate: nullable("string", { description: "The ECB day it was converted at; null when not converted." }),
    unusual: { type: "boolean" }, unusualReason: nullable("string"),
  },
};
const provider = { type: "object", required: ["id", "name"], properties: { id: { type: "integer" }, name: { type: "string" } } };

const rule = {
  type: "object", description: "The TLD's transfer rule, with the page it was read from.",
  required: ["pattern", "addsYear", "lockAfterRegistrationDays", "lockAfterTransferDays", "minDaysBeforeExpiry", "sourceUrl", "sourceDate", "note", "origin"],
  properties: {
    pattern: { type: "string" }, addsYear: { type: "boolean" }, lockAfterRegistrationDays: { type: "integer" }, lockAfterTransferDays: { type: "integer" },
    minDaysBeforeExpiry: nullable("integer"), sourceUrl: { type: "string" }, sourceDate: { type: "string", format: "date" }, note: nullable("string"),
    origin: { enum: ["bundled", "admin"] },
  },
};

const verdict = {
  type: "object",
  required: ["domainName", "currency", "verdict", "rule", "current", "destination", "years", "breakEvenYear", "savingMinor", "firstYearSavingMinor", "cautions", "sentence", "window"],
  properties: {
    domainName: { type: "string" }, currency: { type: "string" },
    verdict: { enum: ["move", "stay", "unsure", "no_price"], description: "unsure: the saving rests on a stale or unusual price (cautions say which)." },
    rule,
    current: orNull({ type: "object", required: ["provider", "renewal"], properties: { provider, renewal: price } }),
    destination: orNull({ type: "object", required: ["provider", "hasTransferLink", "transfer", "renewal"], properties: { provider, hasTransferLink: { type: "boolean" }, transfer: price, renewal: price } }),
    years: listOf({
      type: "object", required: ["years", "stay", "move", "saving"],
      properties: { years: { enum: [1, 3, 5] }, stay: { type: "string" }, move: { type: "string" }, saving: { type: "string", description: "stay − move; negative when moving costs more." } },
    }),
    breakEvenYear: nullable("integer", { description: "The first year (1 to 5) after which moving has cost less in total." }),
    savingMinor: { type: "integer" }, firstYearSavingMinor: { type: "integer" },
    cautions: listOf({ type: "string" }), sentence: { type: "string" },
    window: {
      type: "object", required: ["earliestDate", "blockers", "bestWindow", "sentence"],
      properties: {
        earliestDate: { type: "string", format: "date" },
        blockers: listOf({ type: "object", required: ["code", "message", "ownerCanLift"], properties: { code: { type: "string" }, message: { type: "string" }, ownerCanLift: { type: "boolean" } } }),
        bestWindow: orNull({ type: "object", required: ["from", "until"], properties: { from: { type: "string", format: "date" }, until: nullable("string", { format: "date" }) } }),
        sentence: { type: "string" },
      },
    },
  },
};

/**
 * A verdict in the plan: its rule and prices named by key in the plan's rules and quotes, the
 * domain's name and the currency left to the plan, and the sentence to the domain's verdict.
 */
const { domainName: _name, currency: _currency, rule: _rule, current: _current, destination: _destination, sentence: _sentence, ...sharedVerdict } = verdict.properties;
const quoteId = (what: string) => ({ type: "string", description: `The key of ${what} in the plan's quotes.` });
const planVerdict = {
  type: "object",
  required: ["verdict", "ruleId", "current", "destination", "years", "breakEvenYear", "savingMinor", "firstYearSavingMinor", "cautions", "window"],
  properties: {
    ...sharedVerdict,
    ruleId: { type: "string", description: "The pattern of the TLD's rule in the plan's rules." },
    current: orNull({ type: "object", required: ["provider", "renewalQuoteId"], properties: { provider, renewalQuoteId: quoteId("the renewal where it is") } }),
    destination: orNull({
      type: "object", required: ["provider", "hasTransferLink", "transferQuoteId", "renewalQuoteId"],
      properties: { provider, hasTransferLink: { type: "boolean" }, transferQuoteId: quoteId("the destination's transfer"), renewalQuoteId: quoteId("the destination's renewal") },
    }),
  },
};

const plan = {
  type: "object", required: ["currency", "totals", "groups", "notWorthMoving", "steps", "rules", "quotes"],
  properties: {
    currency: { type: "string" },
    totals: { type: "object", required: ["domains", "firstYearSaving", "threeYearSaving"], properties: { domains: { type: "integer" }, firstYearSaving: { type: "string" }, threeYearSaving: { type: "string" } } },
    groups: listOf({
      type: "object", required: ["destination", "firstYearSaving", "threeYearSaving", "domains"],
      properties: {
        destination: { type: "object", required: ["id", "name", "hasTransferLink"], properties: { id: { type: "integer" }, name: { type: "string" }, hasTransferLink: { type: "boolean" } } },
        firstYearSaving: { type: "string" }, threeYearSaving: { type: "string" },
        domains: listOf({
          type: "object", required: ["id", "domainName", "state", "stateChangedAt", "transferLink", "verdict"],
          properties: {
            id: { type: "integer" }, domainName: { type: "string" }, state: { enum: [...TRANSFER_STATES] },
            stateChangedAt: nullable("string", { format: "date-time" }), transferLink: nullable("string"), verdict: planVerdict,
          },
        }),
      },
    }),
    notWorthMoving: { type: "integer" },
    steps: listOf({ type: "object", required: ["state", "title", "text"], properties: { state: { enum: [...TRANSFER_STATES] }, title: { type: "string" }, text: { type: "string" } } }),
    rules: { type: "object", description: "The transfer rules the verdicts name, by pattern (their ruleId).", additionalProperties: rule },
    quotes: { type: "object", description: "The prices the verdicts name, by key (their renewalQuoteId and transferQuoteId), each given once.", additionalProperties: price },
  },
};

export function transferPaths() {
  const id = pathParameter("id", userDomainIdSchema, "The portfolio entry's id.");
  return {
    "/api/user-domains/{id}/transfer-verdict": {
      get: {
        operationId: "getTransferVerdict", summary: "Is moving this domain worth it, and when",
        description: "Staying (renewals at the registrar that holds it) against moving (the transfer, with the year it adds where the TLD adds one, then the new registrar's renewals) over 1, 3 and 5 years, "
          + "each price with its source and date; and the window: the earliest day the TLD's locks allow, what blocks a move today and the days before the next renewal to start it. 404 when no entry of the caller has this id.",
        security: ownerRead, parameters: [id, ...currency], responses: { 200: answer("OK", verdict), ...ownerErrors },
      },
    },
    "/api/portfolio/transfer-plan": {
      get: {
        operationId: "getTransferPlan", summary: "The transfer plan",
        description: "Every domain worth moving (and any the owner has started moving), grouped by the registrar it moves to, largest 3-year saving first, with the steps and each domain's progress. "
          + "Each TLD's rule and each price is given once, in rules and quotes, and the domains' verdicts name them by key; a domain's sentence is its own verdict's. "
          + "A move whose destination the registry now names is marked done, and the domain's history records it.",
        security: ownerRead, parameters: currency, responses: { 200: answer("OK", plan), ...ownerErrors },
      },
    },
    "/api/portfolio/transfer-plan.csv": {
      get: {
        operationId: "exportTransferPlanCsv", summary: "The transfer plan as CSV",
        description: "One record per planned domain: domain, moves_to, state, verdict, currency, current_renewal, transfer, new_renewal, saving_1_year, saving_3_years, saving_5_years, break_even_year, earliest_date, start_by, blocked_by, transfer_link.",
        security: ownerRead, parameters: currency,
        responses: { 200: { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } }, ...ownerErrors },
      },
    },
    "/api/portfolio/transfer-plan/{id}": {
      put: {
        operationId: "setTransferState", summary: "Move a domain on a step",
        description: `state: ${TRANSFER_STATES.join(", ")}. The registrar it moves to is the verdict's unless destinationProviderId names one (400 when neither does).`,
        security: ownerWrite, parameters: [id], requestBody: jsonBody(transferStateSchema),
        responses: {
          200: answer("Stored", { type: "object", required: ["id", "state", "destinationProviderId"], properties: { id: { type: "integer" }, state: { enum: [...TRANSFER_STATES] }, destinationProviderId: { type: "integer" } } }),
          ...writeErrors,
        },
      },
    },
  };
}
