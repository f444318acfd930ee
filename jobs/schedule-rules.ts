/**
 * What both implementations accept as a schedule, checked the same way before anything is
 * stored: a 5-field cron expression evaluated in UTC, and a key that can be part of a name.
 */
import type { Cron } from "croner";
import { parseCron as readCron } from "../src/shared/cron.ts";

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export function assertScheduleKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Schedule key "${key}" must be 1-100 letters, digits, "_" or "-"`);
}

/** Parses a 5-field cron expression (minute hour day-of-month month day-of-week), in UTC. */
export function parseCron(expression: string): Cron {
  const parsed = readCron(expression);
  if (!parsed.ok) throw new Error(`Invalid cron expression "${expression}" (5 fields: minute hour day-of-month month day-of-week): ${parsed.reason}`);
  return parsed.cron;
}

/** The first tick strictly after `after`, or null when the expression never fires again. */
export function nextTick(cron: Cron, after: Date): Date | null {
  return cron.nextRun(after);
}
