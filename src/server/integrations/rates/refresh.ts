/**
 * Fetches the ECB's latest reference rates and stores them for their own date (the ECB's
 * business day, not today). Safe to run any number of times: a day already stored is
 * replaced by the same or corrected values. A failed fetch stores nothing.
 */
import type { Db } from "../../../../db/client.ts";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import type { Config } from "../../config.ts";
import type { HttpOptions } from "../http.ts";
import { fetchEcbDailyRates } from "./ecb.ts";

/** Returns the ECB date stored and how many currencies it holds (EUR included). */
export async function refreshExchangeRates(
  db: Db, config: Config, options: { signal?: AbortSignal; http?: HttpOptions } = {},
): Promise<{ date: string; currencies: number }> {
  const { date, rates } = await fetchEcbDailyRates(config, options);
  const currencies = await upsertExchangeRates(db, date, rates);
  return { date, currencies };
}
