import { Box, Container, Heading, HStack, SimpleGrid, Skeleton, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { COUNTS, useCatalogueStats } from "../../lib/catalogue-counts.ts";
import { formatCount } from "../../lib/text-format.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { isAccredited } from "./accreditation.ts";
import { RegistrarCard } from "./registrar-card.tsx";

export const REGISTRAR_SKELETONS = 12;
type Provider = RouterOutputs["providers"]["list"][number];

function Group({ title, providers }: { title: string; providers: Provider[] }) {
  if (providers.length === 0) return null;
  const id = title.toLowerCase().replaceAll(" ", "-");
  return (
    <Box as="section" aria-labelledby={id} mb="10">
      <Heading as="h2" id={id} size="xl" mb="4">
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {providers.map((provider) => (
          <RegistrarCard key={provider.id} provider={provider} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Body() {
  const trpc = useTRPC();
  const query = useQuery(trpc.providers.list.queryOptions());
  const stats = useCatalogueStats();
  if (query.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" aria-busy>
        {Array.from({ length: REGISTRAR_SKELETONS }, (_, i) => (
          <Skeleton key={i} h="40" rounded="lg" data-testid="registrar-skeleton" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) return <Text color="fg.error" role="alert">Failed to load registrars. Please try again later.</Text>;
  if (query.data.length === 0) return <Text color="fg.muted">No registrars available.</Text>;
  const accredited = query.data.filter(isAccredited);
  const others = query.data.filter((p) => !isAccredited(p));
  // The total is catalogue.stats' serviceProviders, the figure every page shows under this label.
  const figures: [string, number | undefined][] = [
    [COUNTS.serviceProviders.label, stats.data?.serviceProviders],
    [COUNTS.providersWithPrices.label, stats.data?.providersWithPrices],
    ["ICANN Accredited", accredited.length],
    ["Other Registrars", others.length],
  ];
  return (
    <>
      <HStack gap="4" mb="10" wrap="wrap">
        {figures.map(([label, count]) => (
          <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4" maxW="56">
            <Stat.Label>{label}</Stat.Label>
            {count === undefined
              ? <Stat.ValueText aria-label="Not available">—</Stat.ValueText>
              : <Stat.ValueText>{formatCount(count)}</Stat.ValueText>}
          </Stat.Root>
        ))}
      </HStack>
      <Group title="ICANN Accredited Registrars" providers={accredited} />
      <Group title="Other Domain Registrars" providers={others} />
    </>
  );
}

export function RegistrarsPage() {
  usePageTitle("Domain Registrars", "The domain registrars whose prices we compare, with how many TLDs each one prices.");
  return (
    <Container maxW="7xl" py="10">
      <Heading as="h1" size="3xl" mb="2">
        Domain Registrars
      </Heading>
      <Text color="fg.muted" mb="8">
        Every registrar and service provider whose prices we compare.
      </Text>
      <Body />
    </Container>
  );
}
