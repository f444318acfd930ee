/** The schedule form's cron check, run on every keystroke, with the server's reading and messages (shared/cron.ts). */
import { invalidCronMessage, NEVER_MATCHES, parseCron } from "../../../shared/cron.ts";
import { cronSchema } from "../../../shared/schemas/admin.ts";

export type CronCheck = { ok: true; nextRuns: Date[] } | { ok: false; message: string };

export function checkCron(expression: string, from = new Date(), count = 3): CronCheck {
  const shape = cronSchema.safeParse(expression);
  if (!shape.success) return { ok: false, message: shape.error.issues[0]?.message ?? "Invalid cron expression" };
  const parsed = parseCron(shape.data);
  if (!parsed.ok) return { ok: false, message: invalidCronMessage(parsed.reason) };
  const nextRuns = parsed.cron.nextRuns(count, from);
  if (nextRuns.length === 0) return { ok: false, message: NEVER_MATCHES };
  return { ok: true, nextRuns };
}

// Schedules run in UTC on the server, so their times are written in UTC too.
const IN_WORDS = new Intl.DateTimeFormat("en-US", {
  weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short",
});

/** "Monday, January 5, 2026 at 3:00 AM UTC". */
export const runInWords = (date: Date): string => IN_WORDS.format(date);
