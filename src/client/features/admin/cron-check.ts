/**
 * The schedule form's cron check, run on every keystroke. src/shared may import only zod, so
 * croner is used here with the options of the server's check (price-engine/cron.ts: five
 * fields, UTC) and the same messages: what the form accepts, the server accepts.
 */
import { Cron } from "croner";
import { cronSchema } from "../../../shared/schemas/admin.ts";

export type CronCheck = { ok: true; nextRuns: Date[] } | { ok: false; message: string };

export function checkCron(expression: string, from = new Date(), count = 3): CronCheck {
  const shape = cronSchema.safeParse(expression);
  if (!shape.success) return { ok: false, message: shape.error.issues[0]?.message ?? "Invalid cron expression" };
  let cron: Cron;
  try {
    cron = new Cron(shape.data, { timezone: "UTC", paused: true, mode: "5-part" });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern: /, "");
    return { ok: false, message: `Invalid cron expression: ${reason}` };
  }
  const nextRuns = cron.nextRuns(count, from);
  if (nextRuns.length === 0) return { ok: false, message: "Invalid cron expression: it never matches a date" };
  return { ok: true, nextRuns };
}

// Schedules run in UTC on the server, so their times are written in UTC too.
const IN_WORDS = new Intl.DateTimeFormat("en-US", {
  weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short",
});

/** "Monday, January 5, 2026 at 3:00 AM UTC". */
export const runInWords = (date: Date): string => IN_WORDS.format(date);
