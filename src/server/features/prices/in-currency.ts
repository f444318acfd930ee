/** Served price rows and quotes with `display`: their prices in a display currency (decision 019). */
import type { Db } from "../../../../db/client.ts";
import type { PriceRow } from "../../../shared/price-quote.ts";
import { loadDisplayConverter, quoteDisplay, type DisplayConverter } from "../../lib/display-currency.ts";

export const withQuoteDisplay = <Q extends Parameters<typeof quoteDisplay>[1]>(converter: DisplayConverter, quote: Q): Q =>
  ({ ...quote, display: quoteDisplay(converter, quote) });

function withRowDisplay(converter: DisplayConverter, row: PriceRow): PriceRow {
  const display = converter.canConvert(row.currency)
    ? {
      ...quoteDisplay(converter, row)!,
      threeYearPrice: converter.amountOf(row.threeYearPrice, row.currency),
    }
    : null;
  return { ...row, prices: row.prices.map((q) => withQuoteDisplay(converter, q)), display };
}

const quoteCurrencies = (rows: PriceRow[]) => [...rows.map((r) => r.currency), ...rows.flatMap((r) => r.prices.map((q) => q.currency))];

/** Rows with `display` on each row and quote; 400 for an unknown currency. */
export async function rowsInCurrency(db: Db, rows: PriceRow[], currency: string): Promise<PriceRow[]> {
  const converter = await loadDisplayConverter(db, currency, quoteCurrencies(rows));
  return rows.map((row) => withRowDisplay(converter, row));
}
