/** How the admin pages write times, durations and counts; moments as every page does (lib/date-format.ts). */
import { formatDateTime as siteDateTime } from "../../lib/date-format.ts";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export const formatDateTime = (value: string | Date) => siteDateTime(value);
export const formatDate = (value: string | Date) => DATE.format(toDate(value));
export const formatTime = (value: string | Date | number) => TIME.format(typeof value === "number" ? value : toDate(value));
export const formatCount = (value: number) => value.toLocaleString("en-US");

/** Milliseconds as people read them: 850 ms, 4.2 s, 3 min 5 s, 1 h 2 min. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** A log's run time, or 'In progress' while it has not completed (spec section 2, Logs). */
export function formatDuration(startedAt: string, completedAt: string | null): string {
  if (!completedAt) return "In progress";
  return formatMs(toDate(completedAt).getTime() - toDate(startedAt).getTime());
}

/** The domain or TLD a log was about, or 'N/A'. */
export function logTarget(log: { domain: string | null; tld: string | null }): string {
  if (log.domain) return log.domain;
  return log.tld ? `.${log.tld.replace(/^\./, "")}` : "N/A";
}
