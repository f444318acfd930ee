/** Five-field cron expressions (UTC) for price schedules; a bad one is refused with its reason. */
import type { Cron } from "croner";
import { invalidCronMessage, NEVER_MATCHES, parseCron } from "../../../shared/cron.ts";
import { badRequest } from "../../lib/errors.ts";

const refuse = (message: string) => badRequest(message, [{ field: "schedule", message }]);

function parse(expression: string): Cron {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw refuse(invalidCronMessage(parsed.reason));
  return parsed.cron;
}

/** Throws a 400 naming the problem; returns the next time it fires after `from`. */
export function validateCron(expression: string, from = new Date()): Date {
  const next = parse(expression).nextRun(from);
  if (!next) throw refuse(NEVER_MATCHES);
  return next;
}

/** Next firing time, or null for an expression that never fires again. */
export function nextRunOf(expression: string, from = new Date()): Date | null {
  const parsed = parseCron(expression);
  return parsed.ok ? parsed.cron.nextRun(from) : null;
}
