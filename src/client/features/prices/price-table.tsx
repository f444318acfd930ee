import { Card, Heading, Skeleton, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { OUTLIER_MARK, STALE_MARK, useAllStaleWording, useStaleExplanation } from "../../components/price-freshness.tsx";
import { OUTLIER_FACTOR } from "../../../shared/price-outliers.ts";
import type { PriceRow } from "./filter-rows.ts";
import { PaginationBar } from "./pagination-bar.tsx";
import { PriceFilterBar } from "./price-filter-bar.tsx";
import { PriceTableRow, type MarkWords } from "./price-table-row.tsx";
import { SortableHeader } from "./sortable-header.tsx";
import type { TableState } from "./table-state.ts";
import { useDisplayCurrency } from "../../lib/display-currency.ts";

export const SKELETON_ROWS = 5;
const COLUMN_COUNT = 7;

export interface PriceTableProps {
  title: string;
  subtitle: string;
  /** Heading level of the title: h1 when the table is the whole page. */
  titleAs?: "h1" | "h2";
  rows: readonly PriceRow[] | undefined;
  status: "pending" | "error" | "success";
  state: TableState;
  onStateChange: (next: TableState) => void;
  showFilters?: boolean;
  /** The rows on screen belong to the previous request while the next one loads. */
  stale?: boolean;
  /** Server paging totals; omit for a table without a footer. */
  paging?: { total: number; totalPages: number } | undefined;
}

function MessageRow({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <tr>
      <td colSpan={COLUMN_COUNT} data-message={error ? "error" : ""}>
        {children}
      </td>
    </tr>
  );
}

const SORT_BAR = "& > thead[data-sort-bar]";
const ACTIVE_SORT = `${SORT_BAR} th:is([aria-sort=ascending], [aria-sort=descending]) .app-btn`;

// The category gets its own column from md up; below that it moves under the TLD name. On a
// phone the rows are cards (stackedRowsCss) and the sortable headers a row of sort buttons above
// them: the same buttons, the same table state.
const TABLE_CSS = {
  ...stackedRowsCss({
    [SORT_BAR]: { display: "block", borderBottomWidth: "1px", borderColor: "border" },
    [`${SORT_BAR} > tr`]: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "1.5", px: "3", py: "2" },
    [`${SORT_BAR} > tr::before`]: { content: '"Sort by"', fontSize: "xs", color: "fg.muted", marginInlineEnd: "1" },
    [`${SORT_BAR} th`]: { display: "block", position: "static", p: "0", borderBottomWidth: "0" },
    [`${SORT_BAR} th:not([aria-sort])`]: { display: "none" },
    [`${SORT_BAR} .app-btn`]: { mx: "0", borderColor: "border", fontWeight: "medium" },
    [ACTIVE_SORT]: { bg: "blue.subtle", borderColor: "blue.muted", color: "blue.fg", fontWeight: "semibold" },
  }),
  "& .category-cell": { display: { base: "none", md: "table-cell" } },
  "& .category-inline": { display: { base: "inline-flex", md: "none" } },
  "& tbody": { transition: "opacity 0.15s" },
  "&[data-stale] tbody": { opacity: 0.6 },
};

const OUTLIER_WORDS = `Unusually high: more than ${OUTLIER_FACTOR} times the middle quote for this name`;

/** What the marks in the rows mean, read once for the table. */
function useMarkWords(): MarkWords {
  return { stale: useStaleExplanation(), allStale: useAllStaleWording(), outlier: OUTLIER_WORDS };
}

/** Under the table: the marks in words, for readers who cannot hover. */
function PriceMarksLegend() {
  const words = useMarkWords();
  return (
    <Text as="p" fontSize="sm" color="fg.muted" mt="2" data-testid="price-marks-legend">
      {STALE_MARK} stale: that lowest price comes from a quote {words.stale.toLowerCase()}. {OUTLIER_MARK} {OUTLIER_WORDS.toLowerCase()}.
      The date under a registration price is when its quote was last checked.
    </Text>
  );
}

function Body({ rows, status }: Pick<PriceTableProps, "rows" | "status">) {
  const words = useMarkWords();
  if (status === "pending") {
    return Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} data-testid="skeleton-row">
        <td colSpan={COLUMN_COUNT}>
          <Skeleton h="6" />
        </td>
      </tr>
    ));
  }
  if (status === "error") return <MessageRow error>Failed to load domain prices. Please try again later.</MessageRow>;
  if (!rows?.length) return <MessageRow>No domain pricing data available</MessageRow>;
  return rows.map((row) => <PriceTableRow key={row.id} row={row} words={words} />);
}

const CURRENCY_NAMES: Record<string, string> = {
  USD: "US dollars", EUR: "euros", GBP: "pounds sterling", JPY: "Japanese yen", CAD: "Canadian dollars", AUD: "Australian dollars",
  CHF: "Swiss francs",
};

/**
 * What a screen reader hears for the table: its prices are the lowest USD quotes, shown in the
 * visitor's display currency (converted at the ECB reference rate when that is not USD).
 */
export function priceTableCaption(title: string, currency: string): string {
  const name = CURRENCY_NAMES[currency] ?? currency;
  return currency === "USD"
    ? `${title}: lowest prices in US dollars across registrars`
    : `${title}: lowest prices across registrars, in ${name} (converted from US dollars at the ECB reference rate)`;
}

/** The TLD price table shared by the home page and /tlds (spec section 2). */
export function PriceTable(props: PriceTableProps) {
  const { title, subtitle, titleAs = "h2", state, onStateChange, paging } = props;
  const currency = useDisplayCurrency();
  const sortProps = { state, onStateChange };
  return (
    <Card.Root as="section" aria-label={title} variant="outline" mx={{ base: "-2", sm: "0" }}>
      <Card.Header px={{ base: "4", md: "6" }}>
        <Heading as={titleAs} size={titleAs === "h1" ? "2xl" : "xl"}>
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Card.Header>
      <Card.Body px={{ base: "3", md: "6" }}>
        {props.showFilters && <PriceFilterBar {...sortProps} />}
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root
            size="sm"
            aria-busy={props.status === "pending" || props.stale === true}
            data-stale={props.stale ? "" : undefined}
            css={TABLE_CSS}
          >
            <Table.Caption srOnly>{priceTableCaption(title, currency)}</Table.Caption>
            <Table.Header data-sort-bar="">
              <Table.Row>
                <SortableHeader column="tldName" label="TLD" sticky {...sortProps} />
                <Table.ColumnHeader hideBelow="md">Category</Table.ColumnHeader>
                <SortableHeader column="registrationPrice" label="Registration" textAlign="end" {...sortProps} />
                <SortableHeader column="renewalPrice" label="Renewal" textAlign="end" {...sortProps} />
                <SortableHeader column="transferPrice" label="Transfer" textAlign="end" {...sortProps} />
                <SortableHeader column="threeYearPrice" label="3-Year Cost" textAlign="end" {...sortProps} />
                <Table.ColumnHeader textAlign="end">Registrars</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <Body rows={props.rows} status={props.status} />
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <PriceMarksLegend />
      </Card.Body>
      {paging && props.status === "success" && paging.total > 0 && (
        <Card.Footer px={{ base: "3", md: "6" }}>
          <PaginationBar {...sortProps} total={paging.total} totalPages={paging.totalPages} />
        </Card.Footer>
      )}
    </Card.Root>
  );
}
