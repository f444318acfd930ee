/**
 * The pieces the OpenAPI document is written with: JSON Schema from the zod schemas the
 * endpoints parse with (zod 4's own output, draft 2020-12, OpenAPI 3.1's schema dialect),
 * parameters, the error answer, and the security of each kind of call.
 */
import { z } from "zod";
import { refusingUnknownFields } from "../../lib/unknown-fields.ts";

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a zod schema accepts (its input side: what a client sends, where an
 * object has no fields but those it names: additionalProperties false), or of an answer.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(io === "input" ? refusingUnknownFields(schema) : schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const DESCRIPTIONS: Record<string, string> = {
  page: "Page number, from 1.",
  limit: "Rows per page (at most 100; more is a 400).",
  sortBy: "Column to sort by, or popularity: the common TLDs (com, net, org, io, co) first, then those the most registrars sell.",
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
export function queryParameters(schema: z.ZodObject, descriptions: Record<string, string> = {}) {
  const json = jsonSchemaOf(schema) as { properties: Record<string, JsonSchema> };
  return Object.entries(json.properties).map(([name, property]) => ({
    name, in: "query", required: false, description: descriptions[name] ?? DESCRIPTIONS[name] ?? name, schema: property,
  }));
}

export const pathParameter = (name: string, schema: z.ZodType, description: string) =>
  ({ name, in: "path", required: true, description, schema: jsonSchemaOf(schema) });

export const error = { $ref: "#/components/responses/Error" };
export const anyObject = { type: "object", additionalProperties: true };
export const listOf = (items: JsonSchema) => ({ type: "array", items });
export const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, "null"], ...extra });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const orNull = (schema: JsonSchema) => ({ oneOf: [schema, { type: "null" }] });

export const jsonBody = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema: jsonSchemaOf(schema) } } });
export const answer = (description: string, schema: JsonSchema) => ({ description, content: { "application/json": { schema } } });

/** An administrator's own settings and lists: the session cookie, from the site's own origin (no API key). */
export const session = [{ session: [] }];
/**
 * A user's own data: an API key of theirs (read: GET calls; write: every call) or their
 * session. The key's scope is the role the security requirement names (OpenAPI 3.1 lets a
 * non-OAuth scheme list the roles a call needs).
 */
export const ownerRead = [{ apiKey: ["read"] }, { session: [] }];
export const ownerWrite = [{ apiKey: ["write"] }, { session: [] }];

export const unsupportedBody = { ...error, description: "The body is not JSON (Content-Type application/json)." };
export const ownerErrors = {
  400: error, 401: { ...error, description: "No session, or a wrong or revoked API key." }, 404: error,
  429: { ...error, description: "The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits." },
};
export const writeErrors = {
  ...ownerErrors,
  403: { ...error, description: "The API key can only read: a key with the write scope adds, changes and removes." },
  415: unsupportedBody,
};
