/**
 * The registration figures a TLD page states (lowest, highest, average): worked out from fresh
 * quotes only while any is fresh, from the stale ones when none is, and saying which.
 */
import type { Db } from "../../../../db/client.ts";
import { summariseRegistration, type PricedRow, type RegistrationSummary } from "../../../shared/registration-summary.ts";
import { tldQuoteList } from "./service.ts";

export interface RegistrationStats {
  summary: RegistrationSummary;
  /** "all": no stale quote has a registration price; "fresh-only": stale ones were left out; "stale": no fresh quote has one, so stale ones counted. */
  basis: "all" | "fresh-only" | "stale";
  /** How many providers quote the TLD. */
  providers: number;
}

/** Stale quotes make no "lowest" claim while a fresh one exists. */
export function registrationStatsOf(quotes: readonly (PricedRow & { isStale: boolean })[]): RegistrationStats {
  const fresh = quotes.filter((q) => !q.isStale && q.registrationPrice);
  const stalePriced = quotes.some((q) => q.isStale && q.registrationPrice);
  return {
    summary: summariseRegistration(fresh.length > 0 ? fresh : quotes),
    basis: !stalePriced ? "all" : fresh.length > 0 ? "fresh-only" : "stale",
    providers: quotes.length,
  };
}

/** One TLD's registration figures in the display currency, from the same cached quotes as its price list; 404 for an unknown TLD. */
export async function tldRegistrationStats(db: Db, key: string, staleDays: number, currency?: string): Promise<RegistrationStats> {
  return registrationStatsOf(await tldQuoteList(db, key, staleDays, currency));
}
