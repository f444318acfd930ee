/**
 * Lengths of time as a person says them ("3 hours", "2 years"), not as counters ("70434 h").
 * Each is rounded down to its largest whole unit, so "2 years" means at least two.
 */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "always" });

function largestUnit(ms: number): [Intl.RelativeTimeFormatUnit, number] | null {
  for (const [unit, size] of UNITS) {
    const count = Math.floor(ms / size);
    if (count >= 1) return [unit, count];
  }
  return null;
}

/** "less than a minute", "1 minute", "3 hours", "2 years". */
export function durationInWords(ms: number): string {
  const largest = largestUnit(Math.max(0, ms));
  if (!largest) return "less than a minute";
  const [unit, count] = largest;
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** "just now", "3 hours ago", "2 years ago" for an instant before `now`. */
export function agoInWords(then: Date, now: Date): string {
  const largest = largestUnit(Math.max(0, now.getTime() - then.getTime()));
  if (!largest) return "just now";
  const [unit, count] = largest;
  return RELATIVE.format(-count, unit);
}
