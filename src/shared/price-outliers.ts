/**
 * When a headline figure is an extreme outlier among one name's quotes (docs/decisions/032):
 * more than OUTLIER_FACTOR times the median of that figure over the name's USD quotes, stale
 * ones included. A lowest price can only be one when fresh quotes are preferred: a lone fresh
 * premium-tier quote ($40,000) beats a dozen stale $10 quotes to the headline. Such a figure is
 * marked in the row and sorted after the ordinary figures, so it never heads a sort by price.
 */
export const OUTLIER_FACTOR = 20;

/** The median of `values` (the mean of the middle two for an even count); null when empty. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `value` is more than OUTLIER_FACTOR times the median of `values` (the name's quotes of that figure). */
export function isPriceOutlier(value: number, values: readonly number[]): boolean {
  const m = median(values);
  return m !== null && m > 0 && value > OUTLIER_FACTOR * m;
}
