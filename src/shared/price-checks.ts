/**
 * Prices checked against each other (docs/decisions/059): three named rules that mark a quote's
 * price unusual, each with a reason in plain words. Pure: the database layer reads one TLD's
 * quotes, the other source's quotes for them and the administrators' reviews, and stores what
 * checkTldQuotes says (db/repositories/price-summary-repository.ts).
 *
 * - sources-differ: two sources quote the same registrar, TLD and operation (the stored quote
 *   and another source's list for the same registrar, such as its bundled list) and the stored
 *   price differs from the other one by more than the set share (DEFAULT_SOURCE_DIFFERENCE_PERCENT
 *   unless an administrator set another).
 * - under-quarter-of-registration: a renewal or transfer price under a quarter of the same
 *   quote's registration price, or, for a quote without one, of the TLD's lowest registration
 *   price in the same currency (Route 53 renews .audio for $13.00 and does not register it; the
 *   cheapest registration is $103.50).
 * - above-ten-medians: a price more than MEDIAN_FACTOR times the TLD's median for that
 *   operation, over every registrar's quote of it in the same currency.
 */
import { formatTotal, minorToDecimalString } from "./price-format.ts";

export const DEFAULT_SOURCE_DIFFERENCE_PERCENT = 25;
/** The share an administrator may set, in whole percent. */
export const SOURCE_DIFFERENCE_PERCENT_RANGE = { min: 1, max: 1000 } as const;
export const MEDIAN_FACTOR = 10;

export const PRICE_OPERATIONS = ["registration", "renewal", "transfer"] as const;
export type PriceOperation = (typeof PRICE_OPERATIONS)[number];

export const PRICE_CHECK_RULES = ["sources-differ", "under-quarter-of-registration", "above-ten-medians"] as const;
export type PriceCheckRule = (typeof PRICE_CHECK_RULES)[number];

/** A quote's prices in minor units. */
export interface CheckedPrices {
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
}

export interface CheckedQuote extends CheckedPrices {
  id: number;
}

/** Another source's quote for the same registrar and TLD, and how to name that source ("Namecheap's bundled list of 2025-10-25"). */
export interface ReferenceQuote extends CheckedPrices {
  source: string;
}

export interface PriceFlag {
  rule: PriceCheckRule;
  operation: PriceOperation;
  reason: string;
}

export interface PriceCheckOptions {
  /** The TLD's name without the dot, for the reasons. */
  tldName: string;
  /** sources-differ: more than this many percent apart. */
  differencePercent: number;
}

const FIELD: Record<PriceOperation, keyof Omit<CheckedPrices, "currency">> = {
  registration: "registrationPrice", renewal: "renewalPrice", transfer: "transferPrice",
};

const WORD: Record<PriceOperation, string> = { registration: "Registration", renewal: "Renewal", transfer: "Transfer" };

const money = (minor: number, currency: string) => formatTotal(minorToDecimalString(minor), currency);

/** The median of `values` (the mean of the middle two for an even count); null when empty. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** sources-differ for one operation: the stored price against the other source's. */
export function sourcesDiffer(op: PriceOperation, quote: CheckedPrices, reference: ReferenceQuote, differencePercent: number): PriceFlag | null {
  const mine = quote[FIELD[op]];
  const theirs = reference[FIELD[op]];
  if (mine === null || theirs === null || theirs <= 0 || quote.currency !== reference.currency) return null;
  const percent = (Math.abs(mine - theirs) / theirs) * 100;
  if (percent <= differencePercent) return null;
  return {
    rule: "sources-differ", operation: op,
    reason: `${WORD[op]} ${money(mine, quote.currency)} is ${Math.round(percent)}% ${mine > theirs ? "above" : "below"} the ${money(theirs, quote.currency)} in ${reference.source}`,
  };
}

/**
 * under-quarter-of-registration for renewal or transfer: against the quote's own registration
 * price, or, when it has none, `lowestRegistration` (the TLD's lowest in the quote's currency).
 */
export function underQuarterOfRegistration(
  op: "renewal" | "transfer", quote: CheckedPrices, tldName: string, lowestRegistration: number | null,
): PriceFlag | null {
  const price = quote[FIELD[op]];
  const own = quote.registrationPrice;
  const registration = own ?? lowestRegistration;
  if (price === null || registration === null || price * 4 >= registration) return null;
  const against = own !== null
    ? `this registrar's registration price ${money(registration, quote.currency)}`
    : `the lowest registration price of .${tldName}, ${money(registration, quote.currency)}`;
  return { rule: "under-quarter-of-registration", operation: op, reason: `${WORD[op]} ${money(price, quote.currency)} is under a quarter of ${against}` };
}

/**
 * Every quote's flags, by quote id (quotes without one are left out). `quotes` are one TLD's,
 * one per registrar; `references` the other source's quote of the same registrar, by quote id.
 */
export function checkTldQuotes(
  quotes: readonly CheckedQuote[], references: ReadonlyMap<number, ReferenceQuote>, { tldName, differencePercent }: PriceCheckOptions,
): Map<number, PriceFlag[]> {
  const medians = new Map<string, number | null>();
  const lowest = new Map<string, number | null>();
  const lowestRegistration = (currency: string) => {
    if (!lowest.has(currency)) {
      const prices = quotes.flatMap((q) => (q.currency === currency ? q.registrationPrice ?? [] : []));
      lowest.set(currency, prices.length ? Math.min(...prices) : null);
    }
    return lowest.get(currency)!;
  };
  const medianFor = (op: PriceOperation, currency: string) => {
    const key = `${op}:${currency}`;
    if (!medians.has(key)) {
      medians.set(key, medianOf(quotes.flatMap((q) => (q.currency === currency ? q[FIELD[op]] ?? [] : []))));
    }
    return medians.get(key)!;
  };
  const flags = new Map<number, PriceFlag[]>();
  for (const q of quotes) {
    const found: PriceFlag[] = [];
    const reference = references.get(q.id);
    for (const op of PRICE_OPERATIONS) {
      const flag = reference ? sourcesDiffer(op, q, reference, differencePercent) : null;
      if (flag) found.push(flag);
    }
    for (const op of ["renewal", "transfer"] as const) {
      const flag = underQuarterOfRegistration(op, q, tldName, q.registrationPrice === null ? lowestRegistration(q.currency) : null);
      if (flag) found.push(flag);
    }
    for (const op of PRICE_OPERATIONS) {
      const price = q[FIELD[op]];
      const median = price === null ? null : medianFor(op, q.currency);
      if (price === null || median === null || median <= 0 || price <= MEDIAN_FACTOR * median) continue;
      found.push({
        rule: "above-ten-medians", operation: op,
        reason: `${WORD[op]} ${money(price, q.currency)} is more than ten times the median ${op} price of .${tldName} (${money(Math.round(median), q.currency)})`,
      });
    }
    if (found.length) flags.set(q.id, found);
  }
  return flags;
}

/** One sentence per flag, as stored and shown. */
export const reasonOf = (flags: readonly PriceFlag[]): string => flags.map((f) => `${f.reason}.`).join(" ");

/** Same prices: a review of these values still holds. */
export const samePrices = (a: CheckedPrices, b: CheckedPrices) =>
  a.currency === b.currency && a.registrationPrice === b.registrationPrice && a.renewalPrice === b.renewalPrice && a.transferPrice === b.transferPrice;
