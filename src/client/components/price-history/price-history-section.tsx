/**
 * Price history where visitors look (TLD and registrar pages): a step chart of each provider's
 * registration or renewal price over time, and beside it a table of the same periods for screen
 * readers and keyboard users. The chart module loads and draws only once the chart's place is in
 * the viewport; the server renders its placeholder.
 */
import { Badge, Box, Button, ButtonGroup, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { lazy, Suspense, useMemo, useState } from "react";
import { DisplayPrice, formatDay, type ShownPrice } from "../display-price.tsx";
import { stackedRowsCss } from "../plain-table-css.ts";
import { RenderWhenNear } from "../render-when-near.tsx";
import { SectionCard } from "../section-card.tsx";
import { buildSegments, chartRows, currenciesOf, type CurrentQuote, type HistoryEntry, type PriceKind, type Segment } from "./history-series.ts";

const PriceHistoryChart = lazy(() => import("./price-history-chart.tsx"));

interface PriceHistorySectionProps {
  /** Names what the chart shows, e.g. "Price history of .com". */
  label: string;
  history: readonly HistoryEntry[] | undefined;
  current: readonly CurrentQuote[] | undefined;
  status: "pending" | "error" | "success";
  /** The visitor's display currency: the chart plots it when the server converted the prices into it. */
  displayCurrency?: string;
}

function StateBadge({ segment }: { segment: Segment }) {
  const badges = [];
  if (segment.state === "current") badges.push(<Badge key="c" colorPalette="green" variant="subtle">Current</Badge>);
  if (segment.state === "retired") badges.push(<Badge key="r" colorPalette="red" variant="subtle">Retired</Badge>);
  if (segment.state === "past") badges.push(<Badge key="p" variant="subtle">Replaced</Badge>);
  if (segment.isPromo) badges.push(<Badge key="promo" colorPalette="purple" variant="subtle">Promo</Badge>);
  return <HStack gap="1" display="inline-flex">{badges}</HStack>;
}

function periodText(segment: Segment) {
  if (segment.state === "current") return `${formatDay(segment.from)} – checked ${formatDay(segment.until)}`;
  if (segment.state === "retired") return `${formatDay(segment.from)} – ${formatDay(segment.until)}, no longer listed`;
  return `${formatDay(segment.from)} – ${formatDay(segment.until)}`;
}

/** A segment's amount as DisplayPrice shows it: converted ones marked, with their original on hover. */
function shown(segment: Segment, kind: PriceKind): ShownPrice {
  const o = segment.original;
  return {
    amount: segment[kind],
    currency: segment.currency,
    original: o ? { amount: o[kind], currency: o.currency, rateDate: o.rateDate } : undefined,
  };
}

/** On a phone each period is a card (its provider, then each figure with its label): nothing scrolls sideways. */
const HISTORY_TABLE_CSS = stackedRowsCss({ "& td:first-of-type": { fontWeight: "semibold" } });

function HistoryTable({ segments, caption }: { segments: Segment[]; caption: string }) {
  return (
    <Box borderWidth="1px" rounded="md" maxH="sm" overflowY="auto" overflowX={{ base: "hidden", md: "auto" }}>
      <Table.Root size="sm" stickyHeader css={HISTORY_TABLE_CSS}>
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2" px="2">{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Provider</Table.ColumnHeader>
            <Table.ColumnHeader>Period</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Registration</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Renewal</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <tbody>
          {segments.map((s) => (
            <tr key={`${s.providerId}-${s.from}-${s.state}`}>
              <td>{s.providerName}</td>
              <td data-label="Period">{periodText(s)}</td>
              <td data-num="" data-label="Registration"><DisplayPrice price={shown(s, "registration")} /></td>
              <td data-num="" data-label="Renewal"><DisplayPrice price={shown(s, "renewal")} /></td>
              <td data-label="Status"><StateBadge segment={s} /></td>
            </tr>
          ))}
        </tbody>
      </Table.Root>
    </Box>
  );
}

export function PriceHistorySection({ label, history, current, status, displayCurrency }: PriceHistorySectionProps) {
  const [kind, setKind] = useState<PriceKind>("registration");
  const segments = useMemo(() => (history && current ? buildSegments(history, current) : []), [history, current]);
  const currencies = useMemo(() => currenciesOf(segments), [segments]);
  const preferred = displayCurrency ?? "USD";
  const currency = currencies.includes(preferred) ? preferred : currencies.includes("USD") ? "USD" : (currencies[0] ?? "USD");
  const { rows, series } = useMemo(() => chartRows(segments, kind, currency), [segments, kind, currency]);
  const others = currencies.filter((c) => c !== currency);
  // The chart has no hover tip per amount: the rate its converted prices used is written under it.
  const rateDays = [...new Set(segments.filter((s) => s.currency === currency && s.original).map((s) => s.original!.rateDate))].sort();

  let body;
  if (status === "pending") body = <Skeleton h="xs" rounded="md" />;
  else if (status === "error") body = <Text color="fg.error">Price history could not be loaded. Please try again later.</Text>;
  else if (segments.length === 0) body = <Text color="fg.muted">No price history yet.</Text>;
  else {
    body = (
      <Stack gap="4">
        <ButtonGroup size="xs" variant="outline" attached aria-label="Price shown in the chart">
          {(["registration", "renewal"] as const).map((k) => (
            <Button key={k} aria-pressed={kind === k} variant={kind === k ? "solid" : "outline"} onClick={() => setKind(k)}>
              {k === "registration" ? "Registration" : "Renewal"}
            </Button>
          ))}
        </ButtonGroup>
        <Box role="img" aria-label={`${label}: ${kind} prices in ${currency} over time, one line per provider`}>
          {rows.length > 0 ? (
            // Drawing the chart is the costliest render of the page: it waits until it is seen.
            <RenderWhenNear minH="xs" margin="0px" inServerHtml={false} placeholder={<Skeleton h="xs" rounded="md" />}>
              <Suspense fallback={<Skeleton h="xs" rounded="md" />}>
                <PriceHistoryChart rows={rows} series={series} currency={currency} />
              </Suspense>
            </RenderWhenNear>
          ) : <Text color="fg.muted">No {kind} prices in {currency} to chart.</Text>}
        </Box>
        {rateDays.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            Prices quoted in other currencies are converted into {currency} at the ECB reference rate of {rateDays.map(formatDay).join(", ")}.
          </Text>
        )}
        {others.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            Quotes in {others.join(", ")} are listed in the table, not charted.
          </Text>
        )}
        <HistoryTable segments={segments} caption={`${label}: every period a provider charged the same price (a hollow dot in the chart marks a promotion).`} />
      </Stack>
    );
  }
  return (
    <SectionCard title={label} gap="4">
      {body}
    </SectionCard>
  );
}
