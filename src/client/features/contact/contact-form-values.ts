import { TRPCClientError } from "@trpc/client";
import { contactMessageSchema, type ContactMessageInput } from "../../../shared/schemas/contact.ts";
import { collectFieldErrors, zodFieldErrors } from "../../lib/form-errors.ts";
import { httpStatusOf } from "../../lib/trpc-errors.ts";

export const FIELDS = ["name", "email", "category", "priority", "subject", "message"] as const;
export type ContactField = (typeof FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", category: "", priority: "normal", subject: "", message: "" };

export const CATEGORY_LABELS: Record<ContactMessageInput["category"], string> = {
  "technical-support": "Technical Support", "account-help": "Account Help", "data-inquiry": "Data Inquiry",
  "api-support": "API Support", billing: "Billing", partnership: "Partnership", feedback: "Feedback", other: "Other",
};
export const PRIORITY_LABELS: Record<ContactMessageInput["priority"], string> = {
  low: "Low", normal: "Normal", high: "High", critical: "Critical",
};

/** The first message per field, from the shared schema (the server answers with the same ones). */
export function validateContact(values: ContactValues): { ok: true; input: ContactMessageInput } | { ok: false; errors: ContactErrors } {
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: zodFieldErrors(parsed.error.issues, FIELDS) };
}

/** Field messages the server sent back, and whether it refused because of the hourly limit. */
export function readSendFailure(error: unknown): { errors: ContactErrors; rateLimited: string | null } {
  if (!(error instanceof TRPCClientError)) return { errors: {}, rateLimited: null };
  const errors: ContactErrors = collectFieldErrors((error.data as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? [], FIELDS);
  return { errors, rateLimited: httpStatusOf(error) === 429 ? error.message : null };
}
