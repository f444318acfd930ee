import { Badge, SimpleGrid, Skeleton, Stat, Text } from "@chakra-ui/react";
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
  // In the display currency when the server converted the totals; else the USD-only totals.
  const display = summary.display;
  const renewal = display
    ? { amount: display.totalYearlyRenewal, currency: display.currency, unpriced: display.domainsWithoutPrice, unit: "" }
    : { amount: summary.totalYearlyRenewal.amount, currency: summary.totalYearlyRenewal.currency, unpriced: summary.totalYearlyRenewal.domainsWithoutPrice, unit: "USD " };
  const saving = display ? { amount: display.totalPossibleSaving, currency: display.currency } : summary.totalPossibleSaving;
  const unpriced = renewal.unpriced;
  // The same total split by auto-renew: what renews by itself, what is expected if it renews (nobody said), what will not.
  const byState = display?.byAutoRenew ?? summary.byAutoRenew;
  const split = [
    byState.on.domains > 0 ? `${formatTotal(byState.on.amount, renewal.currency)} renews automatically` : null,
    byState.unknown.domains > 0
      ? `${formatTotal(byState.unknown.amount, renewal.currency)} expected if ${byState.unknown.domains === 1 ? "it renews (1 domain whose auto-renew is unknown)" : `they renew (${byState.unknown.domains} domains whose auto-renew is unknown)`}`
      : null,
    byState.off.domains > 0 ? `${formatTotal(byState.off.amount, renewal.currency)} with auto-renew off` : null,
  ].filter(Boolean).join(" · ");
  const rates = display?.converted && display.rateDate ? ` (ECB rates of ${formatDay(display.rateDate)})` : "";
  return (
    <SimpleGrid as="section" aria-label="Portfolio totals" columns={{ base: 1, sm: 3 }} gap="4">
      <Figure
        label="Domains"
        value={String(summary.domainCount)}
        // Every domain whose expiration date has passed, however long ago.
        help={summary.expiringCounts.expired > 0
          ? <Badge colorPalette="red" variant="solid">{summary.expiringCounts.expired} expired</Badge>
          : "None expired"}
      />
      <Figure
        label="Yearly renewal cost"
        value={formatTotal(renewal.amount, renewal.currency)}
        // Saying what was left out (no price, or no rate to convert it) keeps the total honest.
        help={
          <>
            {unpriced > 0
              ? `${unpriced} ${unpriced === 1 ? "domain has" : "domains have"} no ${renewal.unit}renewal price${rates}`
              : `At your current registrars${rates}`}
            {split && <><br />{split}</>}
          </>
        }
      />
      <Figure
        label="Possible yearly saving"
        value={formatTotal(saving.amount, saving.currency)}
        help="By moving each domain to its cheapest registrar"
      />
    </SimpleGrid>
  );
}
