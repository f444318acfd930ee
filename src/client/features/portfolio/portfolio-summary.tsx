import { SimpleGrid, Skeleton, Stat, Text } from "@chakra-ui/react";
import { formatTotal } from "./format.ts";
import type { PortfolioSummary as Summary } from "./types.ts";

function Figure({ label, value, help }: { label: string; value: string; help?: string | undefined }) {
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
      {help && <Stat.HelpText>{help}</Stat.HelpText>}
    </Stat.Root>
  );
}

/** The portfolio at a glance: how many domains, what renewing them all costs, what moving them would save. */
export function PortfolioSummary({ summary, isPending, isError }: { summary: Summary | undefined; isPending: boolean; isError: boolean }) {
  if (isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" aria-busy>
        {[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}
      </SimpleGrid>
    );
  }
  if (isError || !summary) return <Text color="fg.muted">Portfolio totals are unavailable right now.</Text>;
  const renewal = summary.totalYearlyRenewal;
  const unpriced = renewal.domainsWithoutPrice;
  return (
    <SimpleGrid as="section" aria-label="Portfolio totals" columns={{ base: 1, sm: 3 }} gap="4">
      <Figure label="Domains" value={String(summary.domainCount)} />
      <Figure
        label="Yearly renewal cost"
        value={formatTotal(renewal.amount, renewal.currency)}
        // Only USD quotes are added up; saying what was left out keeps the total honest.
        help={unpriced > 0 ? `${unpriced} ${unpriced === 1 ? "domain has" : "domains have"} no USD renewal price` : "At your current registrars"}
      />
      <Figure
        label="Possible yearly saving"
        value={formatTotal(summary.totalPossibleSaving.amount, summary.totalPossibleSaving.currency)}
        help="By moving each domain to its cheapest registrar"
      />
    </SimpleGrid>
  );
}
