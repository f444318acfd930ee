/**
 * A TLD's page: for each registrar quoting its renewal, the move that saves most over 3 years
 * and the year it pays off ("moving a .com from A to B pays off after 2 years"), from the same
 * computation as the portfolio's transfer verdict (domain/transfer-verdict.ts) under the TLD's
 * transfer rule. Stale and unusual quotes are named, never a sure claim.
 */
import type { Db } from "../../../../db/client.ts";
import { listTransferQuotes } from "../../../../db/repositories/transfer-plan-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";
import { loadDisplayConverter } from "../../domain/display-currency.ts";
import { PortfolioMoney } from "../../domain/portfolio-money.ts";
import { tldByKey, tldNotFound } from "../../domain/tld-catalogue.ts";
import { loadTransferRules, ruleFor } from "../../domain/transfer-rules.ts";
import { transferCosts } from "../../domain/transfer-verdict.ts";

/** Pairs shown on a TLD's page: the ones saving most. */
export const MAX_TRANSFER_PAIRS = 10;

export async function tldTransferPairs(db: Db, key: string, staleDays: number, currency?: string) {
  const tld = await tldByKey(db, key);
  if (!tld) throw tldNotFound(key);
  const quotes = (await listTransferQuotes(db, [tld.id])).filter((q) => q.provider.isActive);
  const converter = await loadDisplayConverter(db, currency ?? DEFAULT_DISPLAY_CURRENCY, quotes.map((q) => q.currency));
  const money = new PortfolioMoney(converter, new Date(), staleDays);
  const rule = ruleFor(await loadTransferRules(db), tld.name);
  const pairs = quotes.filter((q) => q.renewalPrice !== null && q.renewalPrice > 0).flatMap((from) => {
    const costs = transferCosts(from.provider.id, rule, quotes, money);
    if (!costs.destination || !costs.current) return [];
    const years = costs.breakEvenYear;
    const pays = years === null ? "does not pay off within 5 years" : years === 1 ? "pays off in the first year" : `pays off after ${years} years`;
    return [{
      from: costs.current.provider, to: costs.destination.provider, verdict: costs.verdict, breakEvenYear: years,
      years: costs.years, cautions: costs.cautions, savingMinor: costs.savingMinor,
      current: costs.current.renewal, transfer: costs.destination.transfer, renewal: costs.destination.renewal,
      sentence: `Moving a .${tld.name} from ${costs.current.provider.name} to ${costs.destination.provider.name} ${pays}.`,
    }];
  });
  pairs.sort((a, b) => Number(a.verdict === "unsure") - Number(b.verdict === "unsure") || b.savingMinor - a.savingMinor || (a.from.name < b.from.name ? -1 : 1));
  return {
    tld: tld.name, currency: money.currency,
    rule: { pattern: rule.pattern, addsYear: rule.addsYear, sourceUrl: rule.sourceUrl, sourceDate: rule.sourceDate },
    pairs: pairs.slice(0, MAX_TRANSFER_PAIRS),
  };
}
export type TldTransferPairs = Awaited<ReturnType<typeof tldTransferPairs>>;
