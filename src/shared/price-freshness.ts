/**
 * When a quote counts as stale: no source confirmed it within the stale window (PRICE_STALE_DAYS,
 * 90 days unless configured). A stale quote is still shown, marked, but never makes a "lowest",
 * "cheapest" or "save" claim while a fresh quote for the same thing exists.
 */
export const DEFAULT_PRICE_STALE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

export const staleWindowMs = (staleDays: number): number => staleDays * DAY_MS;

/** True when the quote was last confirmed `staleDays` or more days before `now`. */
export function isStaleAt(lastCheckedAt: Date, now: Date, staleDays: number): boolean {
  return lastCheckedAt.getTime() + staleWindowMs(staleDays) <= now.getTime();
}

/** The instant a quote last confirmed at `lastCheckedAt` turns stale. */
export const staleFrom = (lastCheckedAt: Date, staleDays: number): Date => new Date(lastCheckedAt.getTime() + staleWindowMs(staleDays));

/**
 * The lowest of `values` among fresh candidates, falling back to stale ones only when no fresh
 * candidate has a value; `isStale` says whether the figure came from a stale quote.
 */
export function lowestPreferringFresh<T>(items: readonly T[], valueOf: (item: T) => number | null, staleOf: (item: T) => boolean): { value: number | null; isStale: boolean } {
  const lowest = (stale: boolean) => items.reduce<number | null>((min, item) => {
    if (staleOf(item) !== stale) return min;
    const v = valueOf(item);
    return v !== null && (min === null || v < min) ? v : min;
  }, null);
  const fresh = lowest(false);
  if (fresh !== null) return { value: fresh, isStale: false };
  const stale = lowest(true);
  return { value: stale, isStale: stale !== null };
}
