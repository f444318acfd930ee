import { TRPCClientError } from "@trpc/client";
import type { ContactMessageInput } from "../../../shared/schemas/contact.ts";
import { httpStatusOf } from "../../lib/trpc-errors.ts";

export const FIELDS = ["name", "email", "category", "priority", "subject", "message"] as const;
export type ContactField = (typeof FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", category: "", priority: "normal", subject: "", message: "" };

export const CATEGORY_LABELS: Record<ContactMessageInput["category"], string> = {
  "technical-support": "Technical Support", "account-help": "Account Help", "data-inquiry": "Data Inquiry",
  "api-support": "API Support", billing: "Billing", partnership: "Partnership", feedback: "Feedback", other: "Other",
};
export const PRIORITY_LABELS: Record<ContactMessageInput["priority"], string> = {
  low: "Low", normal: "Normal", high: "High", critical: "Critical",
};

/** The server's reason when it refused because of the hourly limit (429), which the toast shows instead of the usual hint. */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof TRPCClientError && httpStatusOf(error) === 429 ? error.message : null;
}
