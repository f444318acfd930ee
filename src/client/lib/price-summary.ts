import { decimalStringToMinor, formatPrice, minorToDecimalString } from "../../shared/price-format.ts";

export interface PricedRow {
  registrationPrice: string | null;
  currency: string | null;
}

export type RegistrationSummary =
  | { kind: "none" }
  | { kind: "mixed"; currencies: string[] }
  | { kind: "single"; currency: string; lowest: string; highest: string; average: string; count: number };

/**
 * Lowest, highest and average registration price. Only rows with both a price and a currency
 * count (spec section 2), and prices in different currencies are never compared or averaged.
 * Works in minor units so the average is exact to the cent.
 */
export function summariseRegistration(rows: readonly PricedRow[]): RegistrationSummary {
  const priced = rows.flatMap((row) => {
    const minor = row.registrationPrice ? decimalStringToMinor(row.registrationPrice) : null;
    const currency = row.currency?.trim().toUpperCase();
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

/** "Price Range" and "Average Price" cards: 'Mixed' across currencies, 'N/A' with no prices. */
export function summaryTexts(summary: RegistrationSummary): { range: string; average: string } {
  if (summary.kind === "mixed") return { range: "Mixed", average: "Mixed" };
  if (summary.kind === "none") return { range: "N/A", average: "N/A" };
  const { currency } = summary;
  return {
    range: `${formatPrice(summary.lowest, currency)} - ${formatPrice(summary.highest, currency)}`,
    average: formatPrice(summary.average, currency),
  };
}
