import { Skeleton, Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface AdminTableProps {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly string[];
  status: "pending" | "error" | "success";
  errorText: string;
  emptyText: string;
  isEmpty: boolean;
  /** The rows shown belong to the previous request while the next one loads. */
  stale?: boolean;
  children: ReactNode;
}

function MessageRow({ span, tone, children }: { span: number; tone?: "error"; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={span} py="10" textAlign="center" color={tone === "error" ? "fg.error" : "fg.muted"} role={tone === "error" ? "alert" : undefined}>
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The admin pages' tables: headers, then skeleton rows, an error, an empty note or the rows.
 * Cell text wraps (Chakra's scroll area would keep every cell on one line), so a table fits the
 * page at 1366 px with its sidebar open, actions included; headers and dates stay on one line.
 */
export function AdminTable({ caption, columns, status, errorText, emptyText, isEmpty, stale, children }: AdminTableProps) {
  const span = columns.length;
  let body: ReactNode = children;
  if (status === "pending") {
    body = Array.from({ length: 3 }, (_, i) => (
      <Table.Row key={i} data-testid="skeleton-row">
        <Table.Cell colSpan={span}><Skeleton h="5" /></Table.Cell>
      </Table.Row>
    ));
  } else if (status === "error") body = <MessageRow span={span} tone="error">{errorText}</MessageRow>;
  else if (isEmpty) body = <MessageRow span={span}>{emptyText}</MessageRow>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" whiteSpace="normal" aria-busy={status === "pending" || stale === true} opacity={stale ? 0.6 : 1}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => <Table.ColumnHeader key={column} whiteSpace="nowrap">{column}</Table.ColumnHeader>)}
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
