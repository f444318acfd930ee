import { Badge, Button, Card, DataList, HStack, Heading, IconButton, Link as ChakraLink, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuPencil, LuTrash2 } from "react-icons/lu";
import { AutoRenewBadge, AutoRenewQuestion } from "./auto-renew-answer.tsx";
import { DepartedNotice } from "./departed-notice.tsx";
import { DomainPricing } from "./domain-pricing.tsx";
import { RegistrarInForce } from "./registrar-in-force.tsx";
import { DateSource, RegistryDetails } from "./registry-details.tsx";
import { daysUntil, formatDay, formatDaysLeft } from "./format.ts";
import type { UserDomain } from "./types.ts";

interface DomainCardProps {
  domain: UserDomain;
  onEdit: (domain: UserDomain) => void;
  onDelete: (domain: UserDomain) => void;
}

function Expiry({ date }: { date: string | null }) {
  if (!date) return <>Not set</>;
  const days = daysUntil(date);
  // Only the urgent cases get colour; a date a year away needs no attention.
  const palette = days < 0 ? "red" : days <= 30 ? "orange" : null;
  return (
    <HStack gap="2" wrap="wrap">
      <span>{formatDay(date)}</span>
      {palette && <Badge colorPalette={palette} size="sm">{formatDaysLeft(days)}</Badge>}
    </HStack>
  );
}

export function DomainCard({ domain, onEdit, onDelete }: DomainCardProps) {
  // An IDN reads in its Unicode form (stored as its A-label, shown beside it).
  const name = domain.unicodeName ?? domain.domainName;
  // The date reminders use: the registry's unless the owner chose theirs.
  const expires = domain.effectiveExpirationDate;
  const expired = expires !== null && daysUntil(expires) < 0;
  return (
    <Card.Root as="li" variant="outline" size="sm" listStyleType="none">
      <Card.Header gap="2">
        <Heading as="h3" size="md" wordBreak="break-all">
          {/* The domain's page: its registry record, history and own notification switches. */}
          <ChakraLink asChild color="inherit"><Link to="/portfolio/$domainId" params={{ domainId: String(domain.id) }}>{name}</Link></ChakraLink>
          {domain.unicodeName && <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">{domain.domainName}</Text>}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {expired && <Badge colorPalette="red" variant="solid">Expired</Badge>}
          {/* An IDN TLD reads in its Unicode form, its punycode beside it. */}
          <Badge variant="outline">
            .{domain.tld.unicodeName ?? domain.tld.name}
            {domain.tld.unicodeName && <Text as="span" color="fg.muted">{` (${domain.tld.name})`}</Text>}
          </Badge>
          <AutoRenewBadge domain={domain} />
          {domain.registrarAccount && (
            <Badge colorPalette="purple" variant="subtle" title="Linked to a connected registrar account">
              {domain.source === "sync" ? "Synced from" : "Linked to"} {domain.registrarAccount.label}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <DepartedNotice domain={domain} onRemove={onDelete} />
        <AutoRenewQuestion domain={domain} />
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Registrar</DataList.ItemLabel>
            <DataList.ItemValue minW="0"><RegistrarInForce domain={domain} /></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Registered</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="2" wrap="wrap"><span>{formatDay(domain.dates.registration.date)}</span><DateSource shown={domain.dates.registration} /></HStack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel>Expires</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="2" wrap="wrap"><Expiry date={expires} /><DateSource shown={domain.dates.expiration} /></HStack>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <RegistryDetails domain={domain} />
        <DomainPricing domain={domain} />
        {domain.notes && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" lineClamp={4} title={domain.notes}>{domain.notes}</Text>
        )}
      </Card.Body>
      <Card.Footer justifyContent="flex-end" gap="2">
        <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => onEdit(domain)}>
          <LuPencil aria-hidden /> Edit
        </Button>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove ${name}`} onClick={() => onDelete(domain)}>
          <LuTrash2 />
        </IconButton>
      </Card.Footer>
    </Card.Root>
  );
}
