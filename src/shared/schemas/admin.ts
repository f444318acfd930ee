/**
 * Inputs of the admin calls (spec sections 3, 4 and 7), shared by the admin screens and the
 * server. The cron expression is checked for its five fields here; the server also parses it
 * (croner) and answers which part is wrong.
 */
import { z } from "zod";
import { oneLine } from "./plain-text.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants.ts";
import { intParam } from "./int-param.ts";

export const PRICE_LOG_STATUSES = ["success", "error", "pending", "timeout"] as const;
export const INCIDENT_STATUSES = ["open", "investigating", "resolved", "closed"] as const;
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export const MANUAL_FETCH_TYPES = ["all", "pricing", "provider"] as const;
/** What an alert rule watches; its threshold is a count of runs, a percentage or hours. */
export const ALERT_CONDITIONS = ["consecutive_failures", "price_change_percent", "data_age_hours"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` });

// "all" from a filter select means no filter.
const filter = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.union([z.literal("all"), z.literal(""), oneOf(name, values)], { error: `${name} must be one of all, ${values.join(", ")}` })
    .optional().transform((v) => (v === "all" || v === "" ? undefined : v));

const search = z.string().trim().max(100, "search must be at most 100 characters").optional();

export const idSchema = z.coerce.number({ error: "id must be a positive whole number" })
  .int("id must be a positive whole number").positive("id must be a positive whole number").max(2_147_483_647, "id is too large");

export const priceLogQuerySchema = z.object({
  page: intParam("page", 1, 1_000_000).default(1),
  limit: intParam("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search,
  status: filter("status", PRICE_LOG_STATUSES),
  provider: z.string().trim().max(253, "provider is too long").optional().transform((v) => (v && v !== "all" ? v.toLowerCase() : undefined)),
});
export type PriceLogQueryInput = z.infer<typeof priceLogQuerySchema>;

export const incidentQuerySchema = z.object({
  page: intParam("page", 1, 1_000_000).default(1),
  limit: intParam("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search,
  status: filter("status", INCIDENT_STATUSES),
});
export type IncidentQueryInput = z.infer<typeof incidentQuerySchema>;

export const incidentStatusSchema = z.object({ status: oneOf("status", INCIDENT_STATUSES) });

export const manualFetchSchema = z.object({
  type: oneOf("type", MANUAL_FETCH_TYPES),
  provider: z.string().trim().toLowerCase().max(253, "provider is too long").optional(),
}).refine((v) => v.type !== "provider" || !!v.provider, { path: ["provider"], message: "provider is required when type is provider (its domain, e.g. porkbun.com)" });
export type ManualFetchInput = z.infer<typeof manualFetchSchema>;

export const cancelFetchSchema = z.object({
  provider: z.string({ error: "provider is required (its domain, e.g. porkbun.com)" }).trim().toLowerCase().min(1, "provider is required (its domain, e.g. porkbun.com)").max(253, "provider is too long"),
});

const optionalText = (name: string, max: number) =>
  z.union([z.string(), z.null()], { error: `${name} must be text` }).optional()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `${name} must be at most ${max} characters`);

const requiredName = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters").check(oneLine("Name"));

/** Five space-separated fields: minute, hour, day of month, month, day of week. */
export const cronSchema = z.string({ error: "Cron expression is required" }).trim().min(1, { error: "Cron expression is required", abort: true })
  .refine((v) => v.split(/\s+/).length === 5, "Cron expression must have five fields: minute, hour, day of month, month, day of week");

export const scheduleSchema = z.object({
  name: requiredName,
  description: optionalText("description", 500),
  // Empty means every active provider.
  providerId: z.union([idSchema, z.literal(""), z.null()], { error: "providerId must be a provider id or empty for all providers" })
    .optional().transform((v) => (v === "" || v == null ? null : v)),
  schedule: cronSchema,
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

export const alertRuleSchema = z.object({
  name: requiredName,
  description: optionalText("description", 500),
  condition: oneOf("condition", ALERT_CONDITIONS),
  threshold: z.number({ error: "threshold must be a whole number" }).int("threshold must be a whole number")
    .min(1, "threshold must be at least 1").max(100_000, "threshold must be at most 100000"),
  severity: oneOf("severity", SEVERITIES),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type AlertRuleInput = z.infer<typeof alertRuleSchema>;

/** A scheduled job run by hand from the Operations page (its name as `npm run jobs -- list` shows it). */
export const runScheduledJobSchema = z.object({
  name: z.string().trim().min(1, "Name the scheduled job to run").max(100, "No scheduled job has a name that long"),
});
