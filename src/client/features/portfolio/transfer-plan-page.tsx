import { Badge, Box, Heading, Link as ChakraLink, List, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { TRANSFER_STATES, type TransferState } from "../../../shared/schemas/transfer-plan.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { notifyFailure } from "../../lib/mutation-toasts.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { formatDay, formatTotal } from "./format.ts";
import type { TransferPlan } from "./types.ts";

export const TRANSFER_PLAN_CSV_PATH = "/api/portfolio/transfer-plan.csv";

const STATE_WORDS: Record<TransferState, string> = {
  planned: "Planned", unlocked: "Unlocked", code_requested: "Auth code requested", started: "Transfer started", done: "Done",
};

type Group = TransferPlan["groups"][number];
type Planned = Group["domains"][number];

/** The domain's step; saving one keeps the registrar of its group as the destination. */
function StateSelect({ domain, destinationId }: { domain: Planned; destinationId: number }) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const save = useMutation(trpc.portfolio.transfer.setState.mutationOptions({
    onSuccess: () => client.invalidateQueries({ queryKey: trpc.portfolio.transfer.plan.pathKey() }),
    onError: (error) => notifyFailure("The step could not be saved", error, error.message),
  }));
  return (
    <NativeSelect.Root size="sm" w="48" disabled={save.isPending}>
      <NativeSelect.Field aria-label={`Progress of ${domain.domainName}`} value={domain.state}
        onChange={(e) => save.mutate({ id: domain.id, state: e.target.value as TransferState, destinationProviderId: destinationId })}>
        {TRANSFER_STATES.map((s) => <option key={s} value={s}>{STATE_WORDS[s]}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function GroupTable({ group, currency }: { group: Group; currency: string }) {
  const to = group.destination.name;
  return (
    <Box as="section" aria-label={`Move to ${to}`}>
      <Heading as="h2" size="md">Move to {to}</Heading>
      <Text color="fg.muted" mb="2">
        {group.domains.length} {group.domains.length === 1 ? "domain" : "domains"}: {formatTotal(group.firstYearSaving, currency)} saved in the first year, {formatTotal(group.threeYearSaving, currency)} over 3 years.
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={`Domains moving to ${to}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Domain</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Saving over 3 years</Table.ColumnHeader>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>Progress</Table.ColumnHeader>
              <Table.ColumnHeader>Transfer</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.domains.map((d) => (
              <Table.Row key={d.id}>
                <Table.Cell>
                  <ChakraLink asChild color="blue.fg"><Link to="/portfolio/$domainId" params={{ domainId: String(d.id) }}>{d.domainName}</Link></ChakraLink>
                  {d.verdict.verdict === "unsure" && <> <Badge colorPalette="orange" size="sm" title={d.verdict.cautions.join("; ")}>Check the prices</Badge></>}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatTotal(d.verdict.years.find((y) => y.years === 3)?.saving ?? "0", currency)}</Table.Cell>
                <Table.Cell>
                  {d.verdict.window.bestWindow ? `${formatDay(d.verdict.window.bestWindow.from)}${d.verdict.window.bestWindow.until ? ` to ${formatDay(d.verdict.window.bestWindow.until)}` : " on"}` : "After the renewal"}
                  {d.verdict.window.blockers.map((b) => <Text key={b.code} fontSize="xs" color="fg.muted">{b.message}</Text>)}
                </Table.Cell>
                <Table.Cell><StateSelect domain={d} destinationId={group.destination.id} /></Table.Cell>
                <Table.Cell>
                  {d.transferLink
                    ? <ChakraLink href={d.transferLink} target="_blank" rel="noopener" color="blue.fg">Start at {to}</ChakraLink>
                    : <Text fontSize="sm" color="fg.muted">Start it on {to}'s site</Text>}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

/** The transfer plan: what moving saves, where to, the steps, and how far each move has got. */
export function TransferPlanPage() {
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  const plan = useQuery(trpc.portfolio.transfer.plan.queryOptions({ currency }));
  return (
    <Stack gap="6">
      <ChakraLink asChild fontSize="sm" color="blue.fg"><Link to="/portfolio">← Portfolio</Link></ChakraLink>
      <Heading as="h1" size="xl">Transfer plan</Heading>
      {plan.isPending && <Text color="fg.muted">Working out the plan…</Text>}
      {plan.isError && <Text>The plan could not be loaded: {plan.error.message}</Text>}
      {plan.data && (
        <>
          {plan.data.totals.domains === 0
            ? <Text>No domain of yours is cheaper to keep at another registrar we compare{plan.data.notWorthMoving > 0 ? ` (${plan.data.notWorthMoving} checked)` : ""}.</Text>
            : (
              <Text fontSize="lg">
                Moving {plan.data.totals.domains} {plan.data.totals.domains === 1 ? "domain" : "domains"} saves {formatTotal(plan.data.totals.firstYearSaving, plan.data.currency)} in the first year
                and {formatTotal(plan.data.totals.threeYearSaving, plan.data.currency)} over 3 years.
              </Text>
            )}
          <Box as="section" aria-labelledby="transfer-steps-heading">
            <Heading as="h2" size="md" id="transfer-steps-heading" mb="2">The steps</Heading>
            <List.Root as="ol" ps="5">
              {plan.data.steps.filter((s) => s.state !== "planned").map((s) => <List.Item key={s.state}><Text as="span" fontWeight="medium">{s.title}.</Text> {s.text}</List.Item>)}
            </List.Root>
          </Box>
          {plan.data.groups.map((g) => <GroupTable key={g.destination.id} group={g} currency={plan.data.currency} />)}
          {plan.data.totals.domains > 0 && (
            <ChakraLink href={`${TRANSFER_PLAN_CSV_PATH}?currency=${encodeURIComponent(plan.data.currency)}`} color="blue.fg" download>Download the plan as CSV</ChakraLink>
          )}
        </>
      )}
    </Stack>
  );
}
