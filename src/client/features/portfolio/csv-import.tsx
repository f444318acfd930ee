import { Badge, Box, Button, Code, Dialog, List, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type ChangeEvent } from "react";
import { LuUpload } from "react-icons/lu";
import { CSV_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE } from "../../../shared/schemas/user-domain.ts";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { notifyFailure } from "../../lib/mutation-toasts.ts";
import type { ImportReport } from "./types.ts";

const IMPORT_FAILED = "Failed to import CSV";
const STATUS_PALETTE = { added: "green", updated: "blue", rejected: "red" } as const;
/** On a phone each row of the report is a card: the domain, then its row, status and reason, each labelled. */
const REPORT_CSS = stackedRowsCss({ "& td:first-of-type": { fontWeight: "semibold" } });
const SAMPLE = `${CSV_COLUMNS.join(",")}\nexample.com,com,Porkbun,2021-03-02,2027-03-02,true,Main site`;

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
      <Box borderWidth="1px" rounded="md" overflowX={{ base: "hidden", md: "auto" }}>
        <Table.Root size="sm" aria-label="Import report" css={REPORT_CSS}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Domain</Table.ColumnHeader>
              <Table.ColumnHeader>Row</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <tbody>
            {report?.rows.map((r) => (
              <tr key={r.row}>
                <td style={{ overflowWrap: "anywhere" }}>{r.domainName || "—"}</td>
                <td data-label="Row">{r.row}</td>
                <td data-label="Status"><Badge colorPalette={STATUS_PALETTE[r.status]}>{r.status}</Badge></td>
                <td data-label="Reason" style={{ overflowWrap: "anywhere" }}>{r.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </Table.Root>
      </Box>
    </AppDialog>
  );
}

/** What the file must look like, said before a file is chosen rather than after a refusal. */
function FormatDialog({ open, onOpenChange, onChoose }: { open: boolean; onOpenChange: (open: boolean) => void; onChoose: () => void }) {
  return (
    <AppDialog
      title="Import domains from a CSV file"
      open={open}
      onOpenChange={onOpenChange}
      footer={
        <>
          <Dialog.ActionTrigger asChild><Button variant="outline">Cancel</Button></Dialog.ActionTrigger>
          <Button colorPalette="blue" onClick={onChoose}><LuUpload aria-hidden /> Choose a CSV file</Button>
        </>
      }
    >
      <Text mb="2">The first row names the columns, in any order:</Text>
      <List.Root ps="5" mb="3" gap="1">
        <List.Item><Code>domainName</Code> (required): the domain, such as example.com</List.Item>
        <List.Item><Code>tld</Code>: its extension, read from the domain when left empty</List.Item>
        <List.Item><Code>registrar</Code>: a registrar's name as the site lists it</List.Item>
        <List.Item><Code>registrationDate</Code>, <Code>expirationDate</Code>: dates as YYYY-MM-DD</List.Item>
        <List.Item><Code>autoRenew</Code>: true, false or unknown (or left empty)</List.Item>
        <List.Item><Code>notes</Code></List.Item>
      </List.Root>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Up to {IMPORT_MAX_ROWS.toLocaleString("en-US")} rows and {IMPORT_MAX_BYTES / 1024 / 1024} MB. A domain already in your portfolio is updated; a row that cannot be read is listed with every reason, and the others are still imported. Empty lines are skipped.
      </Text>
      <Text fontSize="sm" mb="1">For example:</Text>
      <Box as="pre" fontSize="xs" bg="bg.muted" p="2" rounded="md" whiteSpace="pre-wrap" overflowWrap="anywhere">{SAMPLE}</Box>
    </AppDialog>
  );
}

/**
 * Import CSV: a dialog says what the file must hold, then the file is read in the browser and
 * sent as text; the server checks every row and answers with a per-row report (a bad row never
 * stops the good ones), shown in a table.
 */
export function CsvImportButton() {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const inputRef = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [open, setOpen] = useState(false);
  const [formatOpen, setFormatOpen] = useState(false);
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
      <Button variant="outline" size="sm" disabled={importCsv.isPending} onClick={() => setFormatOpen(true)}>
        <LuUpload aria-hidden /> {importCsv.isPending ? "Importing…" : "Import CSV"}
      </Button>
      <FormatDialog open={formatOpen} onOpenChange={setFormatOpen} onChoose={() => {
        setFormatOpen(false);
        inputRef.current?.click();
      }} />
      <VisuallyHidden asChild>
        <input ref={inputRef} type="file" accept=".csv,text/csv" aria-label="CSV file to import" tabIndex={-1} onChange={onFile} />
      </VisuallyHidden>
      <ReportDialog report={report} open={open} onOpenChange={setOpen} />
    </>
  );
}
