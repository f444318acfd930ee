/**
 * Openprovider's public price sheet as Google Sheets exports it to CSV: a title row, then a
 * header row `TLD,Years,Operation,Price,Basic \ Pro \ Expert,Supreme,Promo Price,Promo Price,`
 * and one row per TLD, registration period and operation (create, renew, transfer, restore,
 * trade, update). `Price` is the non-member price anyone pays; the membership columns and the
 * promo columns (whose tier and dates the sheet does not state) are not read. Only one-year
 * rows count. The answer has the shape of the bundled JSON export's `data`, so one entry
 * reader (addOpenproviderEntry) serves both.
 */
import { CsvError, parse } from "csv-parse/sync";

const REQUIRED = ["TLD", "Years", "Operation", "Price"] as const;
/** How far down the header row may sit (the export starts with a title row or two). */
const HEADER_SEARCH_ROWS = 10;
/** Cells that mean "no price" rather than a broken one. */
const NO_PRICE = /^(?:|n\/?a|-|—|–)$/i;

/** The sheet is not the shape described above (no header row): it changed, or is not the sheet. */
export class SheetShapeError extends Error {}
/** The text stops inside a quoted cell or a row: it was cut short. */
export class SheetCutShortError extends Error {}

export type OpenproviderSheetEntry = { "regular-price": Record<string, string> } | null;

const cell = (value: string | undefined) => (value ?? "").replace(/\uFEFF/g, "").trim();

/**
 * Entries by TLD as written in the sheet; null marks a TLD whose one-year row for an
 * operation appears twice (a malformed entry, skipped by the reader).
 */
export function readOpenproviderSheet(text: string): Map<string, OpenproviderSheetEntry> {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED") throw new SheetCutShortError("the CSV stops inside a quoted cell");
    throw new SheetShapeError(`the CSV cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const headerIndex = records.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => REQUIRED.every((h) => row.map(cell).includes(h)));
  if (headerIndex === -1) throw new SheetShapeError(`no header row with the columns ${REQUIRED.join(", ")}`);
  const header = records[headerIndex]!.map(cell);
  const [tldAt, yearsAt, operationAt, priceAt] = REQUIRED.map((h) => header.indexOf(h)) as [number, number, number, number];
  const rows = records.slice(headerIndex + 1);
  // Google's export writes every cell of every row; a last row shorter than the header was cut off.
  if ((rows.at(-1)?.length ?? header.length) < header.length) throw new SheetCutShortError("the last row stops halfway");

  const entries = new Map<string, OpenproviderSheetEntry>();
  const seen = new Map<string, Set<string>>();
  for (const row of rows) {
    const [tld, years, operation, price] = [row[tldAt], row[yearsAt], row[operationAt], row[priceAt]].map(cell) as [string, string, string, string];
    if (!tld || !operation || Number(years) !== 1) continue;
    const op = operation.toLowerCase();
    const ops = seen.get(tld) ?? new Set<string>();
    seen.set(tld, ops);
    if (!entries.has(tld)) entries.set(tld, { "regular-price": {} });
    if (ops.has(op)) entries.set(tld, null);
    ops.add(op);
    const entry = entries.get(tld);
    if (entry && !NO_PRICE.test(price)) entry["regular-price"][op] = price;
  }
  return entries;
}
