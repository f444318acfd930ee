/**
 * The contact form (spec document 2, section 5), shared by the form and POST /api/contact so
 * both give the same messages. Text fields are trimmed before their length is checked.
 */
import { z } from "zod";
import { oneLine } from "./plain-text.ts";

export const CONTACT_CATEGORIES = [
  "technical-support", "account-help", "data-inquiry", "api-support", "billing", "partnership", "feedback", "other",
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_PRIORITIES = ["low", "normal", "high", "critical"] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, subjectMin: 5, subjectMax: 200, messageMin: 10, messageMax: 2000 } as const;

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

export const contactMessageSchema = z.object({
  name: text(CONTACT_LIMITS.nameMin, CONTACT_LIMITS.nameMax, "Name must be at least 2 characters", "Name is too long").check(oneLine("Name")),
  email: z.string({ error: "Please enter a valid email address" }).trim().max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  subject: text(CONTACT_LIMITS.subjectMin, CONTACT_LIMITS.subjectMax, "Subject must be at least 5 characters", "Subject is too long").check(oneLine("Subject")),
  category: z.enum(CONTACT_CATEGORIES, { error: "Please select a category" }),
  priority: z.enum(CONTACT_PRIORITIES, { error: "Priority must be low, normal, high or critical" }).default("normal"),
  message: text(CONTACT_LIMITS.messageMin, CONTACT_LIMITS.messageMax, "Message must be at least 10 characters", "Message is too long"),
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

/** The admin list: newest first, paged. */
export const contactListSchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(1_000_000, "page is too large").default(1),
  limit: z.coerce.number({ error: "limit must be between 1 and 100" }).int("limit must be between 1 and 100").min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(20),
});
