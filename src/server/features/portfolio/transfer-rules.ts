/**
 * Transfer rules per TLD: the bundled table (db/seed/data/transfer/transfer-rules.json, each row
 * with the page it was read from and the day) with administrators' rules laid over it, a stored
 * rule replacing the bundled row of the same pattern. A TLD's rule is the row of its own name,
 * else of its nearest parent ("co.uk" reads "uk"), else the "*" row (the ICANN Transfer Policy).
 */
import type { Db } from "../../../../db/client.ts";
import bundled from "../../../../db/seed/data/transfer/transfer-rules.json";
import {
  listTransferRuleOverrides, removeTransferRuleOverride, saveTransferRuleOverride, type TransferRuleValues,
} from "../../../../db/repositories/transfer-rule-repository.ts";
import type { TransferRuleInput } from "../../../shared/schemas/transfer-plan.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { RequestContext } from "../../trpc/context.ts";

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

/** Every rule in force, the bundled row each stored one replaces beside it, "*" first, then by pattern. */
export async function listTransferRules(db: Db) {
  const overrides = await listTransferRuleOverrides(db);
  const inForce = rulesInForce(overrides);
  const bundledByPattern = new Map(BUNDLED_TRANSFER_RULES.map((r) => [r.pattern, r]));
  const byAdmin = new Map(overrides.map((o) => [o.pattern, o]));
  const rules = [...inForce.values()].sort((a, b) => (a.pattern === "*" ? -1 : b.pattern === "*" ? 1 : a.pattern < b.pattern ? -1 : 1));
  return {
    rules: rules.map((r) => ({
      ...r,
      /** The shipped row this rule replaces; null when it is the shipped row or adds a pattern. */
      replacesBundled: r.origin === "admin" ? (bundledByPattern.get(r.pattern) ?? null) : null,
      updatedAt: byAdmin.get(r.pattern)?.updatedAt.toISOString() ?? null,
      updatedBy: byAdmin.get(r.pattern)?.updatedByEmail ?? null,
    })),
  };
}

type AdminCtx = Pick<RequestContext, "db" | "ip"> & { user: { id: number; email: string } };
const actor = (ctx: AdminCtx) => ({ actorUserId: ctx.user.id, actorEmail: ctx.user.email, ip: ctx.ip });

/** Saves an administrator's rule for the pattern (replacing theirs or laying one over the bundled row); audited. */
export async function saveTransferRule(ctx: AdminCtx, input: TransferRuleInput) {
  await saveTransferRuleOverride(ctx.db, input, actor(ctx), new Date());
  return listTransferRules(ctx.db);
}

/** Removes an administrator's rule (the bundled row of the pattern, if any, is in force again); audited. */
export async function removeTransferRule(ctx: AdminCtx, pattern: string) {
  if (!(await removeTransferRuleOverride(ctx.db, pattern, actor(ctx)))) {
    throw BUNDLED_TRANSFER_RULES.some((r) => r.pattern === pattern)
      ? badRequest(`The rule for ${pattern === "*" ? "every other TLD" : `.${pattern}`} is the shipped one; save a rule to replace it`)
      : notFound(`There is no rule of your own for ${pattern === "*" ? "every other TLD" : `.${pattern}`}`);
  }
  return listTransferRules(ctx.db);
}
