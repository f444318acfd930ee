import { Badge, Box, Button, Card, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatPrice } from "../../../shared/price-format.ts";
import { DisplayPrice } from "../../components/display-price.tsx";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { InfoPage } from "../../components/info-page.tsx";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { countText, useCatalogueStats } from "../../lib/catalogue-counts.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { formatCount } from "../../lib/text-format.ts";

type Entry = RouterOutputs["providers"]["directory"][number];
type Filter = "all" | "accredited" | "connectable";

const accredited = (p: Entry) => p.ianaId !== null && p.ianaStatus === "Accredited";
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

type Range = Entry["priceRanges"][number];

/** One end of a price range in the display currency (converted ones marked, as every price is), or in its own without a rate. */
function RangeEnd({ range, end }: { range: Range; end: "minRegistration" | "maxRegistration" }) {
  const display = "display" in range ? range.display : undefined;
  if (!display) return <>{formatPrice(range[end], range.currency)}</>;
  return (
    <DisplayPrice price={{
      amount: display[end], currency: display.currency,
      original: display.converted && display.rateDate ? { amount: range[end], currency: range.currency, rateDate: display.rateDate } : undefined,
    }} />
  );
}

function ProviderCard({ provider }: { provider: Entry }) {
  return (
    <Card.Root as="li" variant="outline" listStyleType="none">
      <Card.Body gap="3">
        <HStack gap="3">
          <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={40} />
          <Stack gap="0" minW="0">
            <Heading as="h3" size="md">
              <Link to="/registrar/$providerId" params={{ providerId: String(provider.id) }}>{provider.name}</Link>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {provider.domain}
              {provider.country && ` · Based in ${regionNames.of(provider.country) ?? provider.country}`}
            </Text>
          </Stack>
        </HStack>
        <HStack gap="2" wrap="wrap">
          {accredited(provider) && <Badge colorPalette="green" variant="solid">ICANN Accredited</Badge>}
          {!provider.isActive && <Badge colorPalette="gray" variant="solid">Inactive</Badge>}
          {provider.canConnectAccount && <Badge colorPalette="blue" variant="solid">Account sync</Badge>}
        </HStack>
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold">{formatCount(provider.tldCount)}</Text> TLDs priced
          {provider.currencies.length > 0 && ` · ${provider.currencies.join(", ")}`}
        </Text>
        {provider.priceRanges.map((r) => (
          <Text key={r.currency} fontSize="sm" color="fg.muted">
            Registration <RangeEnd range={r} end="minRegistration" /> – <RangeEnd range={r} end="maxRegistration" />
          </Text>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {provider.canConnectAccount
            ? "Connect your account on the Accounts page to sync your domains."
            : "Prices compared; account connection is not available."}
        </Text>
        {provider.website && (
          <Button asChild size="sm" variant="outline" alignSelf="flex-start">
            <a href={provider.website} target="_blank" rel="noopener noreferrer">Visit {provider.displayName}</a>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Directory() {
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  const query = useQuery(trpc.providers.directory.queryOptions({ currency }));
  const stats = useCatalogueStats();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  if (query.isPending) return <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="48" rounded="lg" />)}</SimpleGrid>;
  if (query.isError) return <Text color="fg.error" role="alert">Failed to load service providers. Please try again later.</Text>;
  const shown = query.data.filter((p) =>
    (filter === "all" || (filter === "accredited" ? accredited(p) : p.canConnectAccount)) &&
    matchesSearch(search, p.name, p.displayName, p.domain));
  return (
    <>
      {stats.data && (
        <Text color="fg.muted" mb="4">
          {countText("serviceProviders", stats.data.serviceProviders)}; {countText("providersWithPrices", stats.data.providersWithPrices)}.
        </Text>
      )}
      <HStack gap="3" mb="6" wrap="wrap">
        <SearchField value={search} onChange={setSearch} label="Search service providers" placeholder="Search providers..." />
        <NativeSelect.Root w={{ base: "full", sm: "56" }}>
          <NativeSelect.Field aria-label="Provider filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="all">All</option>
            <option value="accredited">ICANN Accredited</option>
            <option value="connectable">Account sync</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button asChild variant="ghost"><Link to="/registrars">All registrars</Link></Button>
      </HStack>
      {shown.length === 0
        ? <Text color="fg.muted" py="10" textAlign="center">No service providers match your search.</Text>
        : <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4">{shown.map((p) => <ProviderCard key={p.id} provider={p} />)}</SimpleGrid>}
    </>
  );
}

const GUIDE = [
  ["Compare the renewal price", "The first year is often discounted; you pay the renewal price every year after. The price tables show both."],
  ["Check the transfer price", "Moving a domain later costs a transfer, which usually adds a year of registration."],
  ["Look for included extras", "WHOIS privacy, DNS hosting and e-mail forwarding are free at some registrars and paid at others."],
  ["Mind the currency", "Registrars quote in different currencies; exchange rates and card fees change the final cost."],
  ["Prefer accredited registrars", "An ICANN-accredited registrar holds its own accreditation; resellers register through someone else's."],
] as const;

export function ServiceProvidersPage() {
  return (
    <InfoPage title="Service Providers" intro="The registrars and service providers we list: how many TLDs each prices, in which currencies, and whether you can connect your account.">
      <Directory />
      <Box as="section" aria-labelledby="how-to-choose" mt="14">
        <Heading as="h2" id="how-to-choose" size="xl" mb="4">How to choose a registrar</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {GUIDE.map(([title, text]) => (
            <Card.Root key={title} variant="subtle"><Card.Body gap="2">
              <Heading as="h3" size="md">{title}</Heading>
              <Text>{text}</Text>
            </Card.Body></Card.Root>
          ))}
        </SimpleGrid>
      </Box>
    </InfoPage>
  );
}
