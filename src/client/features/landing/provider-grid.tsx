import { Container, Heading, HStack, SimpleGrid, Skeleton, Text, VStack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import { useCatalogueStats } from "../../lib/catalogue-counts.ts";
import { formatCount } from "../../lib/text-format.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { FALLBACK_PROVIDERS, type GridProvider } from "./fallback-providers.ts";

export const PROVIDER_SKELETONS = 12;

function ProviderCard({ provider }: { provider: GridProvider }) {
  return (
    <VStack as="li" gap="2" p="4" borderWidth="1px" rounded="lg" bg="bg" textAlign="center" minW="0">
      <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={40} />
      <Text fontWeight="medium" fontSize="sm" truncate maxW="full">
        {provider.name}
      </Text>
    </VStack>
  );
}

/**
 * "Who We Search": 2, 4 or 6 columns by screen width (spec section 2). Only the providers whose
 * prices are compared (the server's comparesPrices: active, with prices stored), the same set
 * catalogue.stats counts as providersWithPrices: a provider that is switched off, or only there
 * for account sync, is not listed.
 */
export function ProviderGrid() {
  const trpc = useTRPC();
  const query = useQuery(trpc.providers.directory.queryOptions());
  const stats = useCatalogueStats();
  const compared = query.data?.filter((p) => p.comparesPrices) ?? [];
  const providers: readonly GridProvider[] = compared.length ? compared : FALLBACK_PROVIDERS;
  // The figure only beside the list it counts, never beside the fallback tiles.
  const count = compared.length && stats.data ? `${formatCount(stats.data.providersWithPrices)} ` : "";
  return (
    <Container as="section" aria-labelledby="who-we-search" maxW="7xl" py="12">
      <Heading as="h2" id="who-we-search" size="2xl" textAlign="center" mb="2">
        Who We Search
      </Heading>
      <Text color="fg.muted" textAlign="center" mb="8">
        We compare prices from these {count}registrars and service providers.
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4, lg: 6 }} gap="4" aria-busy={query.isPending}>
        {query.isPending
          ? Array.from({ length: PROVIDER_SKELETONS }, (_, i) => (
              <HStack as="li" key={i} data-testid="provider-skeleton">
                <Skeleton h="92px" w="full" rounded="lg" />
              </HStack>
            ))
          : providers.map((provider) => <ProviderCard key={provider.id} provider={provider} />)}
      </SimpleGrid>
    </Container>
  );
}
