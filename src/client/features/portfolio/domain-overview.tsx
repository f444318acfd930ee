import { Badge, Box, Button, DataList, Flex, Heading, HStack, IconButton, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LuPencil, LuTrash2 } from "react-icons/lu";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { AutoRenewBadge, AutoRenewQuestion } from "./auto-renew-answer.tsx";
import { DeleteDomainDialog } from "./delete-domain-dialog.tsx";
import { DepartedNotice } from "./departed-notice.tsx";
import { EditDomainDialog } from "./domain-dialogs.tsx";
import { DomainPricing } from "./domain-pricing.tsx";
import { RegistrarInForce } from "./registrar-in-force.tsx";
import { DateSource, RegistryDetails } from "./registry-details.tsx";
import { formatDay } from "./format.ts";
import type { UserDomain } from "./types.ts";

/**
 * One portfolio entry in the display currency (the list's, so both show the same money), kept
 * fresh while a registry check is on its way (every 2 s until its answer is stored), so the page
 * shows the new record as soon as it is in.
 */
export function usePortfolioDomain(id: number) {
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  return useQuery({
    ...trpc.portfolio.getById.queryOptions({ id, currency }),
    refetchInterval: (query) => (query.state.data?.registry.checkRequestedAt ? 2000 : false),
  });
}

/**
 * The domain's home, at the top of its page: its name with Edit and Remove, whether it renews
 * automatically (with the question when nobody has said), its registrar and dates with their
 * sources, what renewing costs there and where it is cheaper, its notes, and its registry record
 * (with "Check now"). The pieces are the list card's.
 */
export function DomainOverview({ domain }: { domain: UserDomain }) {
  const name = domain.unicodeName ?? domain.domainName;
  const navigate = useNavigate();
  // A fresh edit form per opening (new key), so it always starts from the stored values.
  const [editing, setEditing] = useState({ open: false, round: 0 });
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="4">
      <ChakraLink asChild fontSize="sm" color="blue.fg"><Link to="/portfolio">← Portfolio</Link></ChakraLink>
      <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
        <Heading as="h1" size="xl" wordBreak="break-all" minW="0">
          {name}
          {domain.unicodeName && <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">{domain.domainName}</Text>}
        </Heading>
        <HStack gap="2">
          <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => setEditing((e) => ({ open: true, round: e.round + 1 }))}>
            <LuPencil aria-hidden /> Edit
          </Button>
          <IconButton size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${name}`} onClick={() => setDeleting(true)}>
            <LuTrash2 />
          </IconButton>
        </HStack>
      </Flex>
      <HStack gap="2" wrap="wrap">
        <AutoRenewBadge domain={domain} />
        {domain.registrarAccount && (
          <Badge colorPalette="purple" variant="subtle">{domain.source === "sync" ? "Synced from" : "Linked to"} {domain.registrarAccount.label}</Badge>
        )}
      </HStack>
      <DepartedNotice domain={domain} onRemove={() => setDeleting(true)} />
      <AutoRenewQuestion domain={domain} />
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
      <Box as="section" aria-labelledby="renewal-title" maxW="xl">
        <Heading as="h2" size="md" id="renewal-title" mb="1">Renewal</Heading>
        <DomainPricing domain={domain} />
      </Box>
      <Box as="section" aria-labelledby="notes-title">
        <Heading as="h2" size="md" id="notes-title" mb="1">Notes</Heading>
        {domain.notes
          ? <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">{domain.notes}</Text>
          : <Text fontSize="sm" color="fg.muted">No notes. Edit adds them.</Text>}
      </Box>
      <RegistryDetails domain={domain} />
      <EditDomainDialog key={editing.round} domain={domain} open={editing.open} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))} />
      <DeleteDomainDialog domain={domain} open={deleting} onOpenChange={setDeleting} onRemoved={() => void navigate({ to: "/portfolio" })} />
    </Stack>
  );
}
