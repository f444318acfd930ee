/** The planners a price run's event goes through (price-events.ts), one per notification kind that listens to prices. */
import type { PriceEventPlanner } from "./price-events.ts";
import { watchedTldPlanner } from "./watched-tld-plan.ts";
import { renewalPricePlanner } from "./renewal-price-plan.ts";

export const PRICE_EVENT_PLANNERS: readonly PriceEventPlanner[] = [
  renewalPricePlanner,
  watchedTldPlanner,
];
