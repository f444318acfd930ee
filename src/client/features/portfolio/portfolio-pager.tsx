import { PORTFOLIO_PAGE_SIZES } from "../../../shared/portfolio-list.ts";
import { NumberedPager } from "../../components/numbered-pager.tsx";
import { withPage, withPageSize, type PortfolioListState } from "./list-state.ts";

interface PortfolioPagerProps {
  state: PortfolioListState;
  total: number;
  totalPages: number;
  onStateChange: (next: PortfolioListState) => void;
}

/** The price tables' pager over the portfolio's pages. */
export function PortfolioPager({ state, total, totalPages, onStateChange }: PortfolioPagerProps) {
  return (
    <NumberedPager
      page={state.page} limit={state.limit} total={total} totalPages={totalPages} noun={{ one: "domain", other: "domains" }} mt="4"
      navLabel="Domain pages" sizeLabel="Domains per page" pageSizes={PORTFOLIO_PAGE_SIZES}
      onPage={(page) => onStateChange(withPage(state, page))} onPageSize={(size) => onStateChange(withPageSize(state, size))}
    />
  );
}
