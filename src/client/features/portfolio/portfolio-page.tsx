import { Box, Button, Container, Flex, Heading, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LuDownload, LuPlus } from "react-icons/lu";
import { FilterBar, SelectFilter } from "../../components/filter-bar.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { CalendarFeedButton } from "./calendar-feed.tsx";
import { CsvImportButton } from "./csv-import.tsx";
import { DeleteDomainDialog } from "./delete-domain-dialog.tsx";
import { DomainCard } from "./domain-card.tsx";
import { AddDomainDialog, EditDomainDialog } from "./domain-dialogs.tsx";
import { ExpiringPanel } from "./expiring-panel.tsx";
import {
  DEFAULT_LIST_STATE, SORT_CHOICES, sortChoiceOf, toListInput, withPage, withSearch, withSort,
  type PortfolioListState, type SortChoice,
} from "./list-state.ts";
import { PortfolioPager } from "./portfolio-pager.tsx";
import { PortfolioSummary } from "./portfolio-summary.tsx";
import { RegistryProgress } from "./registry-progress.tsx";
import { RenewalForecastSection } from "./renewal-forecast.tsx";
import type { UserDomain } from "./types.ts";

export const DOMAIN_SKELETONS = 6;
const REGISTRY_POLL_MS = 3000;
const awaitingRegistry = (d: UserDomain) => d.registry.outcome === "pending" || d.registry.checkRequestedAt !== null;
export const EXPORT_CSV_PATH = "/api/user-domains/export.csv";
const GRID_COLUMNS = { base: 1, md: 2, xl: 3 };

/** Opening state for a dialog that acts on one entry; `round` gives each opening a fresh form. */
interface Target {
  domain: UserDomain;
  open: boolean;
  round: number;
}

interface PortfolioPageProps {
  /** Which page, order and search to show (the /portfolio route keeps it in the URL); without it the page keeps its own. */
  state?: PortfolioListState;
  onStateChange?: (next: PortfolioListState) => void;
}

/** Search and order of the list; the server applies both, so paging stays right. */
function ListControls({ state, onStateChange }: { state: PortfolioListState; onStateChange: (next: PortfolioListState) => void }) {
  return (
    <FilterBar label="Find domains" mb="4" searchLabel="Search your domains" placeholder="Search your domains..."
      search={state.search} onSearch={(search) => onStateChange(withSearch(state, search))}>
      <SelectFilter label="Sort domains" width="52" value={sortChoiceOf(state)} onChange={(choice) => onStateChange(withSort(state, choice as SortChoice))}>
        {(Object.keys(SORT_CHOICES) as SortChoice[]).map((key) => <option key={key} value={key}>{SORT_CHOICES[key].label}</option>)}
      </SelectFilter>
    </FilterBar>
  );
}

export function PortfolioPage({ state: given, onStateChange: onGiven }: PortfolioPageProps = {}) {
  usePageTitle("Domain Portfolio");
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  const [own, setOwn] = useState(DEFAULT_LIST_STATE);
  const state = given ?? own;
  const onStateChange = onGiven ?? setOwn;
  // The last page stays on screen while the next one loads; while a domain on it waits for its
  // registry check, the page is asked again every few seconds so its dates and registrar fill in.
  const list = useQuery({
    ...trpc.portfolio.list.queryOptions(toListInput(state, currency)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(awaitingRegistry) ? REGISTRY_POLL_MS : false),
  });
  const summary = useQuery(trpc.portfolio.summary.queryOptions({ currency }));
  // When registry answers come in, the totals and the forecast change too (registrar, dates).
  const queryClient = useQueryClient();
  const awaiting = list.data?.data.filter(awaitingRegistry).length ?? 0;
  const lastAwaiting = useRef(awaiting);
  useEffect(() => {
    if (awaiting < lastAwaiting.current) {
      void queryClient.invalidateQueries(trpc.portfolio.summary.pathFilter());
      void queryClient.invalidateQueries(trpc.portfolio.forecast.pathFilter());
    }
    lastAwaiting.current = awaiting;
  }, [awaiting, queryClient, trpc]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const open = (set: typeof setEditing) => (domain: UserDomain) => set((t) => ({ domain, open: true, round: (t?.round ?? 0) + 1 }));
  const domains = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  const searching = state.search.trim() !== "";
  // A page past the end (its last entries removed, or an old link) moves to the last page there is.
  const pastEnd = !list.isPlaceholderData && totalPages > 0 && state.page > totalPages;
  useEffect(() => {
    if (pastEnd) onStateChange(withPage(state, totalPages));
  }, [pastEnd, state, totalPages, onStateChange]);

  let body;
  if (list.isPending) {
    body = (
      <SimpleGrid columns={GRID_COLUMNS} gap="4" aria-busy>
        {Array.from({ length: DOMAIN_SKELETONS }, (_, i) => <Skeleton key={i} h="72" rounded="lg" data-testid="domain-skeleton" />)}
      </SimpleGrid>
    );
  } else if (list.isError) {
    body = <Text color="fg.error" role="alert">Failed to load domains. Please try again later.</Text>;
  } else if (total === 0 && !searching) {
    body = (
      <Stack align="center" textAlign="center" gap="4" py="16" borderWidth="1px" borderStyle="dashed" rounded="lg">
        <Text color="fg.muted" fontSize="lg">No domains in your portfolio yet.</Text>
        <Button colorPalette="blue" onClick={() => setAdding(true)}><LuPlus aria-hidden /> Add Your First Domain</Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="6">
        <RegistryProgress />
        <PortfolioSummary summary={summary.data} isPending={summary.isPending} isError={summary.isError} />
        {summary.data && <ExpiringPanel expiring={summary.data.expiring} counts={summary.data.expiringCounts} />}
        <RenewalForecastSection currency={currency} />
        <ChakraLink asChild color="blue.fg" alignSelf="flex-start"><Link to="/portfolio/transfer-plan">Transfer plan: which domains are cheaper at another registrar, and when to move them</Link></ChakraLink>
        <Box as="section" aria-labelledby="domains-title" aria-busy={list.isPlaceholderData || undefined}>
          <Heading as="h2" id="domains-title" size="lg" mb="4">Your domains</Heading>
          <ListControls state={state} onStateChange={onStateChange} />
          {total === 0 ? (
            <Text color="fg.muted" py="6">No domains match “{state.search.trim()}”.</Text>
          ) : (
            <>
              <SimpleGrid as="ul" columns={GRID_COLUMNS} gap="4">
                {domains.map((d) => <DomainCard key={d.id} domain={d} onEdit={open(setEditing)} onDelete={open(setDeleting)} />)}
              </SimpleGrid>
              <PortfolioPager state={state} total={total} totalPages={totalPages} onStateChange={onStateChange} />
            </>
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <PageHeader title="Domain Portfolio" description="Your domains, what they cost to renew, and where renewing is cheaper.">
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="blue" size="sm" onClick={() => setAdding(true)}><LuPlus aria-hidden /> Add Domain</Button>
          {/* A plain download: the server names the file and the session cookie goes along; its money columns are in the display currency. */}
          <Button asChild variant="outline" size="sm"><a href={`${EXPORT_CSV_PATH}?currency=${encodeURIComponent(currency)}`} download><LuDownload aria-hidden /> Export CSV</a></Button>
          <CsvImportButton />
          <CalendarFeedButton />
        </Flex>
      </PageHeader>
      {body}
      <AddDomainDialog open={adding} onOpenChange={setAdding} />
      {editing && (
        <EditDomainDialog key={editing.round} domain={editing.domain} open={editing.open}
          onOpenChange={(isOpen) => setEditing((t) => t && { ...t, open: isOpen })} />
      )}
      <DeleteDomainDialog domain={deleting?.domain ?? null} open={deleting?.open ?? false}
        onOpenChange={(isOpen) => setDeleting((t) => t && { ...t, open: isOpen })} />
    </Container>
  );
}
