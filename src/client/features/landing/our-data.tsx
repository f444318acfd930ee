import { Box, Container, Heading, SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { formatCount } from "../../lib/text-format.ts";


const ITEMS = [
  { key: "tlds", label: "Top Level Domains" },
  { key: "registryOperators", label: "Registry Operators" },
  { key: "knownRegistrars", label: "Known Registrars" },
  { key: "serviceProviders", label: "Service Providers" },
] as const;

export function OurData() {
  const trpc = useTRPC();
  const query = useQuery(trpc.catalogue.stats.queryOptions());
  const stats = query.data;
  return (
    <Box as="section" aria-labelledby="our-data" bg="bg.subtle" py="12">
      <Container maxW="7xl">
        <Heading as="h2" id="our-data" size="2xl" textAlign="center" mb="8">
          Our Data
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {ITEMS.map((item) => (
            <Stat.Root key={item.key} p="5" borderWidth="1px" rounded="lg" bg="bg" textAlign="center" alignItems="center">
              <Stat.Label>{item.label}</Stat.Label>
              {stats ? (
                <Stat.ValueText fontSize="3xl">{formatCount(stats[item.key])}</Stat.ValueText>
              ) : query.isError ? (
                // Never a made-up figure: a dash says the count could not be loaded.
                <Stat.ValueText fontSize="3xl" aria-label="Not available">—</Stat.ValueText>
              ) : (
                <Skeleton h="9" w="20" data-testid="stat-skeleton" />
              )}
            </Stat.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
