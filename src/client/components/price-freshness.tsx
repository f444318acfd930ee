import { formatCheckedDate } from "../../shared/price-format.ts";
import { useSiteSettings } from "../lib/use-site-settings.ts";

/** What "stale" means, for the badge's tooltip and screen readers. */
export function useStaleExplanation(): string {
  const { priceStaleDays } = useSiteSettings();
  return priceStaleDays === null ? "Not confirmed by a recent price check" : `Not confirmed in ${priceStaleDays} days`;
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
