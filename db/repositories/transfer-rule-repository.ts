/**
 * Administrators' transfer rules (transfer_rule_overrides), one per TLD pattern. A save or a
 * removal and its admin_audit_log entry are one transaction.
 */
import { asc, eq } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import type { AuditEntry } from "./account-repository.ts";

export interface TransferRuleValues {
  pattern: string;
  addsYear: boolean;
  lockAfterRegistrationDays: number;
  lockAfterTransferDays: number;
  minDaysBeforeExpiry: number | null;
  sourceUrl: string;
  sourceDate: string;
  note: string | null;
}

export interface TransferRuleOverrideRow extends TransferRuleValues {
  id: number;
  updatedAt: Date;
  updatedByEmail: string | null;
}

const columns = (t: Db["t"]) => {
  const o = t.transferRuleOverrides;
  return {
    id: o.id, pattern: o.pattern, addsYear: o.addsYear, lockAfterRegistrationDays: o.lockAfterRegistrationDays,
    lockAfterTransferDays: o.lockAfterTransferDays, minDaysBeforeExpiry: o.minDaysBeforeExpiry, sourceUrl: o.sourceUrl,
    sourceDate: o.sourceDate, note: o.note, updatedAt: o.updatedAt, updatedByEmail: t.users.email,
  };
};

export async function listTransferRuleOverrides({ orm: db, t }: Db): Promise<TransferRuleOverrideRow[]> {
  const o = t.transferRuleOverrides;
  return db.select(columns(t)).from(o).leftJoin(t.users, eq(t.users.id, o.updatedByUserId)).orderBy(asc(o.pattern));
}

/** The rule's own values, as the audit log keeps them. */
const ruleOf = (r: TransferRuleValues): TransferRuleValues => ({
  pattern: r.pattern, addsYear: r.addsYear, lockAfterRegistrationDays: r.lockAfterRegistrationDays, lockAfterTransferDays: r.lockAfterTransferDays,
  minDaysBeforeExpiry: r.minDaysBeforeExpiry, sourceUrl: r.sourceUrl, sourceDate: r.sourceDate, note: r.note,
});

type Audit = Omit<AuditEntry, "action" | "detail" | "targetUserId" | "targetEmail">;

/** Inserts or replaces the pattern's rule with its audit entry (the rule it replaced, if any, in the detail). */
export async function saveTransferRuleOverride(handle: Db, values: TransferRuleValues, audit: Audit, now: Date): Promise<void> {
  const o = handle.t.transferRuleOverrides;
  await handle.transaction(function* (tx) {
    const [before] = yield* exec(tx.select().from(o).where(eq(o.pattern, values.pattern)).limit(1));
    if (before) yield* exec(tx.update(o).set({ ...values, updatedByUserId: audit.actorUserId, updatedAt: now }).where(eq(o.id, before.id)));
    else yield* exec(tx.insert(o).values({ ...values, updatedByUserId: audit.actorUserId, updatedAt: now }));
    yield* exec(tx.insert(handle.t.adminAuditLog).values({
      ...audit, targetUserId: null, targetEmail: null, action: "transfer_rule_saved",
      detail: { pattern: values.pattern, rule: ruleOf(values), replaced: before ? ruleOf(before) : null },
    }));
  });
}

/** Removes the pattern's rule with its audit entry; false when there was none. */
export async function removeTransferRuleOverride(handle: Db, pattern: string, audit: Audit): Promise<boolean> {
  const o = handle.t.transferRuleOverrides;
  return handle.transaction(function* (tx) {
    const [before] = yield* exec(tx.select().from(o).where(eq(o.pattern, pattern)).limit(1));
    if (!before) return false;
    yield* exec(tx.delete(o).where(eq(o.id, before.id)));
    yield* exec(tx.insert(handle.t.adminAuditLog).values({
      ...audit, targetUserId: null, targetEmail: null, action: "transfer_rule_removed", detail: { pattern, removed: ruleOf(before) },
    }));
    return true;
  });
}
