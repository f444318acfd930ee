import { Link } from "@tanstack/react-router";
import { formatPrice } from "../../../shared/price-format.ts";
import { CategoryBadge, PromoBadge } from "../../components/category-badge.tsx";
import { promoQuote, type PriceRow } from "./filter-rows.ts";

/** The headline registration price, marked (with the regular price) when it is a first-year promotion. */
function RegistrationPrice({ row }: { row: PriceRow }) {
  const promo = promoQuote(row);
  const price = formatPrice(row.registrationPrice, row.currency);
  if (!promo) return <>{price}</>;
  return (
    <>
      <PromoBadge /> {price}
      <span className="sub">
        regular {formatPrice(promo.regularRegistrationPrice, promo.currency)} at {promo.serviceProvider.name}
      </span>
    </>
  );
}

/** Plain cells, styled by PLAIN_ROWS_CSS on the table (see components/plain-table-css.ts). */
export function PriceTableRow({ row }: { row: PriceRow }) {
  // Prices in the list are the lowest USD quotes, hence the fixed $ (spec section 5).
  const price = (value: string | null) => formatPrice(value, row.currency);
  return (
    <tr>
      <td data-sticky="">
        <span className="cell-stack">
          <Link to="/tld/$tldId" params={{ tldId: row.name }}>
            .{row.unicodeName ?? row.name}
          </Link>
          {row.unicodeName && <span className="sub">.{row.name}</span>}
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
        <RegistrationPrice row={row} />
      </td>
      <td data-num="">{price(row.renewalPrice)}</td>
      <td data-num="">{price(row.transferPrice)}</td>
      <td data-num="">{price(row.threeYearPrice)}</td>
      <td data-num="">{row.providerCount}</td>
    </tr>
  );
}
