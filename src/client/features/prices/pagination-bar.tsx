import { HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { PAGE_SIZES } from "../../../shared/constants.ts";
import { pageWindow, setPage, setPageSize, showingRange, type TableState } from "./table-state.ts";

interface PaginationBarProps {
  state: TableState;
  total: number;
  totalPages: number;
  onStateChange: (next: TableState) => void;
}

export function PaginationBar({ state, total, totalPages, onStateChange }: PaginationBarProps) {
  const { from, to } = showingRange(state.page, state.limit, total);
  const go = (page: number) => onStateChange(setPage(state, page));
  return (
    <Stack direction={{ base: "column", md: "row" }} justify="space-between" align="center" gap="3" w="full">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {from}-{to} of {total} TLDs
      </Text>
      <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap" justify="center" css={{ "& .app-btn": { h: { base: "8", sm: "9" }, fontSize: "sm" } }}>
        {/* Plain .app-btn buttons: cheap to re-render on every page change. */}
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
          aria-label="Rows per page"
          value={String(state.limit)}
          onChange={(e) => onStateChange(setPageSize(state, Number(e.target.value)))}
        >
          {PAGE_SIZES.map((size) => (
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
