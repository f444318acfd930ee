/** Five-field cron expressions (UTC), parsed with croner so a bad one is refused with its reason. */
import { Cron } from "croner";
import { badRequest } from "../../lib/errors.ts";

function parse(expression: string): Cron {
  try {
    return new Cron(expression, { timezone: "UTC", paused: true, mode: "5-part" });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern: /, "");
    throw badRequest(`Invalid cron expression: ${reason}`, [{ field: "schedule", message: `Invalid cron expression: ${reason}` }]);
  }
}

/** Throws a 400 naming the problem; returns the next time it fires after `from`. */
export function validateCron(expression: string, from = new Date()): Date {
  const next = parse(expression).nextRun(from);
  if (!next) {
    const message = "Invalid cron expression: it never matches a date";
    throw badRequest(message, [{ field: "schedule", message }]);
  }
  return next;
}

/** Next firing time, or null for an expression that never fires again. */
export function nextRunOf(expression: string, from = new Date()): Date | null {
  try {
    return parse(expression).nextRun(from);
  } catch {
    return null;
  }
}
