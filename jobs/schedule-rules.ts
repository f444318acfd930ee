/**
 * What both implementations accept as a schedule, checked the same way before anything is
 * stored: a 5-field cron expression evaluated in UTC, and a key that can be part of a name.
 * jobs/ imports nothing of src/, so the croner options are written here as well as in
 * src/shared/cron.ts; src/server/features/price-engine/cron-reading.test.ts keeps the two readings equal.
 */
import { Cron } from "croner";

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export function assertScheduleKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Schedule key "${key}" must be 1-100 letters, digits, "_" or "-"`);
}

/** Parses a 5-field cron expression (minute hour day-of-month month day-of-week), in UTC. */
export function parseCron(expression: string): Cron {
  try {
    return new Cron(expression, { timezone: "UTC", paused: true, mode: "5-part" });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern: /, "");
    throw new Error(`Invalid cron expression "${expression}" (5 fields: minute hour day-of-month month day-of-week): ${reason}`, { cause: error });
  }
}

/** The first tick strictly after `after`, or null when the expression never fires again. */
export function nextTick(cron: Cron, after: Date): Date | null {
  return cron.nextRun(after);
}

/**
 * A job whose process died while running it (SIGKILL, a crash, a lost machine) is run again
 * as its next attempt while fewer than max(its retryLimit, ORPHAN_RETRIES) attempts were made:
 * a job sent with retryLimit 0 still gets a run that is not cut short, and one that kills its
 * process every time stops after this many.
 */
export const ORPHAN_RETRIES = 2;
