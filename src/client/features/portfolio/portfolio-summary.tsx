import { Badge, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatDay, formatTotal } from "./format.ts";
import type { PortfolioSummary as Summary } from "./types.ts";

function Figure({ label, value, help }: { label: string; value: string; help?: ReactNode }) {
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
      {help && <Stat.HelpText>{help}</Stat.HelpText>}
    </Stat.Root>
  );
}

const domainsText = (n: number) => `${n} ${n === 1 ? "domain" : "domains"}`;

/**
 * The portfolio at a glance, every figure from the server's one money computation: how many
 * domains, a year of every domain, the renewals due in the next twelve months (the forecast's),
 * and what moving would save, each saying what it counts, with the sentence that reconciles the
 * two spans. Amounts are in the display currency.
 */
export function PortfolioSummary({ summary, isPending, isError }: { summary: Summary | undefined; isPending: boolean; isError: boolean }) {
  if (isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-busy>
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}
      </SimpleGrid>
    );
  }
  if (isError || !summary) return <Text color="fg.muted">Portfolio totals are unavailable right now.</Text>;
  const { totals } = summary;
  const { currency } = totals;
  const year = totals.yearOfEveryDomain;
  const next = totals.next12Months;
  const money = (amount: string) => formatTotal(amount, currency);
  const unpriced = year.domainsWithoutPrice;
  // The year split by auto-renew: what renews by itself, what is expected if it renews (nobody said), what will not.
  const byState = year.byAutoRenew;
  const split = [
    byState.on.domains > 0 ? `${money(byState.on.amount)} renews automatically` : null,
    byState.unknown.domains > 0
      ? `${money(byState.unknown.amount)} expected if ${byState.unknown.domains === 1 ? "it renews (1 domain whose auto-renew is unknown)" : `they renew (${byState.unknown.domains} domains whose auto-renew is unknown)`}`
      : null,
    byState.off.domains > 0 ? `${money(byState.off.amount)} with auto-renew off` : null,
  ].filter(Boolean).join(" · ");
  const rates = totals.rateDate ? ` (ECB rates of ${formatDay(totals.rateDate)})` : "";
  const span = `${formatDay(next.from)} to ${formatDay(next.until)}`;
  return (
    <Stack as="section" aria-label="Portfolio totals" gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure
          label="Domains"
          value={String(summary.domainCount)}
          // Every domain whose expiration date has passed, however long ago.
          help={summary.expiringCounts.expired > 0
            ? <Badge colorPalette="red" variant="solid">{summary.expiringCounts.expired} expired</Badge>
            : "None expired"}
        />
        <Figure
          label="A year of every domain"
          value={money(year.amount)}
          // Saying what it counts and what was left out (no price, or no rate to convert it) keeps the total honest.
          help={
            <>
              {`One renewal of each domain at its registrar, whenever it falls due${rates}`}
              {unpriced > 0 && <><br />{`${unpriced} ${unpriced === 1 ? "domain has" : "domains have"} no renewal price in ${currency}`}</>}
              {split && <><br />{split}</>}
            </>
          }
        />
        <Figure
          label="Due in the next 12 months"
          value={money(next.renewsAutomatically.amount)}
          help={
            <>
              {`${domainsText(next.renewsAutomatically.domains)} renewing automatically from ${span}`}
              {next.ifItRenews.domains > 0 && (
                <><br />{`and ${money(next.ifItRenews.amount)} if the ${domainsText(next.ifItRenews.domains)} whose auto-renew is unknown renew`}</>
              )}
            </>
          }
        />
        <Figure
          label="Possible yearly saving"
          value={money(year.possibleSaving)}
          help="By moving each domain to its cheapest registrar"
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" data-testid="totals-reconciliation">{totals.reconciliation}</Text>
    </Stack>
  );
}
