import { HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { SystemStyleObject } from "@chakra-ui/react";
import { formatCount, pluralNoun, type Noun } from "../lib/text-format.ts";
import { pageWindow, showingRange } from "./paging.ts";

interface NumberedPagerProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** What the rows are, for "Showing 1-20 of 1,845 TLDs" and "Showing 1-1 of 1 TLD". */
  noun: Noun;
  /** The page buttons' navigation landmark and the size choice, as a screen reader names them. */
  navLabel: string;
  sizeLabel: string;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  mt?: SystemStyleObject["mt"];
}

/** "Showing x-y of z", Previous, a window of numbered pages, Next, and the rows-per-page choice. */
export function NumberedPager({ page, limit, total, totalPages, noun, navLabel, sizeLabel, pageSizes, onPage, onPageSize, mt }: NumberedPagerProps) {
  const { from, to } = showingRange(page, limit, total);
  return (
    <Stack direction={{ base: "column", md: "row" }} justify="space-between" align="center" gap="3" w="full" mt={mt}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {`Showing ${formatCount(from)}-${formatCount(to)} of ${formatCount(total)} ${pluralNoun(total, noun)}`}
      </Text>
      <HStack as="nav" aria-label={navLabel} gap="1" wrap="wrap" justify="center" css={{ "& .app-btn": { h: { base: "8", sm: "9" }, fontSize: "sm" } }}>
        {/* Plain .app-btn buttons: cheap to re-render on every page change. */}
        <button type="button" className="app-btn" data-variant="outline" data-palette="gray" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        {pageWindow(page, totalPages).map((n) => (
          <button key={n} type="button" className="app-btn" aria-label={`Page ${n}`} aria-current={n === page ? "page" : undefined} onClick={() => onPage(n)}>
            {n}
          </button>
        ))}
        <button type="button" className="app-btn" data-variant="outline" data-palette="gray" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
          Next
        </button>
      </HStack>
      <NativeSelect.Root size="sm" w="36">
        <NativeSelect.Field aria-label={sizeLabel} value={String(limit)} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((size) => (
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
