/** Applies one provider's resolved price list: the plan's rules, carried out by the repository in one transaction. */
import type { Db } from "../../../../db/client.ts";
import { applyProviderPrices, type ApplyResult, type ResolvedQuote } from "../../../../db/repositories/price-apply-repository.ts";
import type { ReferenceList } from "../../../../db/repositories/price-check-repository.ts";
import { planPriceApply } from "./price-apply-plan.ts";

/**
 * `references`: another source's list for the same provider, kept for the price checks (a live
 * list is compared with the provider's bundled list). `staleDays` (PRICE_STALE_DAYS) judges the price rows the list rewrites; the plan and the rows
 * judge freshness at the same moment, so a confirmation the plan deems fresh is fresh in the rows.
 */
export function applyPriceList(
  db: Db, input: { providerId: number; observedAt: Date; quotes: ResolvedQuote[]; staleDays: number; references?: ReferenceList | undefined },
): Promise<ApplyResult> {
  const { staleDays, references, ...plan } = input;
  const now = new Date();
  return applyProviderPrices(db, input.providerId, (stored) => planPriceApply(stored, { ...plan, staleDays, now }), { staleDays, now }, references);
}
