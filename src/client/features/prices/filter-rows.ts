import { priceOrMissing } from "../../../shared/price-format.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import type { TableState } from "./table-state.ts";
import { compareText } from "../../lib/text-format.ts";

export type PriceRow = RouterOutputs["prices"]["common"][number];

/**
 * The common-TLD table is five rows fetched at once, so search (case-insensitive substring of
 * the name), category and sort run here (spec section 5) instead of on the server.
 */
export function filterAndSortRows(rows: readonly PriceRow[], state: TableState): PriceRow[] {
  const needle = state.search.trim().toLowerCase().replace(/^\./, "");
  const kept = rows.filter(
    (row) =>
      (state.category === "all" || row.category === state.category) &&
      (needle === "" || row.name.toLowerCase().includes(needle) || (row.unicodeName ?? "").toLowerCase().includes(needle)),
  );
  const direction = state.sortOrder === "asc" ? 1 : -1;
  return kept.sort((a, b) => {
    if (state.sortBy === "tldName") return direction * compareText(a.name, b.name);
    const left = priceOrMissing(a[state.sortBy]);
    const right = priceOrMissing(b[state.sortBy]);
    // Unpriced rows stay at the bottom whichever way the column is sorted.
    if (left === right) return compareText(a.name, b.name);
    if (left === priceOrMissing(null)) return 1;
    if (right === priceOrMissing(null)) return -1;
    return direction * (left - right);
  });
}

/** The quote behind a row's headline registration price, when that quote is a promotion. */
export function promoQuote(row: PriceRow) {
  if (!row.registrationPrice) return undefined;
  return row.prices.find(
    (quote) => quote.isPromo && quote.currency === row.currency && quote.registrationPrice === row.registrationPrice
      && quote.isStale === row.registrationIsStale,
  );
}
