import { Badge, Box, Heading, Link as ChakraLink, List, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatCheckedDate } from "../../../shared/price-format.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { formatDay, formatTotal } from "./format.ts";
import type { TransferVerdict } from "./types.ts";

const VERDICT_WORDS: Record<TransferVerdict["verdict"], { label: string; palette: string }> = {
  move: { label: "Worth moving", palette: "green" },
  unsure: { label: "Maybe worth moving", palette: "orange" },
  stay: { label: "Stay", palette: "gray" },
  no_price: { label: "No price to compare", palette: "gray" },
};

type Quoted = NonNullable<TransferVerdict["current"]>["renewal"];

/** A price in the display currency with where it comes from and when a source last confirmed it. */
function Source({ what, price, currency }: { what: string; price: Quoted; currency: string }) {
  return (
    <List.Item>
      {what}: {formatTotal(price.amount, currency)} at {price.source}
      {price.priceCurrency !== currency && ` (${price.price} ${price.priceCurrency}${price.rateDate ? `, ECB rate of ${formatDay(price.rateDate)}` : ""})`}
      , {formatCheckedDate(price.lastCheckedAt)}
      {price.isStale && <> <Badge colorPalette="orange" size="sm">Stale</Badge></>}
      {price.unusual && <> <Badge colorPalette="red" size="sm">Unusual</Badge></>}
    </List.Item>
  );
}

/** The verdict and window of one domain, as its page shows them. */
export function TransferVerdictView({ verdict }: { verdict: TransferVerdict }) {
  const words = VERDICT_WORDS[verdict.verdict];
  const { currency, window } = verdict;
  return (
    <Stack gap="3">
      <Text><Badge colorPalette={words.palette}>{words.label}</Badge> {verdict.sentence}</Text>
      {verdict.years.length > 0 && verdict.destination && (
        <Table.Root size="sm" maxW="lg" aria-label={`Staying at ${verdict.current!.provider.name} against moving to ${verdict.destination.provider.name}, in ${currency}`}>
          <Table.Header>
            <Table.Row><Table.ColumnHeader>Years</Table.ColumnHeader><Table.ColumnHeader textAlign="end">Stay</Table.ColumnHeader><Table.ColumnHeader textAlign="end">Move</Table.ColumnHeader><Table.ColumnHeader textAlign="end">Saving</Table.ColumnHeader></Table.Row>
          </Table.Header>
          <Table.Body>
            {verdict.years.map((y) => (
              <Table.Row key={y.years}>
                <Table.Cell>{y.years}</Table.Cell>
                <Table.Cell textAlign="end">{formatTotal(y.stay, currency)}</Table.Cell>
                <Table.Cell textAlign="end">{formatTotal(y.move, currency)}</Table.Cell>
                <Table.Cell textAlign="end">{formatTotal(y.saving, currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {(verdict.current || verdict.destination) && (
        <List.Root fontSize="sm" color="fg.muted" ps="4">
          {verdict.current && <Source what="Renewal where it is" price={verdict.current.renewal} currency={currency} />}
          {verdict.destination && <Source what="Transfer" price={verdict.destination.transfer} currency={currency} />}
          {verdict.destination && <Source what="Renewal after the move" price={verdict.destination.renewal} currency={currency} />}
        </List.Root>
      )}
      <Text>{window.sentence}</Text>
      {window.blockers.length > 0 && (
        <List.Root ps="4" aria-label="What blocks a move today">
          {window.blockers.map((b) => (
            <List.Item key={b.code}>{b.message} {b.ownerCanLift ? <Badge colorPalette="blue" size="sm">You can lift this</Badge> : <Badge size="sm">Not in your hands</Badge>}</List.Item>
          ))}
        </List.Root>
      )}
      <Text fontSize="xs" color="fg.muted">
        Transfer rule for {verdict.rule.pattern === "*" ? "gTLDs (ICANN)" : `.${verdict.rule.pattern}`}: {verdict.rule.addsYear ? "a transfer adds a year" : "a transfer keeps the expiry date"}
        {verdict.rule.lockAfterRegistrationDays > 0 ? `, no move within ${verdict.rule.lockAfterRegistrationDays} days of registration` : ""}
        {verdict.rule.lockAfterTransferDays > 0 ? ` or ${verdict.rule.lockAfterTransferDays} days of a transfer` : ""}
        {" "}(<ChakraLink href={verdict.rule.sourceUrl} target="_blank" rel="noopener noreferrer" color="blue.fg">source</ChakraLink>, read {formatDay(verdict.rule.sourceDate)}).
      </Text>
    </Stack>
  );
}

/** The domain page's "Move to a cheaper registrar?" section. */
export function TransferVerdictSection({ domainId }: { domainId: number }) {
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  const verdict = useQuery(trpc.portfolio.transfer.verdict.queryOptions({ id: domainId, currency }));
  return (
    <Box as="section" aria-labelledby="transfer-verdict-heading">
      <Heading as="h2" size="md" id="transfer-verdict-heading" mb="3">Move to a cheaper registrar?</Heading>
      {verdict.isPending && <Text color="fg.muted">Working out the cost of moving…</Text>}
      {verdict.isError && <Text>The comparison could not be loaded: {verdict.error.message}</Text>}
      {verdict.data && <TransferVerdictView verdict={verdict.data} />}
      <ChakraLink asChild fontSize="sm" color="blue.fg" mt="3"><Link to="/portfolio/transfer-plan">See the transfer plan for all your domains</Link></ChakraLink>
    </Box>
  );
}
