/**
 * Transfer rules per TLD: the bundled table (db/seed/data/transfer/transfer-rules.json, each row
 * with the page it was read from and the day) with administrators' rules laid over it, a stored
 * rule replacing the bundled row of the same pattern. A TLD's rule is the row of its own name,
 * else of its nearest parent ("co.uk" reads "uk"), else the "*" row (the ICANN Transfer Policy).
 */
import type { Db } from "../../../db/client.ts";
import bundled from "../../../db/seed/data/transfer/transfer-rules.json";
import { listTransferRuleOverrides, type TransferRuleValues } from "../../../db/repositories/transfer-rule-repository.ts";

export interface TransferRule extends TransferRuleValues {
  /** "bundled": the shipped table; "admin": an administrator's rule. */
  origin: "bundled" | "admin";
}

export const BUNDLED_TRANSFER_RULES: readonly TransferRule[] = bundled.rules.map((r) => ({ ...r, origin: "bundled" as const }));

/** The rules in force by pattern: the bundled rows with the stored ones over them. */
export function rulesInForce(overrides: readonly TransferRuleValues[]): Map<string, TransferRule> {
  const rules = new Map<string, TransferRule>(BUNDLED_TRANSFER_RULES.map((r) => [r.pattern, r]));
  for (const o of overrides) rules.set(o.pattern, { ...ruleValues(o), origin: "admin" });
  return rules;
}

const ruleValues = (r: TransferRuleValues): TransferRuleValues => ({
  pattern: r.pattern, addsYear: r.addsYear, lockAfterRegistrationDays: r.lockAfterRegistrationDays, lockAfterTransferDays: r.lockAfterTransferDays,
  minDaysBeforeExpiry: r.minDaysBeforeExpiry, sourceUrl: r.sourceUrl, sourceDate: r.sourceDate, note: r.note,
});

/** The rule a TLD reads: its own row, its nearest parent's, else "*" (always present: bundled, and never removable from the bundle). */
export function ruleFor(rules: ReadonlyMap<string, TransferRule>, tldName: string): TransferRule {
  const labels = tldName.toLowerCase().split(".");
  for (let i = 0; i < labels.length; i++) {
    const rule = rules.get(labels.slice(i).join("."));
    if (rule) return rule;
  }
  return rules.get("*")!;
}

/** The rules in force, read from the database. */
export async function loadTransferRules(db: Db): Promise<Map<string, TransferRule>> {
  return rulesInForce(await listTransferRuleOverrides(db));
}

