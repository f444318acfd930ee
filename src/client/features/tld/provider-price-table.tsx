import { Skeleton } from "@chakra-ui/react";
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from "react-icons/lu";
import { QuotePriceCells } from "../../components/quote-price-cells.tsx";
import { CheckedNote, useStaleExplanation } from "../../components/price-freshness.tsx";
import { UnusualNote } from "../../components/unusual-price.tsx";
import { RedirectButton } from "../../components/domain-actions/redirect-button.tsx";
import { supports } from "../../components/domain-actions/redirect-links.ts";
import { ShowMore } from "../../components/show-more.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import type { TldQuoteSortField } from "../../../shared/schemas/price-list.ts";
import { DEFAULT_QUOTE_SORT, type QuoteSort } from "./tld-quotes-page.ts";

type Quote = RouterOutputs["prices"]["byTldPage"]["rows"][number];

const PROVIDERS = { one: "provider", other: "providers" };

interface ProviderPriceTableProps {
  tldName: string;
  /** The quotes loaded so far, cheapest registration first as the server pages them. */
  quotes: readonly Quote[] | undefined;
  /** How many providers quote the TLD in all. */
  total: number | undefined;
  status: "pending" | "error" | "success";
  domain: string;
  /** The next page is on its way. */
  loadingMore?: boolean;
  /** Asks for the next page of providers. */
  onShowMore?: () => void;
  /** The order of the quotes, and how to change it (the server sorts, a page at a time). */
  sort?: QuoteSort;
  onSortChange?: (sort: QuoteSort) => void;
}

/** A price header that sorts by its price: first cheapest first, again dearest first. */
function SortHeader({ field, label, sort, onSortChange }: { field: TldQuoteSortField; label: string; sort: QuoteSort; onSortChange?: (sort: QuoteSort) => void }) {
  if (!onSortChange) return <th data-num="">{label}</th>;
  const active = sort.by === field;
  const Icon = !active ? LuArrowUpDown : sort.order === "asc" ? LuArrowUp : LuArrowDown;
  const next: QuoteSort = { by: field, order: active && sort.order === "asc" ? "desc" : "asc" };
  return (
    <th data-num="" aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" className="app-btn" onClick={() => onSortChange(next)} aria-label={`Sort by ${label}`}>
        {label}
        <Icon aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
      </button>
    </th>
  );
}

/** Plain elements and no per-row hooks: `explanation` (useStaleExplanation) is read once by the table. */
function QuoteRow({ quote, domain, tldName, explanation }: { quote: Quote; domain: string; tldName: string; explanation: string }) {
  const provider = quote.serviceProvider;
  return (
    <tr>
      <td>
        <span className="cell-row">
          <ProviderLogo name={provider.name} logoUrl={provider.logoUrl} size={32} />
          <span className="cell-stack">
            <SpaAnchor href={`/registrar/${provider.id}`}>{provider.name}</SpaAnchor>
            <span className="sub">{provider.domain}</span>
            <CheckedNote lastCheckedAt={quote.lastCheckedAt} isStale={quote.isStale} explanation={explanation} />
            {quote.unusual && <UnusualNote reason={quote.unusualReason} />}
          </span>
        </span>
      </td>
      <QuotePriceCells quote={quote} />
      <td>
        <span className="cell-actions">
          {(["register", "transfer"] as const)
            .filter((kind) => supports(provider, kind))
            .map((kind) => (
              <RedirectButton key={kind} kind={kind} providerId={provider.id} providerName={provider.name} domain={domain} extension={tldName} />
            ))}
        </span>
      </td>
    </tr>
  );
}

function Message({ children, error = false }: { children: string; error?: boolean }) {
  return (
    <tr>
      <td colSpan={5} data-message={error ? "error" : ""}>
        {children}
      </td>
    </tr>
  );
}

/**
 * The quotes in the server's order (cheapest registration first unless the price headers asked
 * for another, in the display currency where a quote has one; unpriced quotes last), a page at a
 * time: the first page comes with the page, "Show more" asks for the next.
 */
export function ProviderPriceTable({ tldName, quotes, total, status, domain, loadingMore = false, onShowMore, sort = DEFAULT_QUOTE_SORT, onSortChange }: ProviderPriceTableProps) {
  const rows = quotes ?? [];
  const explanation = useStaleExplanation();
  return (
    <>
      {/* Plain elements styled once by the static global stylesheet (`.provider-price-table`,
          ui/app-global-css.ts): on a phone each quote is a card. */}
      <div className="app-table-scroll">
        <table className="provider-price-table">
          <caption>{`Prices for .${tldName} by registrar`}</caption>
          <thead data-sort-bar={onSortChange ? "" : undefined}>
            <tr>
              <th>Registrar</th>
              <SortHeader field="registrationPrice" label="Registration" sort={sort} onSortChange={onSortChange} />
              <SortHeader field="renewalPrice" label="Renewal" sort={sort} onSortChange={onSortChange} />
              <SortHeader field="transferPrice" label="Transfer" sort={sort} onSortChange={onSortChange} />
              <th data-num="">Actions</th>
            </tr>
          </thead>
          <tbody>
            {status === "pending" &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i} data-testid="skeleton-row">
                  <td colSpan={5}>
                    <Skeleton h="8" />
                  </td>
                </tr>
              ))}
            {status === "error" && <Message error>Failed to load pricing data. Please try again later.</Message>}
            {status === "success" && rows.length === 0 && <Message>No domain pricing data available</Message>}
            {rows.map((quote) => (
              <QuoteRow key={quote.id} quote={quote} domain={domain} tldName={tldName} explanation={explanation} />
            ))}
          </tbody>
        </table>
      </div>
      {status === "success" && total !== undefined && total > rows.length && (
        <ShowMore shown={rows.length} total={total} noun={PROVIDERS} loading={loadingMore} onShowMore={onShowMore} />
      )}
    </>
  );
}
