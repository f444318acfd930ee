import { priceOrMissing } from "../../../shared/price-format.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import type { TableState } from "./table-state.ts";
import type { HeadlineFigure } from "../../../shared/price-quote.ts";
import { compareText } from "../../lib/text-format.ts";
import { COMMON_TLDS } from "../../../shared/constants.ts";

const commonRank = (name: string) => {
  const at = (COMMON_TLDS as readonly string[]).indexOf(name);
  return at === -1 ? COMMON_TLDS.length : at;
};

export type PriceRow = RouterOutputs["prices"]["common"][number];

const FIGURE: Record<Exclude<TableState["sortBy"], "tldName" | "popularity">, HeadlineFigure> = {
  registrationPrice: "registration", renewalPrice: "renewal", transferPrice: "transfer", threeYearPrice: "threeYear",
};

/**
 * The common-TLD table is five rows fetched at once, so search (case-insensitive substring of
 * the name), category and sort run here (spec section 5) instead of on the server, in the
 * server's order: a figure marked as an outlier after the ordinary ones, unpriced last.
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
    const field = state.sortBy;
    if (field === "tldName") return direction * compareText(a.name, b.name);
    // The common TLDs' own order (COMMON_TLDS), as the server's popularity order starts.
    if (field === "popularity") return direction * (commonRank(a.name) - commonRank(b.name)) || compareText(a.name, b.name);
    const figure = FIGURE[field];
    const tier = (row: PriceRow) => (row[field] === null ? 2 : row.sources[figure]?.isOutlier ? 1 : 0);
    // Unpriced rows stay at the bottom whichever way the column is sorted, outliers just above them.
    if (tier(a) !== tier(b)) return tier(a) - tier(b);
    const left = priceOrMissing(a[field]);
    const right = priceOrMissing(b[field]);
    if (left === right) return compareText(a.name, b.name);
    return direction * (left - right);
  });
}
