/**
 * Display helpers for portfolio dates and totals. Stored dates are calendar days
 * ("2026-03-01"), so they are formatted and compared in UTC: a local time zone must never
 * move an expiry to the day before.
 */
import { formatTotal, formatUtcDay } from "../../../shared/price-format.ts";

const DAY_MS = 86_400_000;

/** "2026-03-01" → "Mar 1, 2026"; a missing date reads "Not set". */
export function formatDay(isoDate: string | null | undefined): string {
  if (!isoDate) return "Not set";
  return formatUtcDay(isoDate.slice(0, 10)) ?? isoDate;
}

/** Whole days from today (UTC) to the date; negative once it has passed. */
export function daysUntil(isoDate: string, now: Date = new Date()): number {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.round((Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) - today) / DAY_MS);
}

export function formatDaysLeft(days: number): string {
  if (days === 0) return "expires today";
  if (days > 0) return `in ${days} ${days === 1 ? "day" : "days"}`;
  const ago = -days;
  return `expired ${ago} ${ago === 1 ? "day" : "days"} ago`;
}

/** Totals show "$0.00" (or "¥0") rather than the price tables' "N/A" (shared with the server's mails and feeds). */
export { formatTotal };

/** "2026-11" → "Nov 2026". */
export function formatMonth(month: string): string {
  return formatUtcDay(`${month}-01`)?.replace(" 1, ", " ") ?? month;
}
