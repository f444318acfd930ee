import { PAGE_SIZES } from "../../../shared/constants.ts";
import { NumberedPager } from "../../components/numbered-pager.tsx";
import { COUNTS } from "../../lib/catalogue-counts.ts";
import { setPage, setPageSize, type TableState } from "./table-state.ts";

interface PaginationBarProps {
  state: TableState;
  total: number;
  totalPages: number;
  onStateChange: (next: TableState) => void;
}

/** The price tables' pager over their URL state. */
export function PaginationBar({ state, total, totalPages, onStateChange }: PaginationBarProps) {
  return (
    <NumberedPager
      page={state.page} limit={state.limit} total={total} totalPages={totalPages} noun={COUNTS.pricedNames.noun}
      navLabel="Pagination" sizeLabel="Rows per page" pageSizes={PAGE_SIZES}
      onPage={(page) => onStateChange(setPage(state, page))} onPageSize={(size) => onStateChange(setPageSize(state, size))}
    />
  );
}
