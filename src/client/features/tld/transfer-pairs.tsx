import { Badge, Box, Link, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { formatTotal } from "../../../shared/price-format.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * "Moving a .com from A to B pays off after N years": per registrar quoting the TLD, the move
 * that saves most over 3 years, from the same computation as a portfolio's transfer plan. Asked
 * for when the section nears the viewport (see the page), never carried in the page's HTML.
 */
export function TransferPairs({ tldId, label, currency }: { tldId: string; label: string; currency: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.prices.transferPairs.queryOptions({ tldId, currency }));
  const data = query.data;
  return (
    <SectionCard title={`Moving a ${label} to another registrar`}>
      {query.isPending && <Text color="fg.muted">Working out when moving pays off…</Text>}
      {query.isError && <Text color="fg.error">The comparison could not be loaded.</Text>}
      {data && data.pairs.length === 0 && <Text color="fg.muted">No registrar we compare is cheaper to move a {label} to, once the transfer is paid.</Text>}
      {data && data.pairs.length > 0 && (
        <>
          <Text color="fg.muted" mb="3">
            {data.rule.addsYear ? `A ${label} transfer adds a year to the registration.` : `A ${label} transfer keeps the expiry date.`}
            {" "}The transfer is paid, then the new registrar's renewals; {data.currency} at today's prices (<Link href={data.rule.sourceUrl} target="_blank" rel="noopener noreferrer" color="blue.fg">rule source</Link>, read {data.rule.sourceDate}).
          </Text>
          <Box borderWidth="1px" rounded="md" overflowX={{ base: "hidden", md: "auto" }}>
            <Table.Root size="sm" aria-label={`When moving a ${label} pays off`} css={PAIRS_TABLE_CSS}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Move</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Transfer</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Renewal after</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Saving over 3 years</Table.ColumnHeader>
                  <Table.ColumnHeader>Pays off</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <tbody>
                {data.pairs.map((p) => (
                  <tr key={`${p.from.id}-${p.to.id}`} title={p.cautions.join("; ") || undefined}>
                    <td>
                      {p.from.name} → {p.to.name}
                      {p.verdict === "unsure" && <Badge ms="2" colorPalette="orange" variant="subtle" title={p.cautions.join("; ") || undefined}>check the prices</Badge>}
                    </td>
                    <td data-num="" data-label="Transfer">{formatTotal(p.transfer.amount, data.currency)}</td>
                    <td data-num="" data-label="Renewal after">{formatTotal(p.renewal.amount, data.currency)}<span className="sub">instead of {formatTotal(p.current.amount, data.currency)}</span></td>
                    <td data-num="" data-label="Saving over 3 years">{formatTotal(p.years.find((y) => y.years === 3)?.saving ?? "0", data.currency)}</td>
                    <td data-label="Pays off">{p.breakEvenYear === null ? "Not within 5 years" : p.breakEvenYear === 1 ? "In the first year" : `After ${p.breakEvenYear} years`}</td>
                  </tr>
                ))}
              </tbody>
            </Table.Root>
          </Box>
        </>
      )}
    </SectionCard>
  );
}

/** On a phone each move is a card (the move, then each figure with its label): nothing scrolls sideways. */
const PAIRS_TABLE_CSS = stackedRowsCss({ "& td:first-of-type": { fontWeight: "semibold" } });
