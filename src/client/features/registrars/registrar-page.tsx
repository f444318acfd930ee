import { Box, Button, Container, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { lazy, useState } from "react";
import { LuExternalLink } from "react-icons/lu";
import { EXAMPLE_HOST } from "../../../shared/domain-name.ts";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { DomainInput } from "../../components/domain-actions/domain-input.tsx";
import { DomainVerdictContext, useDomainVerdict } from "../../components/domain-actions/use-domain-verdict.ts";
import { PageMessage } from "../../components/page-message.tsx";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { isMissing } from "../../lib/trpc-errors.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { RegistrarHeader } from "./registrar-header.tsx";
import { RegistrarPricingTable } from "./registrar-pricing-table.tsx";
import { ROWS_PER_STEP } from "./registrar-rows.ts";
import { RegistrarStats } from "./registrar-stats.tsx";

/**
 * Rendered only once a visitor scrolls near it, never in the server's HTML: its code (the
 * history table and its series) loads then too, not with the page.
 */
const RegistrarHistory = lazy(() => import("./registrar-history.tsx").then((m) => ({ default: m.RegistrarHistory })));

type Provider = RouterOutputs["providers"]["getById"];

const INVALID_ID = <PageMessage title="Invalid registrar ID" action={{ label: "Back to Registrars", to: "/registrars" }} />;
const notFound = (id: number) => (
  <PageMessage title="Registrar Not Found" text={`We have no registrar with the ID ${id}.`} action={{ label: "Back to Registrars", to: "/registrars" }} />
);

function NoPricing({ provider }: { provider: Provider }) {
  const site = provider.website ?? `https://${provider.domain}`;
  return (
    <Stack align="center" textAlign="center" py="10" gap="3">
      <Heading as="h3" size="md">
        No Pricing Data Available
      </Heading>
      <Text color="fg.muted">We don't currently have pricing data for {provider.name}.</Text>
      <Button asChild variant="outline" size="sm">
        <a href={site} target="_blank" rel="noopener noreferrer">
          View Pricing on Their Site <LuExternalLink aria-hidden />
        </a>
      </Button>
    </Stack>
  );
}

/** Null for anything that is not a whole positive id ("abc", "1.5", "-3", "1e3"). */
export function parseProviderId(raw: string): number | null {
  // The same range as the server's providerIdSchema, without loading zod on the page.
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function RegistrarPage({ rawId }: { rawId: string }) {
  const providerId = parseProviderId(rawId);
  const trpc = useTRPC();
  const id = providerId ?? 0;
  const providerQuery = useQuery({ ...trpc.providers.getById.queryOptions({ id }), enabled: providerId !== null });
  const currency = useDisplayCurrency();
  // The first rows and the summary come with the page (the route's loader). The whole list,
  // thousands of rows at a big registrar, is asked for only when something needs it: "Show
  // more", a typed domain (whose suffix is decided by every TLD the registrar lists) or the
  // price history near the viewport (RegistrarHistory asks for the same query).
  const firstPageQuery = useQuery({
    ...trpc.providers.pricesFirstPage.queryOptions({ id, currency, limit: ROWS_PER_STEP }), enabled: providerId !== null,
  });
  const [domain, setDomain] = useState("");
  const [wantAll, setWantAll] = useState(false);
  const pricesQuery = useQuery({
    ...trpc.providers.prices.queryOptions({ id, currency }), enabled: providerId !== null && (wantAll || domain.trim() !== ""),
  });
  const provider = providerQuery.data;
  const summary = firstPageQuery.data;
  // Each row puts the name on its own TLD, so any extension is fine here; a bare one ("co.uk") is not.
  const verdict = useDomainVerdict(domain, { kind: "any" });
  usePageTitle(
    provider ? `${provider.name} prices` : "Registrar",
    provider && summary?.total
      ? `${provider.name}'s registration, renewal and transfer prices for ${summary.total} TLDs, compared with every other registrar.`
      : undefined,
  );

  if (providerId === null) return INVALID_ID;
  if (providerQuery.isError) {
    return isMissing(providerQuery.error) ? notFound(providerId) : (
      <PageMessage tone="error" title="Failed to load registrar information." action={{ label: "Back to Registrars", to: "/registrars" }} />
    );
  }
  const allRows = pricesQuery.data;
  const rows = allRows ?? summary?.rows;
  const failed = firstPageQuery.isError || pricesQuery.isError;
  return (
    <Container maxW="7xl" py="8">
      <Breadcrumbs items={[{ label: "Registrars", to: "/registrars" }, { label: provider?.name ?? "Registrar" }]} />
      {provider ? <RegistrarHeader provider={provider} /> : <Skeleton h="20" mb="8" rounded="lg" />}
      <RegistrarStats summary={summary} status={summary ? "success" : failed ? "error" : "pending"} />
      <SectionCard title="TLD Pricing" gap="4">
        {provider && summary?.total === 0 ? (
          <NoPricing provider={provider} />
        ) : (
          <>
            <DomainInput
              value={domain}
              onChange={setDomain}
              placeholder={`e.g. ${EXAMPLE_HOST}`}
              helperText="Each row's Register and Transfer links use your name with that row's TLD."
              verdict={verdict}
            />
            <DomainVerdictContext value={verdict}>
              <RegistrarPricingTable
                provider={provider}
                rows={rows}
                total={summary?.total ?? allRows?.length}
                status={failed ? "error" : provider && rows ? "success" : "pending"}
                domain={domain}
                onShowMore={() => setWantAll(true)}
              />
            </DomainVerdictContext>
          </>
        )}
      </SectionCard>
      {provider && summary && summary.total > 0 && (
        <Box mt="8">
          {/* Below the whole price table: its query and render wait until a visitor scrolls near. */}
          <RenderWhenNear minH="md" inServerHtml={false}>
            <RegistrarHistory provider={provider} currency={currency} />
          </RenderWhenNear>
        </Box>
      )}
    </Container>
  );
}
