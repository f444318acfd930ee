import { Button, HStack, Text } from "@chakra-ui/react";
import { formatCount, pluralNoun, type Noun } from "../lib/text-format.ts";
import { pageCount, showingRange } from "./paging.ts";

interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the list holds, for "Showing 1-50 of 2,900 registrars" and "Showing 1-1 of 1 registrar". */
  noun: Noun;
  onPageChange: (page: number) => void;
}

/** Previous / Next over a list held in the page, so long lists render one page of rows at a time. */
export function ListPager({ page, pageSize, total, noun, onPageChange }: ListPagerProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = showingRange(page, pageSize, total);
  return (
    <HStack as="nav" aria-label={`${noun.other} pages`} justify="space-between" wrap="wrap" gap="3" mt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {`Showing ${formatCount(from)}-${formatCount(to)} of ${formatCount(total)} ${pluralNoun(total, noun)}`}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Text fontSize="sm">
          Page {page} of {pages}
        </Text>
        <Button size="sm" variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
