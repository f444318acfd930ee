import { Container, Heading, Link, Stack } from "@chakra-ui/react";
import { createFileRoute, Link as RouterLink } from "@tanstack/react-router";
import { MonitoringSections } from "../features/monitoring/monitoring-sections.tsx";

export const Route = createFileRoute("/portfolio/$domainId")({
  component: DomainRoute,
});

function DomainRoute() {
  const { domainId } = Route.useParams();
  const id = Number(domainId);
  return (
    <Container maxW="6xl" py="6">
      <Stack gap="6">
        <Link asChild fontSize="sm"><RouterLink to="/portfolio">← Portfolio</RouterLink></Link>
        <Heading as="h1" size="xl">Domain monitoring</Heading>
        <MonitoringSections domainId={id} />
      </Stack>
    </Container>
  );
}
