/**
 * Portfolio amounts in a display currency, converted at the ECB reference rates
 * (src/server/domain/display-currency.ts); only added when the caller asks for a currency.
 */
import type { Db } from "../../../../db/client.ts";
import { loadDisplayConverter, type DisplayConverter } from "../../domain/display-currency.ts";
import type { RenewalPricing } from "../../../shared/renewal-comparison.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";

export interface DisplayedAmount {
  currency: string;
  price: string;
  converted: boolean;
  rateDate: string | null;
}

function quoteCurrencies(rows: RenewalPricing[]): string[] {
  const currencies = new Set<string>();
  for (const r of rows) {
    if (r.currentRenewal) currencies.add(r.currentRenewal.currency);
    if (r.cheapestRenewal) currencies.add(r.cheapestRenewal.currency);
  }
  return [...currencies];
}

/** A converter for every quote currency of `rows`, or none without a display currency; 400 for an unknown one. */
export const portfolioConverter = (db: Db, currency: string | undefined, rows: RenewalPricing[]) =>
  currency ? loadDisplayConverter(db, currency, quoteCurrencies(rows)) : Promise.resolve(undefined);

/** A converter for the portfolio's money (money.ts): into `currency`, USD when none is given; 400 for an unknown one. */
export const moneyConverter = (db: Db, currency: string | undefined, rows: RenewalPricing[]) =>
  loadDisplayConverter(db, currency ?? DEFAULT_DISPLAY_CURRENCY, quoteCurrencies(rows));

/** Stored hundredths of `from` in the display currency, or null when none is quoted or no rate converts it. */
export function displayed(converter: DisplayConverter, cents: number | null, from: string | undefined): DisplayedAmount | null {
  if (cents === null || !from || !converter.canConvert(from)) return null;
  return { currency: converter.currency, price: converter.amount(cents, from)!, ...converter.conversion(from) };
}
