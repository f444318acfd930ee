import { Badge, Button, Dialog, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type ChangeEvent } from "react";
import { LuUpload } from "react-icons/lu";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "../../../shared/schemas/user-domain.ts";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { notifyFailure } from "./mutation-feedback.ts";
import type { ImportReport } from "./types.ts";

const IMPORT_FAILED = "Failed to import CSV";
const STATUS_PALETTE = { added: "green", updated: "blue", rejected: "red" } as const;

function ReportDialog({ report, open, onOpenChange }: { report: ImportReport | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const totals = report?.totals;
  return (
    <AppDialog
      title="Import results"
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      scrollBehavior="inside"
      footer={
        <Dialog.ActionTrigger asChild>
          <Button>Done</Button>
        </Dialog.ActionTrigger>
      }
    >
      {totals && (
        <Text mb="4">
          {totals.rows} {totals.rows === 1 ? "row" : "rows"}: {totals.added} added, {totals.updated} updated, {totals.rejected} rejected
        </Text>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Import report">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Row</Table.ColumnHeader>
              <Table.ColumnHeader>Domain</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report?.rows.map((r) => (
              <Table.Row key={r.row}>
                <Table.Cell>{r.row}</Table.Cell>
                <Table.Cell wordBreak="break-all">{r.domainName || "—"}</Table.Cell>
                <Table.Cell><Badge colorPalette={STATUS_PALETTE[r.status]}>{r.status}</Badge></Table.Cell>
                <Table.Cell>{r.reason ?? ""}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </AppDialog>
  );
}

/**
 * Import CSV: the file is read in the browser and sent as text; the server checks every row
 * and answers with a per-row report (a bad row never stops the good ones), shown in a table.
 */
export function CsvImportButton() {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const inputRef = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [open, setOpen] = useState(false);
  const importCsv = useMutation(trpc.portfolio.importCsv.mutationOptions({
    onSuccess: (result) => {
      setReport(result);
      setOpen(true);
      void invalidate();
    },
    onError: (error) => notifyFailure(IMPORT_FAILED, error, error.message),
  }));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again must fire another change
    if (!file) return;
    // Checked here too, so a huge file is never read into memory and uploaded just to be refused.
    if (file.size > IMPORT_MAX_BYTES) return notifyFailure(IMPORT_FAILED, null, IMPORT_TOO_LARGE);
    file.text().then(
      (csv) => importCsv.mutate({ csv }),
      () => notifyFailure(IMPORT_FAILED, null, "The CSV file could not be read"),
    );
  };

  return (
    <>
      <Button variant="outline" size="sm" disabled={importCsv.isPending} onClick={() => inputRef.current?.click()}>
        <LuUpload aria-hidden /> {importCsv.isPending ? "Importing…" : "Import CSV"}
      </Button>
      <VisuallyHidden asChild>
        <input ref={inputRef} type="file" accept=".csv,text/csv" aria-label="CSV file to import" tabIndex={-1} onChange={onFile} />
      </VisuallyHidden>
      <ReportDialog report={report} open={open} onOpenChange={setOpen} />
    </>
  );
}
