import { promoWording } from "../../../shared/price-format.ts";
import { CategoryBadge, PromoBadge } from "../../components/category-badge.tsx";
import { DisplayPrice, shownPrice } from "../../components/display-price.tsx";
import { CheckedNote, StaleBadge } from "../../components/price-freshness.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { promoQuote, type PriceRow } from "./filter-rows.ts";

type Field = "registrationPrice" | "renewalPrice" | "transferPrice" | "threeYearPrice";

/** A headline figure in the display currency; a stale one (no fresh quote has it) carries the stale mark. */
function Figure({ field, isStale, row, explanation }: { field: Field; isStale: boolean; row: PriceRow; explanation: string }) {
  return (
    <>
      <DisplayPrice price={shownPrice(row[field], row.currency, row.display, field)} />
      {isStale && <> <StaleBadge explanation={explanation} /></>}
    </>
  );
}

/** The headline registration price; a first-year promotion says what it renews at. */
function RegistrationPrice({ row, explanation }: { row: PriceRow; explanation: string }) {
  const promo = promoQuote(row);
  const figure = <Figure field="registrationPrice" isStale={row.registrationIsStale} row={row} explanation={explanation} />;
  if (!promo) return figure;
  const shown = promo.display ?? promo;
  return (
    <>
      <PromoBadge /> {figure}
      <span className="sub">
        {promoWording(shown.registrationPrice, shown.renewalPrice, shown.currency)} at {promo.serviceProvider.name}
      </span>
    </>
  );
}

/**
 * Plain cells, styled by PLAIN_ROWS_CSS on the table (see components/plain-table-css.ts), and no
 * per-row hooks: `explanation` (useStaleExplanation) is read once by the table.
 */
export function PriceTableRow({ row, explanation }: { row: PriceRow; explanation: string }) {
  // Headline prices are the lowest USD quotes (spec section 5), shown in the display currency.
  const figure = (field: Field, isStale: boolean) => <Figure field={field} isStale={isStale} row={row} explanation={explanation} />;
  return (
    <tr>
      <td data-sticky="">
        <span className="cell-stack">
          <SpaAnchor href={`/tld/${row.name}`}>.{row.unicodeName ?? row.name}</SpaAnchor>
          {row.unicodeName && <span className="sub">.{row.name}</span>}
          <CheckedNote lastCheckedAt={row.lastCheckedAt} isStale={row.isStale} explanation={explanation} />
          {/* On a phone the category column is hidden and the badge sits under the name. */}
          <span className="category-inline">
            <CategoryBadge category={row.category} />
          </span>
        </span>
      </td>
      <td className="category-cell">
        <CategoryBadge category={row.category} />
      </td>
      <td data-num="" data-label="Registration">
        <RegistrationPrice row={row} explanation={explanation} />
      </td>
      <td data-num="" data-label="Renewal">{figure("renewalPrice", row.renewalIsStale)}</td>
      <td data-num="" data-label="Transfer">{figure("transferPrice", row.transferIsStale)}</td>
      <td data-num="" data-label="3-Year Cost">{figure("threeYearPrice", row.threeYearIsStale)}</td>
      <td data-num="" data-label="Registrars">{row.providerCount}</td>
    </tr>
  );
}
