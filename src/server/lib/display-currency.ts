/**
 * Prices in a display currency, shared by every feature that serves prices (price tables,
 * registrar pages, portfolios). A converter is loaded per answer with the rates it needs: for
 * each quote currency, both rates of the newest ECB day that quotes both currencies (cross rate
 * via the euro). An unknown display currency is the caller's mistake (400).
 */
import type { Db } from "../../../db/client.ts";
import { findLatestCommonRates, hasExchangeRate } from "../../../db/repositories/exchange-rate-repository.ts";
import { convertMinor, currencyDigits, minorToAmount } from "../../shared/currency.ts";
import { decimalStringToMinor } from "../../shared/price-format.ts";
import type { PriceDisplay } from "../../shared/price-quote.ts";
import { badRequest } from "./errors.ts";

interface Rate {
  fromPerEur: number;
  toPerEur: number;
  /** Null when the quote is already in the display currency. */
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

export const unknownCurrencyMessage = (code: string) =>
  `Unknown currency "${code}": no exchange rate is stored for it (GET /api/currencies lists the available ones)`;

/** Throws a 400 naming the currency when no rate is stored for it. */
export async function requireKnownCurrency(db: Db, currency: string): Promise<void> {
  if (!(await hasExchangeRate(db, currency))) {
    const message = unknownCurrencyMessage(currency);
    throw badRequest(message, [{ field: "currency", message }]);
  }
}

/** A converter into `currency` for amounts in each of `sources`; 400 for an unknown currency. */
export async function loadDisplayConverter(db: Db, currency: string, sources: Iterable<string>): Promise<DisplayConverter> {
  await requireKnownCurrency(db, currency);
  const rates = new Map<string, Rate | null>();
  for (const from of new Set(sources)) {
    if (from === currency) {
      rates.set(from, { fromPerEur: 1, toPerEur: 1, rateDate: null });
      continue;
    }
    const pair = await findLatestCommonRates(db, from, currency);
    rates.set(from, pair && { fromPerEur: pair.fromPerEur, toPerEur: pair.toPerEur, rateDate: pair.date });
  }
  const digits = currencyDigits(currency);
  const rateOf = (from: string) => {
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
    canConvert: (from) => Boolean(rates.get(from)),
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
