import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { showingRange } from "../../components/paging.ts";
import { pluralNoun } from "../../lib/text-format.ts";

interface AdminPaginationProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

const RESULTS = { one: "result", other: "results" };

/** 'Showing x to y of z results', Previous and Next, 'Page n of m' (spec section 2, Logs). */
export function AdminPagination({ page, limit, total, totalPages, onPageChange }: AdminPaginationProps) {
  const { from, to } = showingRange(page, limit, total);
  return (
    <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align="center" gap="3" mt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">Showing {from} to {to} of {total} {pluralNoun(total, RESULTS)}</Text>
      <HStack as="nav" aria-label="Pagination" gap="3">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>Previous</Button>
        <Text fontSize="sm" whiteSpace="nowrap">Page {page} of {Math.max(totalPages, 1)}</Text>
        <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>Next</Button>
      </HStack>
    </Stack>
  );
}
