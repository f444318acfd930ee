// Prices travel as decimal strings ("10.88") so that no float ever touches money;
// everything here works in integer minor units (cents) and only joins digits.
import { currencyDigits, minorToAmount } from "./currency.ts";

export const DEFAULT_CURRENCY = "USD";
/** Stand-in for a missing price when looking for the lowest one, so it sorts last. */
export const MISSING_PRICE = 999999;

const SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CAD: "C$",
  AUD: "A$",
};

const normaliseCode = (code: string | null | undefined): string =>
  code?.trim().toUpperCase() || DEFAULT_CURRENCY;

/** The currency's symbol, or the (upper-cased) code itself when it has none. */
export function currencySymbol(code: string | null | undefined): string {
  const normalised = normaliseCode(code);
  return SYMBOLS[normalised] ?? normalised;
}

/** 1088 → "10.88"; integers only, so the digits are exact. */
export function minorToDecimalString(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * "10.88" → 1088. Null when the string is not a plain decimal or would lose
 * precision: extra fraction digits are accepted only when they are zeros
 * (databases often pad, e.g. "10.8800").
 */
export function decimalStringToMinor(s: string): number | null {
  const match = DECIMAL.exec(s.trim());
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const minor = Number(whole + fraction.slice(0, 2).padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return sign === "-" && minor !== 0 ? -minor : minor;
}

// Display tolerates more decimals than the currency has by rounding half away from zero on
// the digits themselves, which avoids the 1.005 → "1.00" float artefact.
function toDisplayMinor(value: string | number, digits = 2): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    // Exponent notation only shows up for absurdly large or tiny amounts.
    if (/e/i.test(text)) {
      const minor = Math.round(value * 10 ** digits);
      return Number.isSafeInteger(minor) ? minor : null;
    }
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  const roundUp = (fraction[digits] ?? "0") >= "5";
  const truncated = Number(whole + fraction.slice(0, digits).padEnd(digits, "0"));
  if (!Number.isSafeInteger(truncated)) return null;
  const magnitude = truncated + (roundUp ? 1 : 0);
  return sign === "-" ? -magnitude : magnitude;
}

const groupers = new Map<number, Intl.NumberFormat>();

/**
 * "2575.18" → "2,575.18": every amount shown gets its thousands separators here, from one
 * Intl.NumberFormat per digit count, made on first use. It is handed the exact decimal string
 * (Intl.NumberFormat reads a string as a decimal, not a float), so no digit ever moves.
 */
function groupAmount(amount: string, digits: number): string {
  let grouper = groupers.get(digits);
  if (!grouper) {
    grouper = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true });
    groupers.set(digits, grouper);
  }
  return grouper.format(amount as Intl.StringNumericLiteral);
}

/**
 * "$10.88", "€2,060.25", "CHF 12,345.00", "¥1,482" (as many decimals as the currency has
 * minor-unit digits, per Intl), with US thousands separators. Zero (at the currency's
 * precision), empty, missing or unreadable → "N/A".
 */
export function formatPrice(
  value: string | number | null | undefined,
  currency?: string | null,
): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const code = normaliseCode(currency);
  const digits = currencyDigits(code);
  const minor = toDisplayMinor(value, digits);
  if (minor === null || minor === 0) return "N/A";
  // Codes without a symbol need a space so "CHF12.00" does not read as one token.
  const prefix = SYMBOLS[code] ?? `${code} `;
  const amount = groupAmount(minorToAmount(Math.abs(minor), digits), digits);
  return minor < 0 ? `-${prefix}${amount}` : `${prefix}${amount}`;
}

/**
 * An amount on a chart's axis: as formatPrice writes it, except that zero is the axis's origin
 * ("$0"), not a missing price ("N/A").
 */
export function formatAxisPrice(value: number, currency?: string | null): string {
  if (value !== 0) return formatPrice(value, currency);
  const code = normaliseCode(currency);
  return `${SYMBOLS[code] ?? `${code} `}0`;
}

/**
 * A total as formatPrice writes it, except that zero is a known amount ("$0.00", "¥0"), not a
 * missing price: a portfolio with nothing to renew costs nothing.
 */
export function formatTotal(value: string, currency: string): string {
  const formatted = formatPrice(value, currency);
  if (formatted !== "N/A") return formatted;
  const code = normaliseCode(currency);
  return `${SYMBOLS[code] ?? `${code} `}${minorToAmount(0, currencyDigits(code))}`;
}

/** The numeric price for "lowest price" comparisons; missing or zero counts as MISSING_PRICE. */
export function priceOrMissing(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === "") return MISSING_PRICE;
  // Same reading as formatPrice, so what is shown and what is compared agree.
  const minor = toDisplayMinor(value);
  if (minor === null || minor === 0) return MISSING_PRICE;
  return minor / 100;
}

/** Nullable variant for API payloads: null stays null (no price quoted). */
export function minorToPrice(minor: number | null): string | null {
  return minor === null ? null : minorToDecimalString(minor);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Jan 7, 2024": the UTC day of an ISO date ("2024-01-07") or instant (the same for every
 * visitor); null when unreadable. Written out, not Intl.DateTimeFormat: creating the first one
 * loads locale data, close to 100 ms of a throttled phone's main thread while a page starts.
 */
export function formatUtcDay(iso: string | null | undefined): string | null {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "checked Jan 7, 2024" from an ISO instant; "" when unreadable. */
export function formatCheckedDate(iso: string | null | undefined): string {
  const day = formatUtcDay(iso);
  return day ? `checked ${day}` : "";
}

/** A promotion says what it turns into: "$11.28 first year, renews at $18.48" (without a renewal: "$11.28 first year"). */
export function promoWording(firstYear: string | null, renewal: string | null, currency?: string | null): string {
  const first = `${formatPrice(firstYear, currency)} first year`;
  return renewal && formatPrice(renewal, currency) !== "N/A" ? `${first}, renews at ${formatPrice(renewal, currency)}` : first;
}
