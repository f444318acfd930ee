/**
 * The administrators' transfer rules (audited): listed beside the bundled rows they replace,
 * saved and removed. The rules in force and a TLD's rule are domain/transfer-rules.ts.
 */
import type { Db } from "../../../../db/client.ts";
import {
  listTransferRuleOverrides, removeTransferRuleOverride, saveTransferRuleOverride,
} from "../../../../db/repositories/transfer-rule-repository.ts";
import type { TransferRuleInput } from "../../../shared/schemas/transfer-plan.ts";
import { BUNDLED_TRANSFER_RULES, rulesInForce } from "../../domain/transfer-rules.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { RequestContext } from "../../trpc/context.ts";

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
