import { Box, Button, Checkbox, Field, Heading, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { formatDate } from "./format.ts";

const COLUMNS = ["TLD", "Transfer", "Locks (days)", "Margin", "Source", "Set by", "Actions"] as const;

const EMPTY = { pattern: "", addsYear: true, lockAfterRegistrationDays: "60", lockAfterTransferDays: "60", minDaysBeforeExpiry: "", sourceUrl: "", sourceDate: "", note: "" };

const patternName = (pattern: string) => (pattern === "*" ? "Every other TLD" : `.${pattern}`);

/**
 * Data Management's transfer rules: the bundled table with the administrators' rules over it,
 * each with its source; a rule saved for a pattern replaces the bundled one (audited).
 */
export function TransferRulesSection() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const rules = useQuery(trpc.portfolio.transfer.rules.list.queryOptions());
  const [form, setForm] = useState(EMPTY);
  const refresh = () => client.invalidateQueries({ queryKey: trpc.portfolio.transfer.rules.list.queryKey() });
  const save = useMutation(trpc.portfolio.transfer.rules.save.mutationOptions({
    onSuccess: () => {
      notifyAdminSuccess("Transfer rule saved");
      setForm(EMPTY);
      void refresh();
    },
    onError: (error) => notifyAdminFailure("The transfer rule could not be saved", error),
  }));
  const remove = useMutation(trpc.portfolio.transfer.rules.remove.mutationOptions({
    onSuccess: () => {
      notifyAdminSuccess("Transfer rule removed");
      void refresh();
    },
    onError: (error) => notifyAdminFailure("The transfer rule could not be removed", error),
  }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      pattern: form.pattern, addsYear: form.addsYear, lockAfterRegistrationDays: Number(form.lockAfterRegistrationDays), lockAfterTransferDays: Number(form.lockAfterTransferDays),
      minDaysBeforeExpiry: form.minDaysBeforeExpiry.trim() === "" ? null : Number(form.minDaysBeforeExpiry), sourceUrl: form.sourceUrl, sourceDate: form.sourceDate, note: form.note.trim() || null,
    });
  };
  const text = (key: keyof typeof EMPTY, label: string, type = "text") => (
    <Field.Root required={key !== "minDaysBeforeExpiry" && key !== "note"}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type={type} value={String(form[key])} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />
    </Field.Root>
  );
  return (
    <Stack as="section" aria-labelledby="transfer-rules-heading" gap="4" mt="10">
      <Box>
        <Heading as="h2" size="md" id="transfer-rules-heading">Transfer rules</Heading>
        <Text color="fg.muted" fontSize="sm">What a registrar transfer does per TLD: the transfer plan reads these. A rule saved here replaces the shipped one of its TLD.</Text>
      </Box>
      <AdminTable caption="Transfer rules" columns={COLUMNS} status={rules.status} isEmpty={!rules.data?.rules.length}
        errorText={`Failed to load the transfer rules${rules.error ? `: ${rules.error.message}` : ""}`} emptyText="No transfer rules">
        {rules.data?.rules.map((r) => (
          <Table.Row key={r.pattern}>
            <Table.Cell fontWeight="medium">{patternName(r.pattern)}</Table.Cell>
            <Table.Cell>{r.addsYear ? "Adds a year" : "Keeps the expiry"}</Table.Cell>
            <Table.Cell>{r.lockAfterRegistrationDays} after registration, {r.lockAfterTransferDays} after a transfer</Table.Cell>
            <Table.Cell>{r.minDaysBeforeExpiry === null ? "—" : `${r.minDaysBeforeExpiry} days before expiry`}</Table.Cell>
            <Table.Cell><Link href={r.sourceUrl} target="_blank" rel="noopener noreferrer" color="blue.fg">{new URL(r.sourceUrl).hostname}</Link>, read {r.sourceDate}</Table.Cell>
            <Table.Cell>{r.origin === "admin" ? `${r.updatedBy ?? "An administrator"}${r.updatedAt ? `, ${formatDate(r.updatedAt)}` : ""}` : "Shipped"}</Table.Cell>
            <Table.Cell>
              {r.origin === "admin" && (
                <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remove the rule for ${patternName(r.pattern)}`} loading={remove.isPending}
                  onClick={() => remove.mutate({ pattern: r.pattern })}>Remove</Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      <Box as="form" onSubmit={submit} aria-label="Save a transfer rule" borderWidth="1px" rounded="md" p="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {text("pattern", "TLD (com, co.uk, or * for every other)")}
          {text("lockAfterRegistrationDays", "Lock after registration (days)", "number")}
          {text("lockAfterTransferDays", "Lock after a transfer (days)", "number")}
          {text("minDaysBeforeExpiry", "Days before expiry at least (optional)", "number")}
          {text("sourceUrl", "Source address", "url")}
          {text("sourceDate", "Source read on", "date")}
          {text("note", "Note (optional)")}
        </SimpleGrid>
        <HStack mt="3" justify="space-between">
          <Checkbox.Root checked={form.addsYear} onCheckedChange={(e) => setForm((f) => ({ ...f, addsYear: e.checked === true }))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>A transfer adds a year</Checkbox.Label>
          </Checkbox.Root>
          <Button type="submit" size="sm" colorPalette="blue" loading={save.isPending}>Save rule</Button>
        </HStack>
      </Box>
    </Stack>
  );
}
