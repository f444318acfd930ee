import { Button, Card, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link, createFileRoute } from "@tanstack/react-router";
import { memo, useState } from "react";
import { RenderWhenNear } from "../components/render-when-near.tsx";
import { CommunityChat } from "../features/landing/community-chat.tsx";
import { Hero } from "../features/landing/hero.tsx";
import { OurData } from "../features/landing/our-data.tsx";
import { ProviderGrid } from "../features/landing/provider-grid.tsx";
import { AllPricesTable } from "../features/prices/all-prices-table.tsx";
import { CommonPricesTable } from "../features/prices/common-prices-table.tsx";
import { DEFAULT_TABLE_STATE, toListInput } from "../features/prices/table-state.ts";
import { useAuth } from "../lib/use-auth.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export const Route = createFileRoute("/")({
  // Start every call while the page's code chunk is still downloading; not awaited, so a slow
  // call only delays its own section.
  loader: ({ context: { queryClient, trpc, currency } }) => {
    void queryClient.prefetchQuery(trpc.catalogue.dataStatus.queryOptions());
    void queryClient.prefetchQuery(trpc.providers.directory.queryOptions());
    void queryClient.prefetchQuery(trpc.catalogue.stats.queryOptions());
    // The price tables sit far below the first screen and are not in the server's HTML (/tlds
    // and /tld/… carry the same prices for crawlers): their rows would make up half the page.
    // In the browser they load with the page, so they are there when a visitor scrolls to them.
    if (typeof document === "undefined") return;
    // The same inputs as the tables' queries, display currency included.
    const displayCurrency = currency();
    void queryClient.prefetchQuery(trpc.prices.common.queryOptions({ currency: displayCurrency }));
    void queryClient.prefetchQuery(trpc.prices.list.queryOptions(toListInput(DEFAULT_TABLE_STATE, displayCurrency)));
  },
  component: HomePage,
});

function PriceSections() {
  // On the home page the table state is local: the shareable, URL-backed view is /tlds.
  const [state, setState] = useState(DEFAULT_TABLE_STATE);
  return (
    <Container maxW="7xl">
      <Stack gap="8">
        <CommonPricesTable />
        <AllPricesTable title="All TLD Prices" subtitle="Complete domain pricing database" state={state} onStateChange={setState} />
      </Stack>
    </Container>
  );
}

/**
 * The dashboard's way into the signed-in areas: a new account lands here, and the price tables
 * below are the same as anyone's, so the portfolio is offered first.
 */
function DashboardShortcuts() {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="dashboard-portfolio">
      <Card.Body gap="3">
        <Heading as="h2" id="dashboard-portfolio" size="lg">Your domain portfolio</Heading>
        <Text color="fg.muted">
          Add the domains you own to see their renewal prices, the cheaper places to move them and when each expires; connect a
          registrar account to bring them in at once.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="blue"><Link to="/portfolio">Go to your portfolio</Link></Button>
          <Button asChild variant="outline"><Link to="/accounts">Connect a registrar account</Link></Button>
          <Button asChild variant="ghost"><Link to="/settings/notifications">Expiry reminders</Link></Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Spec section 2: the landing page while auth loads or for visitors, the dashboard home once signed in. */
function HomePage() {
  const { isAuthenticated } = useAuth();
  usePageTitle(undefined);
  if (isAuthenticated) {
    return (
      <Stack gap="8" py="10">
        <Container maxW="7xl">
          <Stack gap="6">
            <Heading as="h1" size="3xl">
              Welcome to Your Domain Dashboard
            </Heading>
            <DashboardShortcuts />
          </Stack>
        </Container>
        {/* As on the landing page: the tables' rows are not in the server's HTML (the browser has their data first). */}
        <RenderWhenNear minH={{ base: "2600px", md: "2200px" }} inServerHtml={false}>
          <PriceSections />
        </RenderWhenNear>
      </Stack>
    );
  }
  return <Landing />;
}

/**
 * Memoised: this page re-renders when the auth answer arrives and when hydration ends (useAuth),
 * and re-rendering every section and table then is a long main-thread task for nothing.
 */
const Landing = memo(function Landing() {
  return (
    <Stack gap="0">
      <Hero />
      <BelowTheFold />
    </Stack>
  );
});

/** Below the hero, each section renders as it nears the viewport (see RenderWhenNear). */
function BelowTheFold() {
  return (
    <>
      <RenderWhenNear minH={{ base: "950px", md: "650px", lg: "480px" }}>
        <ProviderGrid />
      </RenderWhenNear>
      <RenderWhenNear minH="360px">
        <OurData />
      </RenderWhenNear>
      <Stack gap="12" pt="12">
        <RenderWhenNear minH={{ base: "2600px", md: "2200px" }} inServerHtml={false}>
          <PriceSections />
        </RenderWhenNear>
        <CommunityChat />
      </Stack>
    </>
  );
}
