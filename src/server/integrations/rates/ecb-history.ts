/**
 * The ECB's euro reference rates history (eurofxref-hist.csv): `Date,USD,JPY,…`, one row per
 * business day, newest first, values in units of the currency per euro. Currencies the ECB
 * did not quote that day read "N/A" and every line ends with a comma (an empty last column);
 * both are left out. EUR itself is added at 1 so a lookup never special-cases the base.
 */
import { parse } from "csv-parse/sync";

export interface RateDay {
  /** YYYY-MM-DD, an ECB business day. */
  date: string;
  /** Units of each currency per euro. */
  rates: Record<string, number>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d+(\.\d+)?$/;

/** Oldest day first. An unreadable header or date throws; an unreadable rate is left out. */
export function parseEcbHistoryCsv(text: string): RateDay[] {
  const [header, ...rows]: string[][] = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true });
  if (!header || header[0] !== "Date") throw new Error("ECB rates: the first column must be Date");
  const currencies = header.slice(1).map((code) => (CURRENCY.test(code) ? code : null));
  if (currencies.some((code, i) => code === null && header[i + 1] !== "")) {
    throw new Error(`ECB rates: unreadable currency in header ${JSON.stringify(header.join(","))}`);
  }
  const days = rows.map(([date = "", ...cells]) => {
    if (!DATE.test(date)) throw new Error(`ECB rates: ${JSON.stringify(date)} is not a YYYY-MM-DD date`);
    const rates: Record<string, number> = { EUR: 1 };
    cells.forEach((cell, i) => {
      const code = currencies[i];
      const rate = RATE.test(cell) ? Number(cell) : NaN;
      if (code && rate > 0) rates[code] = rate;
    });
    return { date, rates };
  });
  return days.sort((a, b) => a.date.localeCompare(b.date));
}
