/**
 * Prices in a display currency, shared by every feature that serves prices (price tables,
 * registrar pages, portfolios). A converter is loaded per answer with the rates it needs: for
 * each quote currency, both rates of the newest ECB day that quotes both currencies (cross rate
 * via the euro). An unknown display currency is the caller's mistake (400).
 */
import type { Db } from "../../../db/client.ts";
import { hasExchangeRate, loadDisplayRates } from "../../../db/repositories/exchange-rate-repository.ts";
import { createDisplayConverter, type DisplayConverter } from "../../shared/display-converter.ts";
import { badRequest } from "../lib/errors.ts";
import { cachedPriceFact } from "./price-cache.ts";

export type { DisplayConverter } from "../../shared/display-converter.ts";
export { quoteDisplay } from "../../shared/display-converter.ts";

export const unknownCurrencyMessage = (code: string) =>
  `Unknown currency "${code}": no exchange rate is stored for it (GET /api/currencies lists the available ones)`;

/**
 * Throws a 400 naming the currency when no rate is stored for it. A currency found is remembered
 * with the price answers, which a rates update clears (price-cache.ts); one not found is
 * asked again each time (a failed load is never cached), so guessed codes fill no cache.
 */
export async function requireKnownCurrency(db: Db, currency: string): Promise<void> {
  await cachedPriceFact(db, `known-currency:${currency}`, async () => {
    if (!(await hasExchangeRate(db, currency))) {
      const message = unknownCurrencyMessage(currency);
      throw badRequest(message, [{ field: "currency", message }]);
    }
    return true;
  });
}

/** The rates that convert `from` into `to` (null when no stored day quotes both), remembered as requireKnownCurrency remembers. */
const displayRate = (db: Db, from: string, to: string) =>
  cachedPriceFact(db, `display-rate:${from}>${to}`, async () => (await loadDisplayRates(db, to, [from])).get(from) ?? null);

/** A converter into `currency` for amounts in each of `sources`; 400 for an unknown currency. */
export async function loadDisplayConverter(db: Db, currency: string, sources: Iterable<string>): Promise<DisplayConverter> {
  await requireKnownCurrency(db, currency);
  const from = [...new Set(sources)].filter((code) => code !== currency);
  const rates = await Promise.all(from.map((code) => displayRate(db, code, currency)));
  return createDisplayConverter(currency, new Map(from.map((code, i) => [code, rates[i]!])));
}
