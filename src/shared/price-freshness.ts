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
 * candidate has a value; `isStale` says whether the figure came from a stale quote, `item` is
 * the first candidate with that value (null when none has one).
 */
export function lowestPreferringFresh<T>(items: readonly T[], valueOf: (item: T) => number | null, staleOf: (item: T) => boolean): { value: number | null; isStale: boolean; item: T | null } {
  const lowest = (stale: boolean) => items.reduce<{ value: number; item: T } | null>((min, item) => {
    if (staleOf(item) !== stale) return min;
    const v = valueOf(item);
    return v !== null && (min === null || v < min.value) ? { value: v, item } : min;
  }, null);
  const fresh = lowest(false);
  if (fresh !== null) return { value: fresh.value, isStale: false, item: fresh.item };
  const stale = lowest(true);
  return stale === null ? { value: null, isStale: false, item: null } : { value: stale.value, isStale: true, item: stale.item };
}
