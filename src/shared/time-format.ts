/**
 * One way to write a moment, on the pages and in mails and feeds: "Dec 7, 2026, 4:06 AM UTC" —
 * the day, the time and the zone it is read in, so it cannot be misread whoever reads it. Pages
 * write it in the reader's time zone (client lib/date-format.ts: their account's, else the one
 * chosen in this browser, else the browser's); mails and feeds in the account's zone, named by
 * its IANA name ("Jan 8, 2027, 9:00 AM (Europe/Berlin)"), else in UTC. Days alone are calendar days
 * ("Dec 7, 2026", price-format.ts formatUtcDay); lengths of time are in their largest sensible
 * unit ("8 years", time-in-words.ts).
 */
export { agoInWords, durationInWords } from "./time-in-words.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `timeZone`, made once: creating one loads locale data. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

const asDate = (value: string | Date | number) => (value instanceof Date ? value : new Date(value));

/** "Dec 7, 2026, 4:06 AM GMT+1" in `timeZone` (UTC by default); "" for an unreadable value. */
export function formatMoment(value: string | Date | number, timeZone = "UTC"): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return formatIn(timeZone).format(date);
}

/** A moment as mails and feeds write it: in UTC, named ("Dec 7, 2026, 3:06 AM UTC"). */
export const formatMomentUtc = (value: string | Date | number): string => formatMoment(value, "UTC");

const namedFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as mails and feeds write it for an account: in its zone, named by the zone's IANA name
 * ("Jan 8, 2027, 9:00 AM (Europe/Berlin)"); in UTC ("Jan 8, 2027, 8:00 AM UTC") when the account
 * chose none (null) or names one this runtime does not know. "" for an unreadable value.
 */
export function formatMomentIn(value: string | Date | number, timeZone: string | null | undefined): string {
  if (!timeZone || timeZone === "UTC" || !isTimeZone(timeZone)) return formatMomentUtc(value);
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return "";
  let format = namedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
    namedFormats.set(timeZone, format);
  }
  return `${format.format(date)} (${timeZone})`;
}
