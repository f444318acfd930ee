import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { countText, useCatalogueStats, type CatalogueStats } from "../../lib/catalogue-counts.ts";
import { formatCount } from "../../lib/text-format.ts";
import { LOGIN_PATH } from "../../lib/unauthorized.ts";
import { DataStatusLine } from "./data-status-line.tsx";
import { HeroSearch } from "./hero-search.tsx";

/** The promise under the heading, with the site's counts once they are known (the same figures as "Our Data"). */
function coverageText(stats: CatalogueStats | undefined): string {
  if (!stats) return "Compare registration, renewal and transfer prices for top-level domains across trusted registrars.";
  return `Compare registration, renewal and transfer prices of ${countText("pricedNames", stats.pricedNames)} across ${formatCount(stats.providersWithPrices)} registrars and service providers.`;
}

export function Hero() {
  const stats = useCatalogueStats();
  return (
    <Box as="section" aria-labelledby="hero-title" bgGradient="to-b" gradientFrom="blue.subtle" gradientTo="bg" py={{ base: "14", md: "20" }}>
      <Container maxW="4xl" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h1" id="hero-title" size={{ base: "4xl", md: "6xl" }} letterSpacing="tight">
            Domain Intelligence & Management
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
            Manage your domain portfolio with ease and find the best places to register. {coverageText(stats.data)}
          </Text>
          <HeroSearch />
          <Button asChild size="lg" colorPalette="blue">
            <a href={LOGIN_PATH}>Get Started for Free</a>
          </Button>
          <DataStatusLine />
        </Stack>
      </Container>
    </Box>
  );
}
