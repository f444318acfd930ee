import { Badge, DataList, Heading, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc.ts";
import { AutoRenewBadge } from "./auto-renew-answer.tsx";
import { RegistrarInForce } from "./registrar-in-force.tsx";
import { DateSource, RegistryDetails } from "./registry-details.tsx";
import { formatDay } from "./format.ts";
import type { UserDomain } from "./types.ts";

/**
 * One portfolio entry, kept fresh while a registry check is on its way (every 2 s until its
 * answer is stored), so the page shows the new record as soon as it is in.
 */
export function usePortfolioDomain(id: number) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.portfolio.getById.queryOptions({ id }),
    refetchInterval: (query) => (query.state.data?.registry.checkRequestedAt ? 2000 : false),
  });
}

/** The domain's facts and its registry record (with "Check now"), at the top of its page. */
export function DomainOverview({ domain }: { domain: UserDomain }) {
  const name = domain.unicodeName ?? domain.domainName;
  return (
    <Stack gap="3">
      <ChakraLink asChild fontSize="sm" color="blue.fg"><Link to="/portfolio">← Portfolio</Link></ChakraLink>
      <Heading as="h1" size="xl" wordBreak="break-all">
        {name}
        {domain.unicodeName && <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">{domain.domainName}</Text>}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <AutoRenewBadge domain={domain} />
        {domain.registrarAccount && (
          <Badge colorPalette="purple" variant="subtle">{domain.source === "sync" ? "Synced from" : "Linked to"} {domain.registrarAccount.label}</Badge>
        )}
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item>
          <DataList.ItemLabel>Registrar</DataList.ItemLabel>
          <DataList.ItemValue minW="0"><RegistrarInForce domain={domain} /></DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Registered</DataList.ItemLabel>
          <DataList.ItemValue><HStack gap="2" wrap="wrap"><span>{formatDay(domain.dates.registration.date)}</span><DateSource shown={domain.dates.registration} /></HStack></DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Expires</DataList.ItemLabel>
          <DataList.ItemValue><HStack gap="2" wrap="wrap"><span>{formatDay(domain.effectiveExpirationDate)}</span><DateSource shown={domain.dates.expiration} /></HStack></DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Nameservers</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-all">{domain.registry.nameservers.length ? domain.registry.nameservers.join(", ") : "Not known"}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <RegistryDetails domain={domain} />
    </Stack>
  );
}
