/**
 * Contact Messages: what visitors sent through /contact, newest first, 20 a page. Every field is
 * rendered as text (React escapes it), so a message holding HTML shows that HTML as typed.
 */
import { Badge, Box, Button, Stack, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage } from "./admin-page.tsx";
import { AdminPagination } from "./admin-pagination.tsx";
import { AdminTable } from "./admin-table.tsx";
import { formatDateTime } from "./format.ts";

const PAGE_SIZE = 20;
const PRIORITY_PALETTE: Record<string, string> = { critical: "red", high: "orange", normal: "gray", low: "gray" };
const COLUMNS = ["Received", "From", "Category", "Priority", "Subject and message"] as const;

export function MessagesPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const messages = useQuery({ ...trpc.contact.adminList.queryOptions({ page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const data = messages.data;
  return (
    <AdminPage title="Contact Messages" description="Messages sent through the contact form, newest first."
      actions={
        <Button size="sm" variant="outline" disabled={messages.isFetching} onClick={() => void messages.refetch()}>
          <LuRefreshCw aria-hidden /> Refresh
        </Button>
      }>
      <AdminTable caption="Contact messages" columns={COLUMNS} status={messages.status}
        errorText={`Failed to load contact messages${messages.error ? `: ${messages.error.message}` : ""}`}
        emptyText="No messages yet" isEmpty={data?.messages.length === 0} stale={messages.isPlaceholderData}>
        {data?.messages.map((m) => (
          <Table.Row key={m.id} verticalAlign="top">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(m.createdAt)}</Table.Cell>
            <Table.Cell>
              <Text fontWeight="medium">{m.name}</Text>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">{m.email}</Text>
            </Table.Cell>
            <Table.Cell>{m.category}</Table.Cell>
            <Table.Cell><Badge colorPalette={PRIORITY_PALETTE[m.priority] ?? "gray"} variant="subtle">{m.priority}</Badge></Table.Cell>
            <Table.Cell minW="xs">
              <Stack gap="1">
                <Text fontWeight="medium">{m.subject}</Text>
                <Box as="p" whiteSpace="pre-wrap" fontSize="sm">{m.message}</Box>
              </Stack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {data && data.total > 0 && (
        <AdminPagination page={data.page} limit={data.limit} total={data.total} totalPages={data.totalPages} onPageChange={setPage} />
      )}
    </AdminPage>
  );
}
