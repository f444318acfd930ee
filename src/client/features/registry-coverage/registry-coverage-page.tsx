import { Box, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { ListPager } from "../../components/list-pager.tsx";
import { pageCount } from "../../components/paging.ts";
import { PLAIN_ROWS_CSS } from "../../components/plain-table-css.ts";
import { SearchField } from "../../components/search-field.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { formatCount } from "../../lib/text-format.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";

type Coverage = RouterOutputs["registryCoverage"]["get"];
type Row = Coverage["tlds"][number];
type Method = Row["method"];
type Filter = "all" | "country-code" | Method;

/** ~1,450 TLDs: one page of rows at a time keeps the table quick to render. */
export const COVERAGE_ROWS_PER_PAGE = 50;

export const METHOD_LABELS: Record<Method, string> = {
  iana_rdap: "RDAP, listed by IANA",
  supplement: "RDAP, from our own list",
  operator: "RDAP, set by this site",
  whois: "WHOIS",
  none: "None",
};
const METHODS = Object.keys(METHOD_LABELS) as Method[];

const EXPIRY_LABELS: Record<Row["publishesExpiry"], string> = { yes: "Yes", no: "No", unknown: "Not known yet" };

function Totals({ title, totals }: { title: string; totals: Coverage["totals"]["all"] }) {
  const all = METHODS.reduce((n, m) => n + totals[m], 0);
  return (
    <Box borderWidth="1px" rounded="lg" p="4">
      <Heading as="h3" size="md" mb="2">{title} ({formatCount(all)})</Heading>
      <Box as="dl" display="grid" gridTemplateColumns="1fr auto" columnGap="4" rowGap="1" fontSize="sm">
        {METHODS.map((m) => (
          <Box key={m} display="contents">
            <Text as="dt" color="fg.muted">{METHOD_LABELS[m]}</Text>
            <Text as="dd" textAlign="end" fontVariantNumeric="tabular-nums">{formatCount(totals[m])}</Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function serverText(row: Row): string {
  if (row.server) return row.server;
  if (row.serverByOperator) return "Set by this site's operator";
  return row.method === "whois" ? "Asked of IANA at the first lookup" : "—";
}

function lookupsText(row: Row): string {
  if (row.lookups === 0) return "None yet";
  return `${formatCount(row.lookups)} · ${row.succeededPercent}% answered`;
}

function CoverageTable({ data }: { data: Coverage }) {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const needle = search.trim().replace(/^\./, "");
  const shown = data.tlds.filter((row) =>
    (filter === "all" || (filter === "country-code" ? row.countryCode : row.method === filter)) &&
    matchesSearch(needle, row.tld, row.unicodeName ?? "", row.server ?? ""));
  const current = Math.min(page, pageCount(shown.length, COVERAGE_ROWS_PER_PAGE));
  const change = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <Box as="section" aria-labelledby="coverage-by-tld">
      <Heading as="h2" id="coverage-by-tld" size="xl" mb="4">By TLD</Heading>
      <HStack gap="3" mb="4" wrap="wrap">
        <SearchField value={search} onChange={(v) => change(() => setSearch(v))} label="Filter TLDs" placeholder="Filter by TLD or server..." />
        <NativeSelect.Root w={{ base: "full", sm: "64" }}>
          <NativeSelect.Field aria-label="How dates are found" value={filter} onChange={(e) => change(() => setFilter(e.target.value as Filter))}>
            <option value="all">All TLDs</option>
            <option value="country-code">Country codes</option>
            {METHODS.map((m) => <option key={m} value={m}>{METHOD_LABELS[m]}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="lg">
        <Table.Root size="sm" css={PLAIN_ROWS_CSS}>
          <Table.Header><Table.Row>
            <Table.ColumnHeader>TLD</Table.ColumnHeader>
            <Table.ColumnHeader>How dates are found</Table.ColumnHeader>
            <Table.ColumnHeader>Server</Table.ColumnHeader>
            <Table.ColumnHeader>Publishes expiry</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Our lookups, {data.days} days</Table.ColumnHeader>
          </Table.Row></Table.Header>
          <tbody>
            {shown.length === 0 && <tr><td colSpan={5} data-message>No TLDs match your filter.</td></tr>}
            {shown.slice((current - 1) * COVERAGE_ROWS_PER_PAGE, current * COVERAGE_ROWS_PER_PAGE).map((row) => (
              <tr key={row.tld} aria-label={`.${row.unicodeName ?? row.tld}`}>
                <td><Link to="/tld/$tldId" params={{ tldId: row.tld }}>.{row.unicodeName ?? row.tld}</Link>
                  {row.unicodeName && <span className="sub">{row.tld}</span>}</td>
                <td>{METHOD_LABELS[row.method]}</td>
                <td>{serverText(row)}</td>
                <td>{EXPIRY_LABELS[row.publishesExpiry]}</td>
                <td data-num>{lookupsText(row)}</td>
              </tr>
            ))}
          </tbody>
        </Table.Root>
      </Table.ScrollArea>
      <ListPager page={current} pageSize={COVERAGE_ROWS_PER_PAGE} total={shown.length} noun={{ one: "TLD", other: "TLDs" }} onPageChange={setPage} />
    </Box>
  );
}

export function RegistryCoveragePage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.registryCoverage.get.queryOptions());
  return (
    <InfoPage
      title="Registry Date Coverage"
      intro="Where the portfolio reads each domain's registration and expiry dates: the registry's RDAP server, its WHOIS server, or nowhere. Some registries, such as DENIC for .de, do not publish an expiry date at all; for those, the date you enter is the one used."
    >
      {query.isPending ? (
        <Skeleton h="64" rounded="lg" />
      ) : query.isError ? (
        <Text color="fg.error" role="alert">Failed to load the registry coverage. Please try again later.</Text>
      ) : (
        <>
          <Box as="section" aria-labelledby="coverage-totals" mb="10">
            <Heading as="h2" id="coverage-totals" size="xl" mb="4">How dates are found</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Totals title="All TLDs" totals={query.data.totals.all} />
              <Totals title="Country codes" totals={query.data.totals.countryCode} />
            </SimpleGrid>
          </Box>
          <CoverageTable data={query.data} />
        </>
      )}
    </InfoPage>
  );
}
