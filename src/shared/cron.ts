/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week) evaluated in UTC,
 * read with croner: the one reading the schedule form and the admin calls share. The job queue
 * (jobs/, which imports nothing of src/) reads cron with croner itself, with the same options;
 * src/server/features/price-engine/cron-reading.test.ts keeps the two equal.
 */
import { Cron } from "croner";

export type ParsedCron = { ok: true; cron: Cron } | { ok: false; reason: string };

/** The expression's schedule, or why it is not one ("Invalid value for minute: 61"). */
export function parseCron(expression: string): ParsedCron {
  try {
    return { ok: true, cron: new Cron(expression, { timezone: "UTC", paused: true, mode: "5-part" }) };
  } catch (error) {
    return { ok: false, reason: (error instanceof Error ? error.message : String(error)).replace(/^CronPattern: /, "") };
  }
}

/** The message for an expression that parses but names no date that exists (30 February). */
export const NEVER_MATCHES = "Invalid cron expression: it never matches a date";

export const invalidCronMessage = (reason: string) => `Invalid cron expression: ${reason}`;
