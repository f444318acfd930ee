/**
 * What the transfer verdicts of an owner's domains are computed from (transfer-verdict.ts): the
 * quotes of their TLDs, the rules in force, each domain's last registrar change and the money in
 * the display currency. Read once for all of an owner's domains by the transfer plan, a domain's
 * page and the transfer window reminders.
 */
import type { Db } from "../../../db/client.ts";
import {
  lastRegistrarChanges, listTransferQuotes, type TransferPlanEntry, type TransferQuoteRow,
} from "../../../db/repositories/transfer-plan-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../shared/currency.ts";
import { groupBy } from "../lib/group-by.ts";
import { loadDisplayConverter } from "./display-currency.ts";
import { PortfolioMoney } from "./portfolio-money.ts";
import { loadTransferRules, type TransferRule } from "./transfer-rules.ts";
import type { TransferEntry } from "./transfer-verdict.ts";

export interface TransferInputs {
  rows: TransferPlanEntry[];
  quotesByTld: Map<number, TransferQuoteRow[]>;
  /** Each domain's last registrar change, "YYYY-MM-DD", by entry id. */
  lastTransfers: Map<number, string>;
  money: PortfolioMoney;
  rules: Map<string, TransferRule>;
  /** "YYYY-MM-DD" of money's `now`. */
  today: string;
}

/**
 * The inputs for `rows` (the owner's entries, listTransferPlanEntries), in `currency` (the
 * default without one; an unknown one, or one without rates, throws as loadDisplayConverter
 * does); `one`: only that entry's history is read.
 */
export async function loadTransferInputs(
  db: Db, userId: number, rows: TransferPlanEntry[], currency: string | undefined, staleDays: number, now: Date, one?: number,
): Promise<TransferInputs> {
  const quotes = await listTransferQuotes(db, [...new Set(rows.map((r) => r.tldId))]);
  const quotesByTld = groupBy(quotes, (q) => q.tldId);
  const converter = await loadDisplayConverter(db, currency ?? DEFAULT_DISPLAY_CURRENCY, new Set(quotes.map((q) => q.currency)));
  return {
    rows, quotesByTld, lastTransfers: await lastRegistrarChanges(db, userId, one),
    money: new PortfolioMoney(converter, now, staleDays), rules: await loadTransferRules(db), today: now.toISOString().slice(0, 10),
  };
}

/** What the verdict reads of an entry: the dates in force, the registry's statuses, the registrar in force. */
export const transferEntryOf = (row: TransferPlanEntry, lastTransferDate: string | null): TransferEntry => ({
  domainName: row.domainName, tldName: row.tldName, providerId: row.provider?.id ?? null,
  registrationDate: row.registrationDate, expirationDate: row.expirationDate, lastTransferDate, statuses: row.statuses,
});
