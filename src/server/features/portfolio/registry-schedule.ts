/**
 * When an entry's registry record is looked up again: weekly; daily within 30 days of its
 * expiry; the day after its expiry passes, then daily while it may still be renewed, restored
 * or deleted (the grace, redemption and pending-delete periods: 90 days); an answer the lookup
 * could not read is retried sooner.
 */
import type { RegistryOutcome } from "../../../../db/repositories/registry-record-repository.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REGISTRY_CHECK_RULES = { weekly: 7 * DAY, daily: DAY, nearExpiryDays: 30, afterExpiryDays: 90, afterError: 6 * HOUR } as const;

/** Midnight UTC starting the day after `isoDate` (the first instant the date has passed). */
const dayAfter = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) + DAY;

export function nextRegistryCheck(now: Date, outcome: Exclude<RegistryOutcome, "pending">, expirationDate: string | null): Date {
  const at = now.getTime();
  if (outcome === "error") return new Date(at + REGISTRY_CHECK_RULES.afterError);
  if (outcome !== "ok" || expirationDate === null) return new Date(at + REGISTRY_CHECK_RULES.weekly);
  const passed = dayAfter(expirationDate);
  if (at < passed) {
    const near = passed - at <= (REGISTRY_CHECK_RULES.nearExpiryDays + 1) * DAY;
    return new Date(Math.min(at + (near ? DAY : REGISTRY_CHECK_RULES.weekly), passed));
  }
  const sincePassed = at - passed;
  return new Date(at + (sincePassed < REGISTRY_CHECK_RULES.afterExpiryDays * DAY ? DAY : REGISTRY_CHECK_RULES.weekly));
}
