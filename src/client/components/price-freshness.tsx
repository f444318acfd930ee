import { formatCheckedDate } from "../../shared/price-format.ts";
import { useSiteSettings } from "../lib/use-site-settings.ts";

/** What "stale" means, for the badge's tooltip and screen readers. */
export function useStaleExplanation(): string {
  const { priceStaleDays } = useSiteSettings();
  return priceStaleDays === null ? "Not confirmed by a recent price check" : `Not confirmed in ${priceStaleDays} days`;
}

/** "All quotes older than 90 days": what a price-list row says when every quote of its name is stale. */
export function useAllStaleWording(): string {
  const { priceStaleDays } = useSiteSettings();
  return priceStaleDays === null ? "All quotes are stale" : `All quotes older than ${priceStaleDays} days`;
}

/** The mark price tables put on a figure from a stale quote; PriceMarksLegend says what it means. */
export const STALE_MARK = "*";
/** The mark on a figure far above the name's other quotes (src/shared/price-outliers.ts). */
export const OUTLIER_MARK = "!";

/** A figure's mark, read aloud as the words the legend gives. */
export function PriceMark({ mark, words }: { mark: string; words: string }) {
  return (
    <sup className="price-mark" aria-label={words} title={words}>
      {mark}
    </sup>
  );
}

/** Marks a price no source confirmed within PRICE_STALE_DAYS; `explanation` from useStaleExplanation. */
export function StaleBadge({ explanation }: { explanation: string }) {
  return (
    <span className="app-badge" data-palette="yellow" title={explanation} aria-label={`Stale: ${explanation}`}>
      Stale
    </span>
  );
}

/** "checked Jan 7, 2024", with the stale badge when the quote is stale. */
export function CheckedNote({ lastCheckedAt, isStale, explanation }: { lastCheckedAt: string; isStale: boolean; explanation: string }) {
  return (
    <span className="sub" data-checked="">
      {formatCheckedDate(lastCheckedAt)}
      {isStale && <> <StaleBadge explanation={explanation} /></>}
    </span>
  );
}
