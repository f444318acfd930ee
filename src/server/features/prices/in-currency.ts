/** Served price rows and quotes with `display`: their prices in a display currency (decision 019). */
import type { Db } from "../../../../db/client.ts";
import { rowCurrencies, withRowDisplay } from "../../../shared/display-converter.ts";
import type { PriceRow } from "../../../shared/price-quote.ts";
import { loadDisplayConverter } from "../../domain/display-currency.ts";

export { withQuoteDisplay } from "../../../shared/display-converter.ts";

/** Rows with `display` on each row and its promotion; 400 for an unknown currency. */
export async function rowsInCurrency(db: Db, rows: PriceRow[], currency: string): Promise<PriceRow[]> {
  const converter = await loadDisplayConverter(db, currency, rowCurrencies(rows));
  return rows.map((row) => withRowDisplay(converter, row));
}
