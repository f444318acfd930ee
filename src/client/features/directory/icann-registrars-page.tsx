import { Alert, Badge, Box, HStack, SimpleGrid, Skeleton, Stat, Table, Heading } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { ListPager } from "../../components/list-pager.tsx";
import { pageCount } from "../../components/paging.ts";
import { PLAIN_ROWS_CSS } from "../../components/plain-table-css.ts";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { httpStatusOf } from "../../lib/trpc-errors.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { formatCount } from "../../lib/text-format.ts";

type Answer = RouterOutputs["providers"]["ianaRegistrars"];
/** 3,000+ registrars: one page of rows at a time keeps the table quick to render. */
export const IANA_ROWS_PER_PAGE = 50;
const fmt = formatCount;

function Counts({ stats }: { stats: Answer["stats"] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mb="10">
      {([["Total IANA Accredited", stats.totalIanaAccredited], ["In Our Database", stats.totalMatched], ["Not Yet Available", stats.totalNonMatched]] as const).map(([label, value]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{fmt(value)}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

function Matched({ rows }: { rows: Answer["matchingRegistrars"] }) {
  return (
    <Box as="section" aria-labelledby="in-database" mb="10">
      <Heading as="h2" id="in-database" size="xl" mb="4">Registrars in our database</Heading>
      <Table.ScrollArea borderWidth="1px" rounded="lg">
        <Table.Root size="sm" css={PLAIN_ROWS_CSS}>
          <Table.Header><Table.Row>
            {["Registrar", "Domain", "IANA ID", "Status", "Website"].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
          </Table.Row></Table.Header>
          <tbody>
            {rows.map((r) => r.databaseMatch && (
              <tr key={r.id}>
                <td><span className="cell-row">
                  <ProviderLogo name={r.databaseMatch.name} logoUrl={r.databaseMatch.logoUrl} size={28} />
                  <Link to="/registrar/$providerId" params={{ providerId: String(r.databaseMatch.id) }}>{r.databaseMatch.name}</Link>
                </span></td>
                <td>{r.databaseMatch.domain}</td>
                <td data-num>{r.id}</td>
                <td><span className="cell-row">
                  <Badge colorPalette={r.databaseMatch.isActive ? "green" : "gray"} variant="solid">{r.databaseMatch.isActive ? "Active" : "Inactive"}</Badge>
                  <Badge colorPalette="blue" variant="outline">Accredited</Badge>
                </span></td>
                <td>{r.databaseMatch.website
                  ? <a href={r.databaseMatch.website} target="_blank" rel="noopener noreferrer">{r.databaseMatch.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}</a>
                  : "N/A"}</td>
              </tr>
            ))}
          </tbody>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function NotMatched({ rows }: { rows: Answer["nonMatchingRegistrars"] }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const shown = rows.filter((r) => matchesSearch(search, r.name, String(r.id)));
  const pages = pageCount(shown.length, IANA_ROWS_PER_PAGE);
  const current = Math.min(page, pages);
  return (
    <Box as="section" aria-labelledby="not-in-database">
      <Heading as="h2" id="not-in-database" size="xl" mb="4">Other IANA accredited registrars</Heading>
      <HStack mb="4"><SearchField value={search} onChange={(v) => { setSearch(v); setPage(1); }} label="Search IANA registrars" placeholder="Search by name or IANA ID..." /></HStack>
      <Table.ScrollArea borderWidth="1px" rounded="lg">
        <Table.Root size="sm" css={PLAIN_ROWS_CSS}>
          <Table.Header><Table.Row>
            <Table.ColumnHeader>Registrar</Table.ColumnHeader><Table.ColumnHeader textAlign="end">IANA ID</Table.ColumnHeader><Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row></Table.Header>
          <tbody>
            {shown.length === 0 && <tr><td colSpan={3} data-message>No registrars match your search.</td></tr>}
            {shown.slice((current - 1) * IANA_ROWS_PER_PAGE, current * IANA_ROWS_PER_PAGE).map((r) => (
              <tr key={r.id}><td>{r.name}</td><td data-num>{r.id}</td><td>{r.status}</td></tr>
            ))}
          </tbody>
        </Table.Root>
      </Table.ScrollArea>
      <ListPager page={current} pageSize={IANA_ROWS_PER_PAGE} total={shown.length} noun={{ one: "registrar", other: "registrars" }} onPageChange={setPage} />
    </Box>
  );
}

export function IcannRegistrarsPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.providers.ianaRegistrars.queryOptions());
  const { contactEmail } = useSiteSettings();
  return (
    <InfoPage title="ICANN Accredited Registrars" intro="Every registrar IANA lists as accredited, and which of them we already compare.">
      {query.isPending ? (
        <Skeleton h="64" rounded="lg" />
      ) : query.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to Load Data</Alert.Title>
            <Alert.Description>{`${httpStatusOf(query.error) ?? "Network error"}: ${query.error.message}`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          <Counts stats={query.data.stats} />
          <Matched rows={query.data.matchingRegistrars} />
          <Alert.Root status="info" mb="10">
            <Alert.Indicator />
            <Alert.Description>
              Missing a registrar?{" "}
              {contactEmail
                ? <>Email <a href={`mailto:${contactEmail}`}>{contactEmail}</a> with its domain and IANA ID and we will look at adding it.</>
                : <>Send us its domain and IANA ID through the <SpaAnchor href="/contact">contact form</SpaAnchor> and we will look at adding it.</>}
            </Alert.Description>
          </Alert.Root>
          <NotMatched rows={query.data.nonMatchingRegistrars} />
        </>
      )}
    </InfoPage>
  );
}
