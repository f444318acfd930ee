import { HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { PORTFOLIO_PAGE_SIZES } from "../../../shared/portfolio-list.ts";
import { formatCount } from "../../lib/text-format.ts";
import { pageWindow, showingRange } from "../prices/table-state.ts";
import { withPage, withPageSize, type PortfolioListState } from "./list-state.ts";

interface PortfolioPagerProps {
  state: PortfolioListState;
  total: number;
  totalPages: number;
  onStateChange: (next: PortfolioListState) => void;
}

/** The price table's pager (features/prices/pagination-bar.tsx) over the portfolio's pages. */
export function PortfolioPager({ state, total, totalPages, onStateChange }: PortfolioPagerProps) {
  const { from, to } = showingRange(state.page, state.limit, total);
  const go = (page: number) => onStateChange(withPage(state, page));
  return (
    <Stack direction={{ base: "column", md: "row" }} justify="space-between" align="center" gap="3" w="full" mt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {formatCount(from)}-{formatCount(to)} of {formatCount(total)} domains
      </Text>
      <HStack as="nav" aria-label="Domain pages" gap="1" wrap="wrap" justify="center" css={{ "& .app-btn": { h: { base: "8", sm: "9" }, fontSize: "sm" } }}>
        <button type="button" className="app-btn" data-variant="outline" data-palette="gray" onClick={() => go(state.page - 1)} disabled={state.page <= 1}>
          Previous
        </button>
        {pageWindow(state.page, totalPages).map((page) => (
          <button
            key={page}
            type="button"
            className="app-btn"
            aria-label={`Page ${page}`}
            aria-current={page === state.page ? "page" : undefined}
            onClick={() => go(page)}
          >
            {page}
          </button>
        ))}
        <button type="button" className="app-btn" data-variant="outline" data-palette="gray" onClick={() => go(state.page + 1)} disabled={state.page >= totalPages}>
          Next
        </button>
      </HStack>
      <NativeSelect.Root size="sm" w="36">
        <NativeSelect.Field
          aria-label="Domains per page"
          value={String(state.limit)}
          onChange={(e) => onStateChange(withPageSize(state, Number(e.target.value)))}
        >
          {PORTFOLIO_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} per page
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}
