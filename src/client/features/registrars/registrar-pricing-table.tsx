import { Skeleton, Table } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { CategoryBadge } from "../../components/category-badge.tsx";
import { QuotePriceCells } from "../../components/quote-price-cells.tsx";
import { CheckedNote, useStaleExplanation } from "../../components/price-freshness.tsx";
import { UnusualNote } from "../../components/unusual-price.tsx";
import { RedirectButton } from "../../components/domain-actions/redirect-button.tsx";
import { domainForTld, supports } from "../../components/domain-actions/redirect-links.ts";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { ShowMore } from "../../components/show-more.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { ROWS_PER_STEP } from "./registrar-rows.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";

type Provider = RouterOutputs["providers"]["getById"];
type Row = RouterOutputs["providers"]["prices"][number];

export const PRICING_SKELETON_ROWS = 10;
const TLDS = { one: "TLD", other: "TLDs" };
// On a phone each TLD is a card: its name, its labelled prices, then its buttons.
const TABLE_CSS = stackedRowsCss({ "& .cell-actions": { justifyContent: "flex-start" }, "& td:has(> .cell-actions:empty)": { display: "none" } });

interface RegistrarPricingTableProps {
  /** Rows render once both the provider (for its link patterns) and its prices are loaded. */
  provider: Provider | undefined;
  /** The rows loaded so far, in the list's order: the first page, then the whole list. */
  rows: readonly Row[] | undefined;
  /** How many rows the whole list has. */
  total: number | undefined;
  status: "pending" | "error" | "success";
  domain: string;
  /** Called when a visitor asks for more rows than are loaded. */
  onShowMore?: () => void;
}

interface PriceRowProps {
  row: Row;
  provider: Provider;
  domain: string;
  isListed: (name: string) => boolean;
  /** What "stale" means (useStaleExplanation), read once for the table instead of once per row. */
  explanation: string;
}

/**
 * A row of plain elements: a big registrar's first step is 100 of them, and per-row hooks
 * (a router Link, a settings query) made hydrating them a long main-thread task on a phone.
 */
function PriceRow({ row, provider, domain, isListed, explanation }: PriceRowProps) {
  // Spec: the buttons appear only once something is typed and the provider links that action.
  const kinds = domain.trim() ? (["register", "transfer"] as const).filter((kind) => supports(provider, kind)) : [];
  return (
    <tr>
      <td>
        <SpaAnchor href={`/tld/${row.tld.name}`}>.{row.tld.unicodeName ?? row.tld.name}</SpaAnchor>
        <CheckedNote lastCheckedAt={row.lastCheckedAt} isStale={row.isStale} explanation={explanation} />
        {row.unusual && <UnusualNote reason={row.unusualReason} />}
      </td>
      <td data-label="Category">
        <CategoryBadge category={row.tld.category} />
      </td>
      {/* In the display currency, the original on hover (DisplayPrice): no currency column beside them. */}
      <QuotePriceCells quote={row} />
      <td>
        <span className="cell-actions">
          {kinds.map((kind) => (
            <RedirectButton key={kind} kind={kind} providerId={provider.id} providerName={provider.name} domain={domainForTld(domain, row.tld.name, isListed)} />
          ))}
        </span>
      </td>
    </tr>
  );
}

export function RegistrarPricingTable({ provider, rows, total, status, domain, onShowMore }: RegistrarPricingTableProps) {
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const explanation = useStaleExplanation();
  // The registrar's own names decide where a typed domain's suffix ends (example.co.uk is co.uk's).
  const isListed = useMemo(() => {
    const names = new Set(rows?.map((r) => r.tld.name));
    return (name: string) => names.has(name);
  }, [rows]);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" css={TABLE_CSS}>
          <Table.Caption srOnly>{`TLD prices at ${provider?.name ?? "this registrar"}`}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {["TLD", "Category", "Registration", "Renewal", "Transfer", "Actions"].map((label, i) => (
                <Table.ColumnHeader key={label} textAlign={i >= 2 ? "end" : "start"}>
                  {label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {status === "pending" &&
              Array.from({ length: PRICING_SKELETON_ROWS }, (_, i) => (
                <tr key={i} data-testid="skeleton-row">
                  <td colSpan={6}>
                    <Skeleton h="6" />
                  </td>
                </tr>
              ))}
            {status === "error" && (
              <tr>
                <td colSpan={6} data-message="error">
                  Failed to load pricing data. Please try again later.
                </td>
              </tr>
            )}
            {status === "success" &&
              provider &&
              rows?.slice(0, shown).map((row) => <PriceRow key={row.id} row={row} provider={provider} domain={domain} isListed={isListed} explanation={explanation} />)}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {status === "success" && rows && total !== undefined && total > shown && (
        // Waits while the rest of the list is still on its way.
        <ShowMore shown={Math.min(shown, rows.length)} total={total} noun={TLDS} loading={rows.length < shown} mt="4" onShowMore={() => {
          onShowMore?.();
          setShown((n) => n + ROWS_PER_STEP);
        }} />
      )}
    </>
  );
}
