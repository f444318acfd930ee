/**
 * PRICE_STALE_DAYS for the portfolio's reads, which do not take the configured window as a
 * parameter yet (features/portfolio/item.ts). Everything else is handed the window from its
 * config: the price rows' writers and the price and provider read paths.
 */
import { DEFAULT_PRICE_STALE_DAYS } from "../../shared/price-freshness.ts";

let staleDays = DEFAULT_PRICE_STALE_DAYS;

/** Set once at boot from config (createApp). */
export function configurePortfolioStaleDays(days: number): void {
  staleDays = days;
}

export const portfolioStaleDays = (): number => staleDays;
