import { formatCheckedDate, promoWording } from "../../../shared/price-format.ts";
import { HEADLINE_FIGURES, type HeadlineFigure } from "../../../shared/price-quote.ts";
import { CategoryBadge, PromoBadge } from "../../components/category-badge.tsx";
import { DisplayPrice, shownPrice } from "../../components/display-price.tsx";
import { OUTLIER_MARK, PriceMark, STALE_MARK } from "../../components/price-freshness.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { UnusualNote } from "../../components/unusual-price.tsx";
import type { PriceRow } from "./filter-rows.ts";

type Field = "registrationPrice" | "renewalPrice" | "transferPrice" | "threeYearPrice";

/** What the table's marks mean, in words (the table reads them once; PriceMarksLegend shows them). */
export interface MarkWords {
  /** "Not confirmed in 90 days". */
  stale: string;
  /** "All quotes older than 90 days". */
  allStale: string;
  outlier: string;
}

/**
 * A headline figure in the display currency, with the mark of an outlier (the legend under the
 * table says what the mark means) and, when the price checks find it unusual, that word and why. Staleness is said once per row, by the name (StaleNote).
 */
function Figure({ field, source, row, words }: { field: Field; source: HeadlineFigure; row: PriceRow; words: MarkWords }) {
  return (
    <>
      <DisplayPrice price={shownPrice(row[field], row.currency, row.display, field)} />
      {row.sources[source]?.isOutlier && <PriceMark mark={OUTLIER_MARK} words={words.outlier} />}
      {/* Only when every quote of the figure is unusual does one head the row (decision 059): said in words. */}
      {row.sources[source]?.unusual && <UnusualNote reason={row.sources[source].unusualReason} />}
    </>
  );
}

const FIGURE_NAMES: Record<HeadlineFigure, string> = { registration: "registration", renewal: "renewal", transfer: "transfer", threeYear: "3-year cost" };

/**
 * Staleness, once per row: every quote stale says so in words; otherwise a mark names the
 * lowest prices whose quotes are stale (the legend explains it).
 */
function StaleNote({ row, words }: { row: PriceRow; words: MarkWords }) {
  if (row.isStale) return <span className="sub" data-all-stale="">{words.allStale}</span>;
  const stale = HEADLINE_FIGURES.filter((f) => row.sources[f]?.isStale);
  if (!stale.length) return null;
  return (
    <span className="sub" data-stale-note="">
      {STALE_MARK} stale: {stale.map((f) => FIGURE_NAMES[f]).join(", ")}
    </span>
  );
}

/**
 * The headline registration price and where it comes from: a first-year promotion says what it
 * renews at; otherwise the provider and when its quote was checked. A row whose quotes are all
 * stale names no provider as if it were current.
 */
function RegistrationPrice({ row, words }: { row: PriceRow; words: MarkWords }) {
  // The quote behind the headline registration price when it is a promotion: the server picks it.
  const promo = row.promo;
  const from = row.sources.registration;
  const figure = <Figure field="registrationPrice" source="registration" row={row} words={words} />;
  const checked = from ? formatCheckedDate(from.lastCheckedAt) : "";
  if (promo) {
    const shown = promo.display ?? promo;
    return (
      <>
        <PromoBadge /> {figure}
        <span className="sub">
          {promoWording(shown.registrationPrice, shown.renewalPrice, shown.currency)} at {promo.serviceProvider.name}
          {checked && `, ${checked}`}
        </span>
      </>
    );
  }
  return (
    <>
      {figure}
      {from && <span className="sub" data-checked="">{row.isStale ? checked : `at ${from.serviceProvider.name}, ${checked}`}</span>}
    </>
  );
}

/**
 * Plain cells, styled by PLAIN_ROWS_CSS on the table (see components/plain-table-css.ts), and no
 * per-row hooks: `words` is read once by the table.
 */
export function PriceTableRow({ row, words }: { row: PriceRow; words: MarkWords }) {
  // Headline prices are the lowest USD quotes (spec section 5), shown in the display currency.
  const figure = (field: Field, source: HeadlineFigure) => <Figure field={field} source={source} row={row} words={words} />;
  return (
    <tr>
      <td data-sticky="">
        <span className="cell-stack">
          <SpaAnchor href={`/tld/${row.name}`}>.{row.unicodeName ?? row.name}</SpaAnchor>
          {row.unicodeName && <span className="sub">.{row.name}</span>}
          <StaleNote row={row} words={words} />
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
        <RegistrationPrice row={row} words={words} />
      </td>
      <td data-num="" data-label="Renewal">{figure("renewalPrice", "renewal")}</td>
      <td data-num="" data-label="Transfer">{figure("transferPrice", "transfer")}</td>
      <td data-num="" data-label="3-Year Cost">{figure("threeYearPrice", "threeYear")}</td>
      <td data-num="" data-label="Registrars">{row.providerCount}</td>
    </tr>
  );
}
