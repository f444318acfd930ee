/**
 * What a quote of any price list (a live source or a bundled file) stores: the rules the seed
 * and the live price engine share, so a bundled list and a fetched one of the same prices store
 * the same row.
 */
import type { PriceQuote } from "./types.ts";

// Zero means "not offered" in these lists; the product shows N/A for it.
const price = (v: number | null) => (v && v > 0 ? v : null);

/** The catalogue name a quote is matched by: lowercase ASCII, no leading dot. */
export function quoteName(quote: PriceQuote, toAscii: (name: string) => string): string {
  try {
    return toAscii(quote.tld.toLowerCase().replace(/^\./, ""));
  } catch {
    return quote.tld;
  }
}

/** A quote's stored price columns: zero means "not offered", a promotion needs a higher regular price. */
export function normaliseQuote(q: PriceQuote) {
  const registrationPrice = price(q.registration);
  const regular = price(q.regularRegistration);
  const isPromo = q.isPromo && registrationPrice !== null && regular !== null && registrationPrice < regular;
  const transferPrice = price(q.transfer);
  return {
    registrationPrice, renewalPrice: price(q.renewal), transferPrice,
    currency: q.currency.toUpperCase(), isPromo, regularRegistrationPrice: isPromo ? regular : null,
    transferIsPromo: Boolean(q.transferIsPromo) && transferPrice !== null,
  };
}
