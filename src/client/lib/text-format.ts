/**
 * "12,345": a whole number with US thousands separators, as toLocaleString("en-US") writes it.
 * Written out because the first Intl number formatting of a page loads locale data, close to
 * 100 ms of a throttled phone's main thread while a public page starts.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 ? `-${digits}` : digits;
}

/** The English word for `count` of something: "1 TLD", "0 TLDs", "2 TLDs". */
export function pluralNoun(count: number, noun: Noun): string {
  return count === 1 ? noun.one : noun.other;
}
export interface Noun { one: string; other: string }

/**
 * Text order for names shown to people ("GoDaddy" beside "gandi"): case-insensitive, then exact.
 * Not localeCompare, whose first call builds a collator (tens of milliseconds on a phone).
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
