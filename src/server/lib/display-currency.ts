/**
 * Prices in a display currency, shared by every feature that serves prices (price tables,
 * registrar pages, portfolios). A converter is loaded per answer with the rates it needs: for
 * each quote currency, both rates of the newest ECB day that quotes both currencies (cross rate
 * via the euro). An unknown display currency is the caller's mistake (400).
 */
import type { Db } from "../../../db/client.ts";
import { hasExchangeRate, loadDisplayRates } from "../../../db/repositories/exchange-rate-repository.ts";
import { createDisplayConverter, type DisplayConverter } from "../../shared/display-converter.ts";
import { badRequest } from "./errors.ts";
import { cachedPriceAnswer } from "./price-cache.ts";

export type { DisplayConverter } from "../../shared/display-converter.ts";
export { quoteDisplay } from "../../shared/display-converter.ts";

export const unknownCurrencyMessage = (code: string) =>
  `Unknown currency "${code}": no exchange rate is stored for it (GET /api/currencies lists the available ones)`;

/**
 * Throws a 400 naming the currency when no rate is stored for it. A currency found is remembered
 * in the price answers' cache, which a rates update clears (price-cache.ts); one not found is
 * asked again each time (a failed load is never cached), so guessed codes fill no cache.
 */
export async function requireKnownCurrency(db: Db, currency: string): Promise<void> {
  await cachedPriceAnswer(db, `known-currency:${currency}`, async () => {
    if (!(await hasExchangeRate(db, currency))) {
      const message = unknownCurrencyMessage(currency);
      throw badRequest(message, [{ field: "currency", message }]);
    }
    return "true";
  });
}

/** A converter into `currency` for amounts in each of `sources`; 400 for an unknown currency. */
export async function loadDisplayConverter(db: Db, currency: string, sources: Iterable<string>): Promise<DisplayConverter> {
  await requireKnownCurrency(db, currency);
  return createDisplayConverter(currency, await loadDisplayRates(db, currency, sources));
}
