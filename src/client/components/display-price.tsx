/**
 * A price in the visitor's display currency. The server adds `display` to each quote when asked
 * for a currency; a converted amount is marked ("≈") and its original amount and ECB rate day
 * show on hover and on keyboard focus, and are part of its accessible name. A rate more than a
 * week old is also named under the amount, visibly.
 */
import { formatPrice, formatUtcDay } from "../../shared/price-format.ts";

export interface DisplayFields {
  currency: string;
  converted: boolean;
  rateDate: string | null;
}

/** An amount to show: in the display currency, or in its own when no rate converts it. */
export interface ShownPrice {
  amount: string | null;
  currency: string;
  original?: { amount: string | null; currency: string; rateDate: string } | undefined;
}

/** The amount of `display` when there is one (its `field`), else the quote's own amount and currency. */
export function shownPrice<K extends string>(
  amount: string | null, currency: string, display: (DisplayFields & { [P in K]: string | null }) | null | undefined, field: K,
): ShownPrice {
  if (!display) return { amount, currency };
  return {
    amount: display[field],
    currency: display.currency,
    original: display.converted && display.rateDate ? { amount, currency, rateDate: display.rateDate } : undefined,
  };
}

/** "May 9, 2025" from an ISO day or instant; the text itself when unreadable. */
export const formatDay = (iso: string) => formatUtcDay(iso) ?? iso;

/** "Converted from $10.88 at the ECB rate of May 9, 2025". */
export const conversionNote = (original: NonNullable<ShownPrice["original"]>) =>
  `Converted from ${formatPrice(original.amount, original.currency)} at the ECB rate of ${formatDay(original.rateDate)}`;

/** A rate older than this is named beside the amount, not only on hover. */
const RATE_AGE_SHOWN_AFTER_DAYS = 7;

/** True when the ECB day `rateDate` is more than RATE_AGE_SHOWN_AFTER_DAYS calendar days (UTC) before `now`'s. */
export function rateIsOld(rateDate: string, now: number = Date.now()): boolean {
  const day = Date.parse(`${rateDate.slice(0, 10)}T00:00:00Z`);
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(day) && today - day > RATE_AGE_SHOWN_AFTER_DAYS * 86_400_000;
}

export function DisplayPrice({ price, suffix = "" }: { price: ShownPrice; suffix?: string }) {
  const text = `${formatPrice(price.amount, price.currency)}${suffix}`;
  const original = price.original;
  if (!original || price.amount === null) return <>{text}</>;
  const note = conversionNote(original);
  const mark = (
    <span className="converted-mark" tabIndex={0} role="note" aria-label={`${text}, ${note}`} data-converted="">
      ≈{text}
      <span className="converted-tip" aria-hidden="true">{note}</span>
    </span>
  );
  if (!rateIsOld(original.rateDate)) return mark;
  // An old rate is said outright: the tip alone would hide how dated the conversion is.
  return (
    <span className="converted-price">
      {mark}
      <span className="converted-rate-day" aria-hidden="true">ECB rate of {formatDay(original.rateDate)}</span>
    </span>
  );
}
