/**
 * Display currencies: how many minor-unit digits each has, and converting an amount with two ECB euro reference rates. Integer arithmetic throughout (rates
 * are scaled to integers, products are BigInt), so rounding is exactly half-up on the target's
 * minor unit, never a float artefact. No zod here: the client's first load imports this.
 */

const digitsByCode = new Map<string, number>();

/** Minor-unit digits of a currency as Intl knows them (JPY, ISK, KRW: 0; most: 2). */
export function currencyDigits(code: string): number {
  let digits = digitsByCode.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2; // not an ISO code Intl knows: the common case
    }
    digitsByCode.set(code, digits);
  }
  return digits;
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
