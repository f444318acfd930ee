import { Button, HStack, Heading, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { LuExternalLink, LuShieldCheck } from "react-icons/lu";
import { ActiveBadge } from "../../components/category-badge.tsx";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { isAccredited } from "./accreditation.ts";

type Provider = RouterOutputs["providers"]["getById"];

export function RegistrarHeader({ provider }: { provider: Provider }) {
  return (
    <Stack direction={{ base: "column", md: "row" }} gap="5" align={{ md: "center" }} justify="space-between" mb="8">
      <HStack gap="4" align="center">
        <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={64} />
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            {provider.name}
          </Heading>
          <Text color="fg.muted">{provider.domain}</Text>
          <HStack gap="2" wrap="wrap">
            <ActiveBadge active={provider.isActive} />
            {isAccredited(provider) && (
              <>
                <span className="app-badge" data-palette="blue">
                  IANA #{provider.ianaId}
                </span>
                <ChakraLink asChild fontSize="sm" color="blue.fg">
                  <SpaAnchor href="/icann-accredited-registrars">
                    <LuShieldCheck aria-hidden /> ICANN Accredited Registrar
                  </SpaAnchor>
                </ChakraLink>
              </>
            )}
          </HStack>
        </Stack>
      </HStack>
      {provider.website && (
        <Button asChild variant="outline" size="sm" alignSelf={{ base: "flex-start", md: "center" }}>
          <a href={provider.website} target="_blank" rel="noopener noreferrer">
            Visit Website <LuExternalLink aria-hidden />
          </a>
        </Button>
      )}
    </Stack>
  );
}
