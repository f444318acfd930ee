import { TRPCClientError } from "@trpc/client";
import { contactMessageSchema, type ContactMessageInput } from "../../../shared/schemas/contact.ts";
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

const isField = (name: string): name is ContactField => (FIELDS as readonly string[]).includes(name);

/** The first message per field, from the shared schema (the server answers with the same ones). */
export function validateContact(values: ContactValues): { ok: true; input: ContactMessageInput } | { ok: false; errors: ContactErrors } {
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Field messages the server sent back, and whether it refused because of the hourly limit. */
export function readSendFailure(error: unknown): { errors: ContactErrors; rateLimited: string | null } {
  const errors: ContactErrors = {};
  if (error instanceof TRPCClientError) {
    const issues = (error.data as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? [];
    for (const issue of issues) if (isField(issue.field)) errors[issue.field] ??= issue.message;
    if (httpStatusOf(error) === 429) return { errors, rateLimited: error.message };
  }
  return { errors, rateLimited: null };
}
