import { Alert, Button, Container, Flex, HStack, Heading, SimpleGrid, Skeleton, Stat, Switch, Text } from "@chakra-ui/react";
import { alertSlotRecipe, switchSlotRecipe } from "@chakra-ui/react/theme";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw } from "react-icons/lu";
import { useTRPC } from "../../lib/trpc.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";

/** Spec document 2, section 9: the overview polls every 30 seconds while auto-refresh is on. */
export const OVERVIEW_REFRESH_MS = 30_000;
const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Stat.Root borderWidth="1px" rounded="lg" p="4">
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? <Skeleton h="8" w="20" /> : <Stat.ValueText>{value.toLocaleString("en-US")}</Stat.ValueText>}
    </Stat.Root>
  );
}

/**
 * System Overview. Only figures a real endpoint reports are shown: the catalogue counts come
 * from catalogue.stats. Domain Prices, Total Users and the recent-logs table need the admin
 * overview endpoint (GET /api/admin/overview), which the server does not have yet, so they
 * are named as missing rather than filled with invented numbers.
 */
export function AdminOverview() {
  usePageTitle("System Overview");
  const trpc = useTRPC();
  const [autoRefresh, setAutoRefresh] = useState(false);
  const stats = useQuery({ ...trpc.catalogue.stats.queryOptions(), refetchInterval: autoRefresh ? OVERVIEW_REFRESH_MS : false });

  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Flex gap="4" mb="8" justify="space-between" align={{ base: "stretch", md: "center" }} direction={{ base: "column", md: "row" }}>
        <Heading as="h1" size="3xl">System Overview</Heading>
        <HStack gap="4" wrap="wrap">
          <Switch.Root recipe={switchSlotRecipe} colorPalette="blue" checked={autoRefresh} onCheckedChange={(e) => setAutoRefresh(e.checked)}>
            <Switch.HiddenInput />
            <Switch.Control><Switch.Thumb /></Switch.Control>
            <Switch.Label>Auto-refresh (30 s)</Switch.Label>
          </Switch.Root>
          <Button size="sm" variant="outline" disabled={stats.isFetching} onClick={() => void stats.refetch()}>
            <LuRefreshCw aria-hidden /> Refresh
          </Button>
        </HStack>
      </Flex>
      {stats.isError ? (
        <Text color="fg.error" role="alert">Failed to load system overview</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="2xl">
          <Figure label="Total TLDs" value={stats.data?.tlds} />
          <Figure label="Service Providers" value={stats.data?.serviceProviders} />
        </SimpleGrid>
      )}
      {stats.dataUpdatedAt > 0 && <Text mt="3" fontSize="sm" color="fg.muted">Updated {TIME.format(stats.dataUpdatedAt)}</Text>}
      <Alert.Root recipe={alertSlotRecipe} status="info" mt="8" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Not available yet</Alert.Title>
          <Alert.Description>
            Domain Prices, Total Users and the recent price-retrieval logs need the admin overview endpoint, which the server does not provide yet.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}
