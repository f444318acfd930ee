import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatPrice } from "../../../shared/price-format.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";

const COLUMNS = ["TLD", "Registrar", "Registration", "Renewal", "Transfer", "Why", "Actions"] as const;
const PAGE_SIZE = 20;

/**
 * Data Management's unusual prices (decision 059): the quotes the price checks find unusual and
 * the ones hidden, each confirmable as real (no longer marked) or hidden from the public until
 * its price changes; both audited. Also the share two sources' prices may differ by.
 */
export function UnusualPricesSection() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.priceChecks.list.queryOptions({ page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const [share, setShare] = useState("");
  const refresh = () => client.invalidateQueries({ queryKey: trpc.priceChecks.list.queryKey() });
  const review = useMutation(trpc.priceChecks.review.mutationOptions({
    onSuccess: (row) => {
      notifyAdminSuccess(row.hidden ? `.${row.tld.name} at ${row.serviceProvider.name} is hidden` : `.${row.tld.name} at ${row.serviceProvider.name} is confirmed as real`);
      void refresh();
    },
    onError: (error) => notifyAdminFailure("The price could not be reviewed", error),
  }));
  const setShareMutation = useMutation(trpc.priceChecks.setShare.mutationOptions({
    onSuccess: ({ sharePercent }) => {
      notifyAdminSuccess(`Prices from two sources may now differ by ${sharePercent}%`);
      setShare("");
      void refresh();
    },
    onError: (error) => notifyAdminFailure("The share could not be saved", error),
  }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShareMutation.mutate({ percent: Number(share) });
  };
  const data = list.data;
  const money = (value: string | null, currency: string) => (value === null ? "—" : formatPrice(value, currency));
  return (
    <Stack as="section" aria-labelledby="unusual-prices-heading" gap="4" mt="10">
      <Box>
        <Heading as="h2" size="md" id="unusual-prices-heading">Unusual prices</Heading>
        <Text color="fg.muted" fontSize="sm">
          Prices the checks find unusual: another source differs by more than the set share, a renewal or transfer under a quarter of the
          registration price, or more than ten times the TLD&apos;s median. Confirm a price that is real, or hide one that is wrong; either holds until the price changes.
        </Text>
        {data && <Text fontSize="sm" mt="1">{data.counts.unusual} unusual, {data.counts.hidden} hidden.</Text>}
      </Box>
      <AdminTable caption="Unusual prices" columns={COLUMNS} status={list.status} isEmpty={!data?.rows.length}
        errorText={`Failed to load the unusual prices${list.error ? `: ${list.error.message}` : ""}`} emptyText="No unusual prices">
        {data?.rows.map((r) => (
          <Table.Row key={r.id}>
            <Table.Cell fontWeight="medium">.{r.tld.name}</Table.Cell>
            <Table.Cell>{r.serviceProvider.name}</Table.Cell>
            <Table.Cell>{money(r.registrationPrice, r.currency)}</Table.Cell>
            <Table.Cell>{money(r.renewalPrice, r.currency)}</Table.Cell>
            <Table.Cell>{money(r.transferPrice, r.currency)}</Table.Cell>
            <Table.Cell>
              {r.hidden && <Badge colorPalette="gray" mr="2">Hidden</Badge>}
              {r.unusualReason ?? "Hidden by an administrator"}
            </Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Button size="xs" variant="outline" loading={review.isPending} aria-label={`Confirm .${r.tld.name} at ${r.serviceProvider.name} as real`}
                  onClick={() => review.mutate({ id: r.id, decision: "confirmed" })}>Confirm</Button>
                {!r.hidden && (
                  <Button size="xs" variant="outline" colorPalette="red" loading={review.isPending} aria-label={`Hide .${r.tld.name} at ${r.serviceProvider.name}`}
                    onClick={() => review.mutate({ id: r.id, decision: "hidden" })}>Hide</Button>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {data && data.totalPages > 1 && (
        <HStack gap="2">
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</Button>
          <Text fontSize="sm">Page {data.page} of {data.totalPages}</Text>
          <Button size="xs" variant="outline" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>Next</Button>
        </HStack>
      )}
      <Box as="form" onSubmit={submit} aria-label="How far two sources may differ" borderWidth="1px" rounded="md" p="4">
        <HStack gap="3" alignItems="end">
          <Field.Root required maxW="20rem">
            <Field.Label>Two sources may differ by (percent)</Field.Label>
            <Input size="sm" type="number" min={1} max={1000} placeholder={data ? String(data.sharePercent) : ""} value={share} onChange={(e) => setShare(e.target.value)} />
            <Field.HelperText>Now {data?.sharePercent ?? "…"}%; {data?.defaultSharePercent ?? 25}% unless changed.</Field.HelperText>
          </Field.Root>
          <Button type="submit" size="sm" loading={setShareMutation.isPending}>Save</Button>
        </HStack>
      </Box>
    </Stack>
  );
}
