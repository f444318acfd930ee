/**
 * A quote's registration, renewal and transfer cells, shown in the display currency, with the
 * promo wording ("first year, renews at …") and the sale-transfer mark: the same three cells on
 * a TLD's provider table and a registrar's TLD table. Each carries its column's name in
 * `data-label`, which the phone layout shows beside the price (plain-table-css.ts).
 */
import { promoWording } from "../../shared/price-format.ts";
import type { PriceDisplay } from "../../shared/price-quote.ts";
import { PromoBadge } from "./category-badge.tsx";
import { DisplayPrice, shownPrice } from "./display-price.tsx";

interface PricedQuote {
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  currency: string;
  isPromo: boolean;
  transferIsPromo: boolean;
  display?: PriceDisplay | null;
}

export function QuotePriceCells({ quote }: { quote: PricedQuote }) {
  const money = (field: "registrationPrice" | "renewalPrice" | "transferPrice") =>
    <DisplayPrice price={shownPrice(quote[field], quote.currency, quote.display, field)} />;
  const shown = quote.display ?? quote;
  return (
    <>
      <td data-num="" data-label="Registration">
        {money("registrationPrice")}
        {quote.isPromo && (
          <span className="sub">
            <PromoBadge /> {promoWording(shown.registrationPrice, shown.renewalPrice, shown.currency)}
          </span>
        )}
      </td>
      <td data-num="" data-label="Renewal">{money("renewalPrice")}</td>
      <td data-num="" data-label="Transfer">
        {money("transferPrice")}
        {quote.transferIsPromo && (
          <span className="sub">
            <PromoBadge /> sale transfer
          </span>
        )}
      </td>
    </>
  );
}
