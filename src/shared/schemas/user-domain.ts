/**
 * Portfolio inputs, shared by the Add/Edit Domain form and the server. Empty form fields ("")
 * mean "no value" (null); an absent field on update means "keep what is stored". The server
 * adds the checks that need the database (TLD exists and matches, provider exists).
 */
import { z } from "zod";
import { normaliseTldInput, validateDomainName } from "../domain-name.ts";

/** A domain name as typed, normalised (see validateDomainName); the person's mistake as the message. */
export const domainNameSchema = z
  .string({ error: "Domain is required" })
  .transform((value, ctx) => {
    const result = validateDomainName(value);
    if (!result.valid) {
      ctx.addIssue({ code: "custom", message: result.message, input: value });
      return z.NEVER;
    }
    return result.domain;
  });

/** Whether a domain renews automatically: known on or off, or unknown (nobody has said). */
export const AUTO_RENEW_STATES = ["on", "off", "unknown"] as const;
export type AutoRenewState = (typeof AUTO_RENEW_STATES)[number];
export const autoRenewStateOf = (autoRenew: boolean | null): AutoRenewState => (autoRenew === null ? "unknown" : autoRenew ? "on" : "off");
export const autoRenewOfState = (state: AutoRenewState): boolean | null => (state === "unknown" ? null : state === "on");

export const NOTES_MAX = 2000;
/** Rows one CSV import takes: a whole portfolio at the default PORTFOLIO_MAX_DOMAINS. */
export const IMPORT_MAX_ROWS = 10_000;
/** The request body limit (json-body.ts BODY_LIMIT_BYTES): about 10,000 rows of the seven columns with short notes. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Columns the portfolio CSV import reads (the export's first seven). */
export const CSV_COLUMNS = ["domainName", "tld", "registrar", "registrationDate", "expirationDate", "autoRenew", "notes"] as const;
export const DATES_ORDER_MESSAGE = "Expiration date must be after the registration date";

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** "2025-02-30" is not a day; Date.UTC would silently roll it over, so compare the parts back. */
export function normaliseIsoDate(value: string): string | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1985) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

// Date inputs only edit the date part, but a full ISO instant is accepted and cut to its date.
const dateField = (label: string) =>
  z.union([z.string(), z.null()], { error: `${label} must be a date (YYYY-MM-DD)` }).optional().transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === "") return null;
    const date = normaliseIsoDate(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message: `${label} must be a date (YYYY-MM-DD)`, input: v });
      return z.NEVER;
    }
    return date;
  });

/**
 * "com", ".com", " .COM " → "com"; "рф" or ".РФ" → "xn--p1ai" (normaliseTldInput); empty →
 * undefined, so the server derives it from the domain.
 */
const tldField = z
  .string({ error: "TLD must be text such as com" })
  .max(80, "TLD is too long")
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const tld = normaliseTldInput(v);
    if (!tld.valid) {
      ctx.addIssue({ code: "custom", message: tld.message, input: v });
      return z.NEVER;
    }
    return tld.tld;
  });

const providerField = z
  .union([z.number(), z.string(), z.null()], { error: "Service provider must be a valid id" })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === "") return null;
    const n = typeof v === "number" ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "Service provider must be a valid id", input: v });
      return z.NEVER;
    }
    return n;
  });

const notesField = z
  .union([z.string(), z.null()], { error: "Notes must be text" })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim()))
  .refine((v) => !v || v.length <= NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`);

const fields = {
  domainName: domainNameSchema,
  tldId: tldField,
  serviceProviderId: providerField,
  registrationDate: dateField("Registration date"),
  expirationDate: dateField("Expiration date"),
  /** true or false; null (or left out when adding) when it is not known. */
  autoRenew: z.union([z.boolean(), z.null()], { error: "Auto-renew must be true or false" }).optional(),
  /** The same as one of three words; wins over autoRenew when both are given and they agree. */
  autoRenewState: z.enum(AUTO_RENEW_STATES, { error: 'Auto-renew must be "on", "off" or "unknown"' }).optional(),
  notes: notesField,
};

/** autoRenew and autoRenewState, when both are given, must say the same. */
const autoRenewAgrees = (v: { autoRenew?: boolean | null | undefined; autoRenewState?: AutoRenewState | undefined }) =>
  v.autoRenew === undefined || v.autoRenewState === undefined || autoRenewOfState(v.autoRenewState) === v.autoRenew;
const AUTO_RENEW_DISAGREE = { message: "autoRenew and autoRenewState say different things: send one of them", path: ["autoRenewState"] };

/** The auto-renew a body asks for: true, false, null (unknown), or undefined when it says nothing. */
export const autoRenewAsked = (v: { autoRenew?: boolean | null | undefined; autoRenewState?: AutoRenewState | undefined }): boolean | null | undefined =>
  v.autoRenewState !== undefined ? autoRenewOfState(v.autoRenewState) : v.autoRenew;

/** ISO dates compare correctly as strings. */
export const datesInOrder = (registration: string | null | undefined, expiration: string | null | undefined) =>
  !registration || !expiration || expiration > registration;

export const userDomainCreateSchema = z
  .object(fields)
  .refine((v) => datesInOrder(v.registrationDate, v.expirationDate), { message: DATES_ORDER_MESSAGE, path: ["expirationDate"] })
  .refine(autoRenewAgrees, AUTO_RENEW_DISAGREE);
export type UserDomainCreateInput = z.output<typeof userDomainCreateSchema>;

export const userDomainIdSchema = z.coerce
  .number({ error: "Domain not found" })
  .int("Domain not found")
  .positive("Domain not found")
  .max(2_147_483_647, "Domain not found");

const updateFields = {
  ...fields,
  domainName: domainNameSchema.optional(),
  /** Reminders and expiry views use the typed dates instead of the registry's. */
  useOwnDates: z.boolean({ error: "Use my dates must be true or false" }).optional(),
};

/** PUT body: every field optional; the date order is re-checked against stored values. */
export const userDomainUpdateSchema = z
  .object(updateFields)
  .refine((v) => datesInOrder(v.registrationDate, v.expirationDate), { message: DATES_ORDER_MESSAGE, path: ["expirationDate"] })
  .refine(autoRenewAgrees, AUTO_RENEW_DISAGREE);
export type UserDomainUpdateInput = z.output<typeof userDomainUpdateSchema>;

/** portfolio.update: the PUT body plus the entry's id. */
export const userDomainUpdateByIdSchema = z
  .object({ id: userDomainIdSchema, ...updateFields })
  .refine((v) => datesInOrder(v.registrationDate, v.expirationDate), { message: DATES_ORDER_MESSAGE, path: ["expirationDate"] })
  .refine(autoRenewAgrees, AUTO_RENEW_DISAGREE);

export const IMPORT_TOO_LARGE = `CSV file too large (max ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`;

export const importCsvSchema = z.object({
  csv: z.string({ error: "csv is required" }).max(IMPORT_MAX_BYTES, IMPORT_TOO_LARGE),
});
