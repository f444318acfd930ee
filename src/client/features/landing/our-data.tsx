import { Box, Container, Heading, SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { COUNTS, useCatalogueStats, type CountKey } from "../../lib/catalogue-counts.ts";
import { formatCount } from "../../lib/text-format.ts";

/** Every count the site shows, each under the label it has on every page. */
const ITEMS: readonly CountKey[] = ["tlds", "pricedNames", "providersWithPrices", "serviceProviders", "registryOperators", "knownRegistrars"];

export function OurData() {
  const query = useCatalogueStats();
  const stats = query.data;
  return (
    <Box as="section" aria-labelledby="our-data" bg="bg.subtle" py="12">
      <Container maxW="7xl">
        <Heading as="h2" id="our-data" size="2xl" textAlign="center" mb="8">
          Our Data
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
          {ITEMS.map((key) => (
            <Stat.Root key={key} p="5" borderWidth="1px" rounded="lg" bg="bg" textAlign="center" alignItems="center">
              <Stat.Label>{COUNTS[key].label}</Stat.Label>
              {stats ? (
                <Stat.ValueText fontSize="3xl">{formatCount(stats[key])}</Stat.ValueText>
              ) : query.isError ? (
                // Never a made-up figure: a dash says the count could not be loaded.
                <Stat.ValueText fontSize="3xl" aria-label="Not available">—</Stat.ValueText>
              ) : (
                <Skeleton h="9" w="20" data-testid="stat-skeleton" />
              )}
              {/* A dd, as a definition list's children must be (Chakra's HelpText is a span). */}
              <Stat.HelpText color="fg.muted" asChild>
                <dd>{COUNTS[key].detail}</dd>
              </Stat.HelpText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
