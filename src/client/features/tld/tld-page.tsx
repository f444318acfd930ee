import { Skeleton } from "@chakra-ui/react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, useState } from "react";
import { LuArrowLeft } from "react-icons/lu";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { ActiveBadge, CategoryBadge } from "../../components/category-badge.tsx";
import { DomainInput } from "../../components/domain-actions/domain-input.tsx";
import { DomainVerdictContext, useDomainVerdict } from "../../components/domain-actions/use-domain-verdict.ts";
import { PageMessage } from "../../components/page-message.tsx";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { isMissing } from "../../lib/trpc-errors.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { PriceStatsCard } from "./price-stats-card.tsx";
import { ProviderPriceTable } from "./provider-price-table.tsx";
import { RegistryInfoCard } from "./registry-info-card.tsx";
import { ParentTldLine, SecondLevelSection } from "./second-level-links.tsx";
import { DEFAULT_QUOTE_SORT, tldQuotesPageInput, type QuoteSort } from "./tld-quotes-page.ts";
import { WatchTldLink } from "./watch-link.tsx";

/**
 * Rendered only once a visitor scrolls near it, never in the server's HTML: its code (the
 * history table and its series) loads then too, not with the page.
 */
const TldHistory = lazy(() => import("./tld-history.tsx").then((m) => ({ default: m.TldHistory })));
/** When moving to another registrar pays off: asked for near the viewport too, never in the server's HTML. */
const TransferPairs = lazy(() => import("./transfer-pairs.tsx").then((m) => ({ default: m.TransferPairs })));

export function TldPage({ tldId }: { tldId: string }) {
  const trpc = useTRPC();
  const tldQuery = useQuery(trpc.catalogue.tld.queryOptions({ tldId }));
  const currency = useDisplayCurrency();
  // The first page of providers comes with the page; "Show more" asks for one more page each time.
  const [pages, setPages] = useState(1);
  const [sort, setSort] = useState<QuoteSort>(DEFAULT_QUOTE_SORT);
  const pageQueries = useQueries({
    queries: Array.from({ length: pages }, (_, page) => trpc.prices.byTldPage.queryOptions(tldQuotesPageInput(tldId, currency, page, sort))),
  });
  const firstPage = pageQueries[0]!;
  const loaded = pageQueries.findIndex((q) => !q.data);
  const rows = firstPage.data ? pageQueries.slice(0, loaded === -1 ? undefined : loaded).flatMap((q) => q.data!.rows) : undefined;
  const statsQuery = useQuery(trpc.prices.statsByTld.queryOptions({ tldId, currency }));
  const [domain, setDomain] = useState("");
  const tld = tldQuery.data;
  // The box takes this extension's names only: example.org on /tld/com is sent to .org's page.
  const verdict = useDomainVerdict(domain, { kind: "extension", name: tld?.name ?? tldId, secondLevel: tld?.secondLevel.map((s) => s.name) ?? [] });
  const quotes = firstPage.data?.total;
  usePageTitle(
    tld ? `.${tld.unicodeName ?? tld.name} domain prices` : undefined,
    tld && quotes
      ? `Compare .${tld.unicodeName ?? tld.name} registration, renewal and transfer prices across ${quotes} registrars, each with the date it was last checked.`
      : undefined,
    // /tld/COM and /tld/<id> show the same page as /tld/com: search engines are pointed at that one.
    tld ? `/tld/${encodeURIComponent(tld.name)}` : undefined,
  );

  if (tldQuery.isError) {
    return isMissing(tldQuery.error) ? (
      <PageMessage title="TLD Not Found" text={`We have no top-level domain called .${tldId}.`} action={{ label: "Back to Home", to: "/" }} />
    ) : (
      <PageMessage tone="error" title="Error loading TLD information" text="Please try again later." action={{ label: "Back to TLDs", to: "/tlds" }} />
    );
  }

  const label = `.${tld?.unicodeName ?? tld?.name ?? tldId}`;
  // Plain elements styled once by the static global stylesheet (`.app-page`, ui/app-global-css.ts),
  // not Chakra components styled on every render: a crawl renders this page for each of its TLDs.
  return (
    <div className="app-page">
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "TLDs", to: "/tlds" }, { label }]} />
      <div className="app-page-head">
        <div className="app-page-head-text">
          <h1 className="app-page-title">{label}</h1>
          {tld ? (
            <>
              {tld.parent && <ParentTldLine parent={tld.parent} />}
              <p className="app-page-lead">{tld.description}</p>
              <div className="app-hstack">
                <CategoryBadge category={tld.category} />
                <ActiveBadge active={tld.isActive} />
              </div>
            </>
          ) : (
            <Skeleton h="12" w={{ base: "full", md: "xl" }} />
          )}
        </div>
        <div className="app-hstack">
          {tld && <WatchTldLink name={tld.name} label={label} />}
          <Link to="/tlds" className="app-button" data-variant="outline" data-from="md">
            <LuArrowLeft aria-hidden /> Back to TLDs
          </Link>
        </div>
      </div>

      {/* On a phone the comparison comes before the registry and statistics cards: a visitor
          who came for the prices sees the first one on the first screen. */}
      <div className="app-tld-main">
        <SectionCard title="Compare registrars" gap="4">
          <DomainInput
            value={domain}
            onChange={setDomain}
            placeholder={`example.${tld?.name ?? tldId}`}
            helperText={`Type the domain you want (a name alone gets .${tld?.name ?? tldId}); the Register and Transfer links open the registrar in a new tab.`}
            verdict={verdict}
          />
          {verdict.kind === "empty" && (
            <p className="app-note" data-testid="register-hint">Register and Transfer are greyed out until you type a domain name above.</p>
          )}
          <DomainVerdictContext value={verdict}>
            <ProviderPriceTable
              tldName={tld?.name ?? tldId}
              quotes={rows}
              total={firstPage.data?.total}
              status={pageQueries.some((q) => q.isError) ? "error" : firstPage.status}
              // "my-shop" typed on /tld/com registers my-shop.com (the box's verdict put it on the page's extension).
              domain={verdict.kind === "ok" ? verdict.domain : domain}
              loadingMore={pageQueries.some((q) => q.isPending)}
              onShowMore={() => setPages((n) => n + 1)}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPages(1);
              }}
            />
          </DomainVerdictContext>
        </SectionCard>

        <div className="app-two-cards">
          {tld ? <RegistryInfoCard tld={tld} /> : <Skeleton h="56" rounded="lg" />}
          <PriceStatsCard stats={statsQuery.data} status={statsQuery.status} />
        </div>
      </div>

      {tld && tld.secondLevel.length > 0 && (
        <div className="app-section">
          <SecondLevelSection tld={tld} />
        </div>
      )}

      <div className="app-section">
        <RenderWhenNear minH="xs" inServerHtml={false}>
          <TransferPairs tldId={tldId} label={label} currency={currency} />
        </RenderWhenNear>
      </div>

      <div className="app-section">
        {/* Every provider's history and present quote: asked for when a visitor scrolls near, never in the HTML. */}
        <RenderWhenNear minH="md" inServerHtml={false}>
          <TldHistory tldId={tldId} label={label} currency={currency} />
        </RenderWhenNear>
      </div>
    </div>
  );
}
