/** Applies one provider's resolved price list: the plan's rules, carried out by the repository in one transaction. */
import type { Db } from "../../../../db/client.ts";
import { applyProviderPrices, type ApplyResult, type ResolvedQuote } from "../../../../db/repositories/price-apply-repository.ts";
import { planPriceApply } from "./price-apply-plan.ts";

export function applyPriceList(db: Db, input: { providerId: number; observedAt: Date; quotes: ResolvedQuote[] }): Promise<ApplyResult> {
  return applyProviderPrices(db, input.providerId, (stored) => planPriceApply(stored, { ...input, now: new Date() }));
}
