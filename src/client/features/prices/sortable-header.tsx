import { Table } from "@chakra-ui/react";
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from "react-icons/lu";
import type { PriceSortField } from "../../../shared/schemas/price-list.ts";
import { toggleSort, type TableState } from "./table-state.ts";

interface SortableHeaderProps {
  column: PriceSortField;
  label: string;
  state: TableState;
  onStateChange: (next: TableState) => void;
  textAlign?: "start" | "end";
  /** Pinned to the left edge while the table scrolls sideways. */
  sticky?: boolean;
}

/** A header cell whose button (plain, `.app-btn`) sorts by the column; aria-sort tells screen readers the order. */
export function SortableHeader({ column, label, state, onStateChange, textAlign = "start", sticky = false }: SortableHeaderProps) {
  const active = state.sortBy === column;
  const direction = active ? (state.sortOrder === "asc" ? "ascending" : "descending") : "none";
  const Icon = !active ? LuArrowUpDown : state.sortOrder === "asc" ? LuArrowUp : LuArrowDown;
  return (
    <Table.ColumnHeader
      aria-sort={direction}
      textAlign={textAlign}
      whiteSpace="nowrap"
      css={{ "& .app-btn": { mx: "-2.5", fontWeight: "semibold" } }}
      {...(sticky ? { position: "sticky", left: "0", bg: "bg", zIndex: "2" } : {})}
    >
      <button type="button" className="app-btn" onClick={() => onStateChange(toggleSort(state, column))} aria-label={`Sort by ${label}`}>
        {label}
        <Icon aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
      </button>
    </Table.ColumnHeader>
  );
}
