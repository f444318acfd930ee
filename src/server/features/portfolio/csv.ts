/**
 * CSV in and out (RFC 4180) with csv-stringify and csv-parse. Writing ends records with CRLF
 * and quotes a field holding a comma, quote, line break or edge spaces (which spreadsheets
 * would otherwise trim); reading handles quoted fields across lines, CRLF/LF and a byte-order
 * mark from spreadsheet exports.
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR) as a formula, so such text
 * fields are written with a leading apostrophe (OWASP's CSV-injection advice), and reading
 * removes exactly that apostrophe again, so an export imports back unchanged.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { badRequest } from "../../lib/errors.ts";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Free text that a spreadsheet could mistake for a formula gets the apostrophe guard. */
export const guardFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
export const unguardFormula = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

export function toCsv(rows: readonly (readonly string[])[]): string {
  // csv-stringify quotes delimiters and quotes itself; line breaks and edge spaces need asking for.
  return stringify(rows.map((row) => [...row]), { record_delimiter: "windows", quoted_match: /[\r\n]|^\s|\s$/ });
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
