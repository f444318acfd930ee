import { Container, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { DomainSwitches } from "../features/domain-history/domain-switches.tsx";
import { HistorySection } from "../features/domain-history/history-section.tsx";
import { MonitoringSections } from "../features/monitoring/monitoring-sections.tsx";
import { DomainOverview, usePortfolioDomain } from "../features/portfolio/domain-overview.tsx";
import { TransferVerdictSection } from "../features/portfolio/transfer-verdict.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { TimeZoneSelect } from "../components/time-zone-select.tsx";
import { useTimeZone } from "../lib/date-format.ts";
import { RequireAuth } from "../lib/require-auth.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

/**
 * A portfolio domain's page, its home: its facts, money and registry record with Edit and Remove,
 * whether moving it to a cheaper registrar pays and when it can move,
 * its certificates and DNS, its own notification switches, and its history, moments in the
 * reader's time zone (chosen here).
 */
export const Route = createFileRoute("/portfolio/$domainId")({
  component: DomainRoute,
});

function DomainRoute() {
  const { domainId } = Route.useParams();
  const id = /^\d{1,9}$/.test(domainId) ? Number(domainId) : null;
  return (
    <RequireAuth title={PAGE_TITLES.portfolioDomain}>
      <Container maxW="4xl" py="8">
        {id === null ? <Text>Domain not found.</Text> : <DomainPage key={id} id={id} />}
      </Container>
    </RequireAuth>
  );
}

function DomainPage({ id }: { id: number }) {
  const domain = usePortfolioDomain(id);
  const { zone } = useTimeZone();
  usePageTitle(domain.data ? (domain.data.unicodeName ?? domain.data.domainName) : PAGE_TITLES.portfolioDomain);
  if (domain.isPending) return <Text color="fg.muted">Loading the domain…</Text>;
  if (domain.isError) return <Text>{domain.error.data?.httpStatus === 404 ? "Domain not found." : `The domain could not be loaded: ${domain.error.message}`}</Text>;
  const name = domain.data.unicodeName ?? domain.data.domainName;
  return (
    <Stack gap="8">
      <DomainOverview domain={domain.data} />
      <TransferVerdictSection domainId={id} />
      <TimeZoneSelect />
      {/* Their moments are written in the chosen zone: a new choice draws them again. */}
      <MonitoringSections key={`monitoring-${zone}`} domainId={id} />
      <DomainSwitches domainId={id} domainName={name} />
      <HistorySection key={`history-${zone}`} domainId={id} checkedAt={domain.data.registry.checkedAt} />
    </Stack>
  );
}
