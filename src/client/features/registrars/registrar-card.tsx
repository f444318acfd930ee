import { Badge, Card, HStack, LinkBox, LinkOverlay, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuShieldCheck } from "react-icons/lu";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { ACCREDITED_TEXT, OTHER_TEXT, isAccredited } from "./accreditation.ts";

type Provider = RouterOutputs["providers"]["list"][number];

/** The whole card is one link to the registrar's page (LinkOverlay stretches the name's link). */
export function RegistrarCard({ provider }: { provider: Provider }) {
  const accredited = isAccredited(provider);
  return (
    <LinkBox as="li" listStyleType="none">
      <Card.Root variant="outline" h="full" _hover={{ borderColor: "blue.solid" }} transition="border-color 0.15s">
        <Card.Body gap="3">
          <HStack gap="3" align="center">
            <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={44} />
            <Stack gap="0" minW="0">
              <LinkOverlay asChild>
                <Link to="/registrar/$providerId" params={{ providerId: String(provider.id) }}>
                  <Text as="span" fontWeight="semibold" truncate>
                    {provider.name}
                  </Text>
                </Link>
              </LinkOverlay>
              <Text fontSize="sm" color="fg.muted" truncate>
                {provider.domain}
              </Text>
            </Stack>
          </HStack>
          {accredited && (
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="green" variant="subtle">
                <LuShieldCheck aria-hidden /> ICANN
              </Badge>
              <Text fontSize="xs" color="fg.muted">
                IANA ID: {provider.ianaId}
              </Text>
            </HStack>
          )}
          {!provider.isActive && (
            <Badge colorPalette="gray" alignSelf="flex-start">
              Inactive
            </Badge>
          )}
          <Text fontSize="sm" color="fg.muted">
            {accredited ? ACCREDITED_TEXT : OTHER_TEXT}
          </Text>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
