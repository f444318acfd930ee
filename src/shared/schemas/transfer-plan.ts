/**
 * Inputs of the transfer plan: an administrator's transfer rule for a TLD pattern, and the
 * owner's progress with one domain's move.
 */
import { z } from "zod";

/** How far a domain's move has got, in the order the owner works through it. */
export const TRANSFER_STATES = ["planned", "unlocked", "code_requested", "started", "done"] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

const days = (name: string) =>
  z.number({ error: `${name} must be a whole number of days` }).int(`${name} must be a whole number of days`)
    .min(0, `${name} cannot be negative`).max(3650, `${name} must be at most 3650 days`);

/** A catalogue name ("com", "co.uk") or "*" for every TLD without a row of its own. */
export const transferRulePatternSchema = z.string({ error: "pattern must be a TLD such as com or co.uk, or *" }).trim().toLowerCase()
  .regex(/^(\*|[a-z0-9-]+(\.[a-z0-9-]+)*)$/, "pattern must be a TLD such as com or co.uk, or *").max(63, "pattern must be at most 63 characters");

export const transferRuleSchema = z.object({
  pattern: transferRulePatternSchema,
  addsYear: z.boolean({ error: "addsYear must be true or false" }),
  lockAfterRegistrationDays: days("lockAfterRegistrationDays"),
  lockAfterTransferDays: days("lockAfterTransferDays"),
  minDaysBeforeExpiry: days("minDaysBeforeExpiry").nullable().default(null),
  sourceUrl: z.url({ protocol: /^https?$/, error: "sourceUrl must be an http or https address" }).max(500, "sourceUrl must be at most 500 characters"),
  sourceDate: z.iso.date({ error: "sourceDate must be a date (YYYY-MM-DD)" }),
  note: z.string().trim().max(1000, "note must be at most 1000 characters").nullable().default(null),
});
export type TransferRuleInput = z.infer<typeof transferRuleSchema>;

export const transferStateSchema = z.object({
  state: z.enum(TRANSFER_STATES, { error: `state must be one of ${TRANSFER_STATES.join(", ")}` }),
  /** The registrar it moves to; the plan's choice when left out. */
  destinationProviderId: z.number().int().positive().optional(),
});
export type TransferStateInput = z.infer<typeof transferStateSchema>;
