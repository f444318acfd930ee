/**
 * The registration price summary of a price list (a registrar's, a TLD's): the server sends it
 * with a registrar's first page of prices, and as a TLD's statistics (prices.statsByTld).
 */
import { decimalStringToMinor, minorToDecimalString } from "./price-format.ts";

export interface PricedRow {
  registrationPrice: string | null;
  currency: string | null;
  /** The price in the display currency, when the server converted it (null: no rate for its currency). */
  display?: { currency: string; registrationPrice: string | null } | null | undefined;
}

export type RegistrationSummary =
  | { kind: "none" }
  | { kind: "mixed"; currencies: string[] }
  | { kind: "single"; currency: string; lowest: string; highest: string; average: string; count: number };

/**
 * Lowest, highest and average registration price. Only rows with both a price and a currency
 * count (spec section 2), and prices in different currencies are never compared or averaged:
 * rows in the display currency (converted by the server) all compare, and only a quote whose
 * currency has no rate keeps its own, which makes the summary a list of currencies.
 * Works in hundredths so the average is exact to the cent (formatPrice then rounds to the
 * currency's minor unit: whole yen).
 */
export function summariseRegistration(rows: readonly PricedRow[]): RegistrationSummary {
  const priced = rows.flatMap((row) => {
    const shown = row.display ?? row;
    const minor = shown.registrationPrice ? decimalStringToMinor(shown.registrationPrice) : null;
    const currency = shown.currency?.trim().toUpperCase();
    return minor !== null && minor > 0 && currency ? [{ minor, currency }] : [];
  });
  if (priced.length === 0) return { kind: "none" };
  const currencies = [...new Set(priced.map((p) => p.currency))].sort();
  if (currencies.length > 1) return { kind: "mixed", currencies };
  const currency = currencies[0] ?? "USD";
  const minors = priced.map((p) => p.minor);
  const sum = minors.reduce((a, b) => a + b, 0);
  const money = (minor: number) => minorToDecimalString(minor);
  return {
    kind: "single",
    currency,
    lowest: money(Math.min(...minors)),
    highest: money(Math.max(...minors)),
    average: money(Math.round(sum / minors.length)),
    count: minors.length,
  };
}
