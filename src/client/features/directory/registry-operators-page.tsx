import { Badge, Box, Card, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { ListPager } from "../../components/list-pager.tsx";
import { pageCount } from "../../components/paging.ts";
import { SearchField } from "../../components/search-field.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";

type Operator = RouterOutputs["catalogue"]["registryOperators"][number];
type Filter = "all" | "generic" | "country-code";
export const OPERATORS_PER_PAGE = 24;
/** Operators with hundreds of TLDs would fill the page; the rest are counted. */
const TLDS_SHOWN = 24;

const genericCount = (op: Operator) => op.tldCount - op.countryCodeCount;

function typeOf(op: Operator): string {
  if (op.countryCodeCount === 0) return "Generic";
  return genericCount(op) === 0 ? "Country Code" : "Generic & Country Code";
}

function OperatorCard({ operator }: { operator: Operator }) {
  const type = typeOf(operator);
  return (
    <Card.Root as="li" variant="outline" listStyleType="none">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Heading as="h3" size="md">{operator.name}</Heading>
          <Badge colorPalette={type === "Generic" ? "blue" : type === "Country Code" ? "green" : "purple"} variant="solid" flexShrink="0">{type}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Domains under management: {operator.tldCount} TLD{operator.tldCount === 1 ? "" : "s"}
          {operator.countryCodeCount > 0 && genericCount(operator) > 0 && ` (${genericCount(operator)} generic, ${operator.countryCodeCount} country code)`}
        </Text>
        <Wrap gap="1.5" aria-label={`TLDs managed by ${operator.name}`}>
          {operator.tlds.slice(0, TLDS_SHOWN).map((tld) => {
            const unicode = operator.unicodeNames[tld];
            return (
              <Badge key={tld} asChild variant="outline" colorPalette="gray">
                <Link to="/tld/$tldId" params={{ tldId: tld }}>
                  .{unicode ?? tld}
                  {unicode && <Text as="span" color="fg.muted">{` (${tld})`}</Text>}
                </Link>
              </Badge>
            );
          })}
          {operator.tlds.length > TLDS_SHOWN && <Text as="span" fontSize="sm" color="fg.muted">and {operator.tlds.length - TLDS_SHOWN} more</Text>}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

function Directory() {
  const trpc = useTRPC();
  const query = useQuery(trpc.catalogue.registryOperators.queryOptions());
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  if (query.isPending) return <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="40" rounded="lg" />)}</SimpleGrid>;
  if (query.isError) return <Text color="fg.error" role="alert">Failed to load registry operators. Please try again later.</Text>;
  const needle = search.trim().replace(/^\./, "");
  const operators = query.data.filter((op) =>
    (filter === "all" || (filter === "generic" ? genericCount(op) > 0 : op.countryCodeCount > 0)) &&
    matchesSearch(needle, op.name, ...op.tlds, ...Object.values(op.unicodeNames)));
  const current = Math.min(page, pageCount(operators.length, OPERATORS_PER_PAGE));
  const change = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <>
      <HStack gap="3" mb="6" wrap="wrap">
        <SearchField value={search} onChange={(v) => change(() => setSearch(v))} label="Search registry operators" placeholder="Search operators or TLDs..." />
        <NativeSelect.Root w={{ base: "full", sm: "56" }}>
          <NativeSelect.Field aria-label="Operator type" value={filter} onChange={(e) => change(() => setFilter(e.target.value as Filter))}>
            <option value="all">All</option>
            <option value="generic">Generic</option>
            <option value="country-code">Country Code</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {operators.length === 0 ? (
        <Text color="fg.muted" py="10" textAlign="center">No registry operators match your search.</Text>
      ) : (
        <>
          <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4">
            {operators.slice((current - 1) * OPERATORS_PER_PAGE, current * OPERATORS_PER_PAGE).map((op) => <OperatorCard key={op.id} operator={op} />)}
          </SimpleGrid>
          <ListPager page={current} pageSize={OPERATORS_PER_PAGE} total={operators.length} noun={{ one: "operator", other: "operators" }} onPageChange={setPage} />
        </>
      )}
    </>
  );
}

const RESPONSIBILITIES = [
  ["Keeping the zone", "Runs the authoritative name servers and the database of every domain registered under its TLDs."],
  ["Setting policy", "Decides who may register, which names are reserved, and the wholesale price registrars pay."],
  ["Working through registrars", "Sells through accredited registrars, who set the retail prices this site compares."],
  ["Publishing registration data", "Answers RDAP (the successor of WHOIS) queries about the domains it holds."],
] as const;

export function RegistryOperatorsPage() {
  return (
    <InfoPage title="Registry Operators" intro="The organisations that run each top-level domain, from the IANA root zone database.">
      <Directory />
      <Box as="section" aria-labelledby="registry-types" mt="14">
        <Heading as="h2" id="registry-types" size="xl" mb="4">Types of registries</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root variant="subtle"><Card.Body gap="2">
            <Heading as="h3" size="md">Generic (gTLD)</Heading>
            <Text>Operate TLDs such as .com, .org or .app under a contract with ICANN. Some are sponsored for a community (.museum, .aero).</Text>
          </Card.Body></Card.Root>
          <Card.Root variant="subtle"><Card.Body gap="2">
            <Heading as="h3" size="md">Country Code (ccTLD)</Heading>
            <Text>Operate the two-letter TLD of a country or territory, such as .de or .jp, under local rules; some open it to everyone.</Text>
          </Card.Body></Card.Root>
        </SimpleGrid>
      </Box>
      <Box as="section" aria-labelledby="registry-duties" mt="10">
        <Heading as="h2" id="registry-duties" size="xl" mb="4">What a registry operator does</Heading>
        <Stack as="ul" gap="3" ps="5" listStyleType="disc">
          {RESPONSIBILITIES.map(([title, text]) => <li key={title}><Text as="span" fontWeight="semibold">{title}:</Text> {text}</li>)}
        </Stack>
      </Box>
    </InfoPage>
  );
}
