/**
 * Prices in a display currency (decision 019), without any I/O: a converter built from the
 * rates its caller loaded (src/server/domain/display-currency.ts per answer; the stored price-list
 * rows, which carry their USD display, when they are written).
 */
import { convertMinor, currencyDigits, minorToAmount } from "./currency.ts";
import { decimalStringToMinor } from "./price-format.ts";
import type { PriceDisplay, PriceRow } from "./price-quote.ts";

/** Both currencies' units per euro on `rateDate`; rateDate null when no conversion is needed. */
export interface DisplayRate {
  fromPerEur: number;
  toPerEur: number;
  rateDate: string | null;
}

export interface DisplayConverter {
  currency: string;
  /** True when amounts in `from` can be shown (same currency, or a stored rate pair). */
  canConvert(from: string): boolean;
  /** Stored hundredths of `from` in minor units of the display currency (its digits: `digits`). */
  minor(cents: number, from: string): number;
  digits: number;
  /** Stored hundredths of `from` as a decimal string in the display currency; null stays null. */
  amount(cents: number | null, from: string): string | null;
  /** The same for an amount already served as a decimal string ("10.88"). */
  amountOf(decimal: string | null, from: string): string | null;
  /** Whether `from` is converted, and on which ECB day. */
  conversion(from: string): { converted: boolean; rateDate: string | null };
}

/** `rates` holds, per source currency, its rate pair (null: no stored rate converts it). */
export function createDisplayConverter(currency: string, rates: ReadonlyMap<string, DisplayRate | null>): DisplayConverter {
  const digits = currencyDigits(currency);
  const rateOf = (from: string) => {
    if (from === currency) return { fromPerEur: 1, toPerEur: 1, rateDate: null };
    const rate = rates.get(from);
    if (!rate) throw new Error(`No rate from ${from} to ${currency} was loaded`);
    return rate;
  };
  const minor = (cents: number, from: string) => convertMinor(cents, rateOf(from).fromPerEur, rateOf(from).toPerEur, digits);
  const amount = (cents: number | null, from: string) => (cents === null ? null : minorToAmount(minor(cents, from), digits));
  return {
    currency,
    digits,
    minor,
    canConvert: (from) => from === currency || Boolean(rates.get(from)),
    amount,
    amountOf: (decimal, from) => amount(decimal === null ? null : decimalStringToMinor(decimal), from),
    conversion: (from) => {
      const { rateDate } = rateOf(from);
      return { converted: rateDate !== null, rateDate };
    },
  };
}

interface ServedPrices {
  registrationPrice: string | null;
  renewalPrice: string | null;
  transferPrice: string | null;
  currency: string;
}

/** A served quote's prices in the display currency, or null when its currency has no rate. */
export function quoteDisplay(converter: DisplayConverter, quote: ServedPrices): PriceDisplay | null {
  const from = quote.currency;
  if (!converter.canConvert(from)) return null;
  return {
    currency: converter.currency,
    registrationPrice: converter.amountOf(quote.registrationPrice, from),
    renewalPrice: converter.amountOf(quote.renewalPrice, from),
    transferPrice: converter.amountOf(quote.transferPrice, from),
    ...converter.conversion(from),
  };
}

export const withQuoteDisplay = <Q extends ServedPrices>(converter: DisplayConverter, quote: Q): Q =>
  ({ ...quote, display: quoteDisplay(converter, quote) });

/** A price-list row with `display` on the row (its headline prices) and on its promotion. */
export function withRowDisplay(converter: DisplayConverter, row: PriceRow): PriceRow {
  const display = converter.canConvert(row.currency)
    ? { ...quoteDisplay(converter, row)!, threeYearPrice: converter.amountOf(row.threeYearPrice, row.currency) }
    : null;
  return { ...row, promo: row.promo && withQuoteDisplay(converter, row.promo), display };
}

/** Every currency a set of rows quotes in (their headlines and their promotions). */
export const rowCurrencies = (rows: readonly PriceRow[]) => [...rows.map((r) => r.currency), ...rows.flatMap((r) => (r.promo ? [r.promo.currency] : []))];
