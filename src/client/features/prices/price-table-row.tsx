import { Link } from "@tanstack/react-router";
import { formatPrice, promoWording } from "../../../shared/price-format.ts";
import { CategoryBadge, PromoBadge } from "../../components/category-badge.tsx";
import { CheckedNote, StaleBadge, useStaleExplanation } from "../../components/price-freshness.tsx";
import { promoQuote, type PriceRow } from "./filter-rows.ts";

/** A headline figure; a stale one (no fresh quote has it) carries the stale mark. */
function Figure({ value, isStale, row, explanation }: { value: string | null; isStale: boolean; row: PriceRow; explanation: string }) {
  return (
    <>
      {formatPrice(value, row.currency)}
      {isStale && <> <StaleBadge explanation={explanation} /></>}
    </>
  );
}

/** The headline registration price; a first-year promotion says what it renews at. */
function RegistrationPrice({ row, explanation }: { row: PriceRow; explanation: string }) {
  const promo = promoQuote(row);
  const figure = <Figure value={row.registrationPrice} isStale={row.registrationIsStale} row={row} explanation={explanation} />;
  if (!promo) return figure;
  return (
    <>
      <PromoBadge /> {figure}
      <span className="sub">
        {promoWording(promo.registrationPrice, promo.renewalPrice, promo.currency)} at {promo.serviceProvider.name}
      </span>
    </>
  );
}

/** Plain cells, styled by PLAIN_ROWS_CSS on the table (see components/plain-table-css.ts). */
export function PriceTableRow({ row }: { row: PriceRow }) {
  // Prices in the list are the lowest USD quotes, hence the fixed $ (spec section 5).
  const explanation = useStaleExplanation();
  const figure = (value: string | null, isStale: boolean) => <Figure value={value} isStale={isStale} row={row} explanation={explanation} />;
  return (
    <tr>
      <td data-sticky="">
        <span className="cell-stack">
          <Link to="/tld/$tldId" params={{ tldId: row.name }}>
            .{row.unicodeName ?? row.name}
          </Link>
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
      <td data-num="">
        <RegistrationPrice row={row} explanation={explanation} />
      </td>
      <td data-num="">{figure(row.renewalPrice, row.renewalIsStale)}</td>
      <td data-num="">{figure(row.transferPrice, row.transferIsStale)}</td>
      <td data-num="">{figure(row.threeYearPrice, row.threeYearIsStale)}</td>
      <td data-num="">{row.providerCount}</td>
    </tr>
  );
}
