/**
 * CSV in and out (RFC 4180). Writing is ours: quote a field when it holds a comma, quote or
 * line break, double its quotes, end lines with CRLF. Reading uses csv-parse, which handles
 * quoted fields across lines, CRLF/LF and a byte-order mark from spreadsheet exports.
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR) as a formula, so such text
 * fields are written with a leading apostrophe (OWASP's CSV-injection advice), and reading
 * removes exactly that apostrophe again, so an export imports back unchanged.
 */
import { parse } from "csv-parse/sync";
import { badRequest } from "../../lib/errors.ts";

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeField(value: string): string {
  return NEEDS_QUOTES.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Free text that a spreadsheet could mistake for a formula gets the apostrophe guard. */
export const guardFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
export const unguardFormula = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(escapeField).join(",")).join("\r\n") + "\r\n";
}

/** Records as string arrays; rows may have fewer or more cells than the header. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 64 * 1024 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(`Could not read the CSV file: ${reason}`);
  }
}
