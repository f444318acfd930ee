/**
 * The registrar a domain is priced at, with where it came from: the one the owner chose, the
 * linked registrar account's, or the one the registry names (matched by IANA id). A registrar
 * the registry names that we have no prices from is named, and said not to be compared.
 */
import { HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import type { UserDomain } from "./types.ts";

const SOURCE_WORDS = { owner: null, registrar_account: "from the registrar account", registry: "from the registry" } as const;

export function RegistrarInForce({ domain }: { domain: UserDomain }) {
  const { registrar } = domain;
  const provider = registrar.serviceProvider;
  if (provider) {
    const from = registrar.source ? SOURCE_WORDS[registrar.source] : null;
    return (
      <HStack gap="2" minW="0" wrap="wrap">
        <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={20} />
        <ChakraLink asChild color="blue.fg" truncate>
          <Link to="/registrar/$providerId" params={{ providerId: String(provider.id) }}>{provider.name}</Link>
        </ChakraLink>
        {from && <Text as="span" fontSize="xs" color="fg.muted">{from}</Text>}
      </HStack>
    );
  }
  if (registrar.name) {
    return (
      <Stack gap="0" minW="0">
        <Text as="span" truncate>
          {registrar.name}{registrar.ianaId === null ? "" : ` (IANA ${registrar.ianaId})`}{" "}
          <Text as="span" fontSize="xs" color="fg.muted">from the registry</Text>
        </Text>
        {registrar.message && <Text as="span" fontSize="xs" color="fg.muted">{registrar.message}</Text>}
      </Stack>
    );
  }
  return <>Not set</>;
}
