/** The monitoring's facts in words, as the sections show them. */
import { formatDateTime } from "../../lib/date-format.ts";

const REASONS: Record<string, string> = {
  expired: "Expired",
  not_yet_valid: "Not valid yet",
  name_mismatch: "Does not cover the name",
  untrusted: "Not trusted",
  self_signed: "Self-signed",
  unreachable: "Could not connect",
  refused: "Not checked (address not allowed)",
};

export const reasonWords = (reason: string | null) => (reason ? (REASONS[reason] ?? reason) : "Fails to verify");

export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** A moment as every page writes it, in the reader's time zone and named ("Mar 1, 2026, 3:05 PM GMT+1"). */
export const moment = (iso: string | null) => (iso ? formatDateTime(iso) : "never");

export function daysLeftWords(days: number | null): string {
  if (days === null) return "";
  if (days < 0) return `ended ${-days} ${days === -1 ? "day" : "days"} ago`;
  if (days === 0) return "ends today";
  return `${days} ${days === 1 ? "day" : "days"} left`;
}

export const yesNo = (value: boolean | null) => (value === null ? "—" : value ? "yes" : "no");
