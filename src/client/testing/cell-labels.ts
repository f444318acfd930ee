/**
 * What a phone shows beside each value of a stacked table (components/plain-table-css.ts): the
 * `data-label` of every body cell, next to the header of the cell's column on a wide screen.
 */
export interface CellLabel {
  header: string;
  /** null for a cell that takes its whole line on a phone (a name, buttons). */
  label: string | null;
  text: string;
}

export function cellLabels(table: HTMLTableElement): CellLabel[][] {
  const headers = Array.from(table.querySelectorAll("thead th"), (th) => th.textContent?.trim() ?? "");
  return Array.from(table.querySelectorAll("tbody tr"), (row) =>
    Array.from(row.querySelectorAll("td"), (cell, i) => ({ header: headers[i] ?? "", label: cell.getAttribute("data-label"), text: cell.textContent ?? "" })),
  );
}
