/**
 * When an entry's registry record is looked up again: weekly; daily within 30 days of its
 * expiry; the day after its expiry passes, then daily while it may still be renewed, restored
 * or deleted (the grace, redemption and pending-delete periods: 90 days). A failed lookup is
 * tried again soon and then less often: 5 minutes, 15 minutes, 1 hour, 6 hours, then daily
 * until one works.
 */
import type { RegistryOutcome } from "../../../../db/repositories/registry-record-repository.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REGISTRY_CHECK_RULES = { weekly: 7 * DAY, daily: DAY, nearExpiryDays: 30, afterExpiryDays: 90 } as const;
/** The wait after the 1st, 2nd, 3rd… failed lookup in a row; the last one repeats. */
export const RETRY_BACKOFF_MS = [5 * MINUTE, 15 * MINUTE, HOUR, 6 * HOUR, DAY] as const;

/** Midnight UTC starting the day after `isoDate` (the first instant the date has passed). */
const dayAfter = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) + DAY;

/** `failures`: for an error, the failed lookups in a row, this one included (1 for the first). */
export function nextRegistryCheck(now: Date, outcome: Exclude<RegistryOutcome, "pending">, expirationDate: string | null, failures = 1): Date {
  const at = now.getTime();
  if (outcome === "error") return new Date(at + RETRY_BACKOFF_MS[Math.min(Math.max(failures, 1), RETRY_BACKOFF_MS.length) - 1]!);
  if (outcome !== "ok" || expirationDate === null) return new Date(at + REGISTRY_CHECK_RULES.weekly);
  const passed = dayAfter(expirationDate);
  if (at < passed) {
    const near = passed - at <= (REGISTRY_CHECK_RULES.nearExpiryDays + 1) * DAY;
    return new Date(Math.min(at + (near ? DAY : REGISTRY_CHECK_RULES.weekly), passed));
  }
  const sincePassed = at - passed;
  return new Date(at + (sincePassed < REGISTRY_CHECK_RULES.afterExpiryDays * DAY ? DAY : REGISTRY_CHECK_RULES.weekly));
}
