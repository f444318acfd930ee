/**
 * Display currencies: how many minor-unit digits each has, and converting an amount with two ECB euro reference rates. Integer arithmetic throughout (rates
 * are scaled to integers, products are BigInt), so rounding is exactly half-up on the target's
 * minor unit, never a float artefact. No zod here: the client's first load imports this.
 */

/**
 * Minor-unit digits where they are not 2, as ICU (Intl) has them for every currency it knows
 * (currency.test.ts holds the table to Intl). A table, not Intl itself: creating the first
 * Intl.NumberFormat loads locale data, tens of milliseconds of a phone's main thread while a
 * page starts; and the server and every browser then agree on the digits whatever their ICU.
 */
const DIGITS_NOT_TWO: Readonly<Record<string, number>> = {
  AFN: 0, ALL: 0, BHD: 3, BIF: 0, CLP: 0, COP: 0, DJF: 0, GNF: 0, HUF: 0, IDR: 0, IQD: 0, IRR: 0,
  ISK: 0, JOD: 3, JPY: 0, KMF: 0, KPW: 0, KRW: 0, KWD: 3, LAK: 0, LBP: 0, LYD: 3, MGA: 0, MMK: 0,
  OMR: 3, PKR: 0, PYG: 0, RWF: 0, SLL: 0, SOS: 0, SYP: 0, TND: 3, UGX: 0, VND: 0, VUV: 0, XAF: 0,
  XOF: 0, XPF: 0, YER: 0,
};

/** Minor-unit digits of a currency (JPY, ISK, KRW: 0; KWD: 3; most, and unknown codes: 2). */
export function currencyDigits(code: string): number {
  return DIGITS_NOT_TWO[code.toUpperCase()] ?? 2;
}

/** ECB rates have at most 6 significant decimals; scaled by 10^6 they are exact integers. */
const RATE_SCALE = 1_000_000;
const scaled = (rate: number) => BigInt(Math.round(rate * RATE_SCALE));

/**
 * An amount in hundredths of `from` (how prices are stored, decision 003) in minor units of the
 * target currency, given both currencies' units per euro on the same day. Half-up rounding.
 */
export function convertMinor(cents: number, fromPerEur: number, toPerEur: number, toDigits: number): number {
  const num = BigInt(Math.abs(cents)) * scaled(toPerEur) * 10n ** BigInt(toDigits);
  const den = 100n * scaled(fromPerEur);
  const rounded = Number((2n * num + den) / (2n * den));
  return cents < 0 ? -rounded : rounded;
}

/** 148200, 2 → "1482.00"; 1482, 0 → "1482". Integers only, so the digits are exact. */
export function minorToAmount(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  if (digits === 0) return `${sign}${Math.abs(minor)}`;
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The display currency chosen when none is: the currency every headline price is stored in. */
export const DEFAULT_DISPLAY_CURRENCY = "USD";

/** A display currency offered by the selector, with the newest ECB day that quotes it. */
export interface CurrencyOption {
  code: string;
  latestRateDate: string;
}
