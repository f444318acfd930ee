/**
 * Writes one registrar sync into the owner's portfolio in a single transaction: reads the
 * owner's portfolio rows, hands them to the merge (a pure function: the rules live in the
 * accounts feature, src/server/features/accounts/sync-merge.ts), upserts the merged rows on
 * (user, domain name), marks the entries the merge found departed (linked to the account, no
 * longer listed by it) and sets the account's status and sync log in the same transaction.
 * Rows are always scoped to the owner.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import type { SyncLog } from "./registrar-account-repository.ts";
import { lockUserRow } from "./user-repository.ts";

export interface SyncedDomainValues {
  domainName: string;
  tldId: number;
  registrationDate: string | null;
  expirationDate: string | null;
  autoRenew: boolean | null;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
}

export interface SyncTarget {
  accountId: number;
  userId: number;
  serviceProviderId: number;
}

/** What the portfolio already holds under a name, as the merge sees it. */
export interface PortfolioEntry {
  domainName: string;
  registrarAccountId: number | null;
  serviceProviderId: number | null;
  registrationDate: string | null;
  expirationDate: string | null;
  /** null: unknown (the registrar never said, nor the owner). */
  autoRenew: boolean | null;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
  /** When a sync first found the linked account no longer lists it; null otherwise. */
  departedAt: Date | null;
}

/** A user_domains row to insert, or to update on (user, domain name); an update keeps the row's source. */
export interface MergedDomainRow {
  userId: number;
  domainName: string;
  tldId: number;
  serviceProviderId: number;
  registrarAccountId: number;
  registrationDate: string | null;
  expirationDate: string | null;
  /** What the registrar says; null when neither it nor the portfolio knows. */
  autoRenew: boolean | null;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
  source: "sync";
  /** Always null: a listed name is in the account, so any earlier departure mark is cleared. */
  departedAt: null;
  updatedAt: Date;
}

export interface SyncMerge {
  rows: MergedDomainRow[];
  newDomains: number;
  updatedDomains: number;
  /** Names linked to the account that it no longer lists (counted in the sync log). */
  departed: string[];
  /** Of those, the ones not marked yet: marked departed as of this sync. */
  newlyDeparted: string[];
}

const CHUNK = 300; // 14 parameters a row stays far below both drivers' parameter limits
const NAME_CHUNK = 1000;

export async function applySyncedDomains(
  handle: Db, target: SyncTarget, merge: (existing: PortfolioEntry[], now: Date) => SyncMerge,
  log: Omit<SyncLog, "newDomains" | "updatedDomains" | "departedDomains" | "durationMs" | "error">, startedAt: number,
): Promise<SyncLog> {
  const { t } = handle;
  const ud = t.userDomains;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, target.userId);
    const stored = yield* exec(tx
      .select({
        domainName: ud.domainName, registrarAccountId: ud.registrarAccountId, serviceProviderId: ud.serviceProviderId,
        registrationDate: ud.registrationDate, expirationDate: ud.expirationDate, autoRenew: ud.autoRenew, autoRenewKnown: ud.autoRenewKnown,
        isLocked: ud.isLocked, privacyEnabled: ud.privacyEnabled, departedAt: ud.departedAt,
      })
      .from(ud)
      .where(eq(ud.userId, target.userId)));
    const existing: PortfolioEntry[] = stored.map(({ autoRenewKnown, ...e }) => ({ ...e, autoRenew: autoRenewKnown ? e.autoRenew : null }));
    const now = new Date();
    const { rows: values, newDomains, updatedDomains, departed, newlyDeparted } = merge(existing, now);
    for (let i = 0; i < values.length; i += CHUNK) {
      const chunk = values.slice(i, i + CHUNK).map((v) => ({ ...v, autoRenew: v.autoRenew ?? false, autoRenewKnown: v.autoRenew !== null }));
      yield* exec(tx.insert(ud).values(chunk).onConflictDoUpdate({
        target: [ud.userId, ud.domainName],
        set: {
          serviceProviderId: sql`excluded.service_provider_id`, registrarAccountId: sql`excluded.registrar_account_id`,
          registrationDate: sql`excluded.registration_date`, expirationDate: sql`excluded.expiration_date`,
          autoRenew: sql`excluded.auto_renew`, autoRenewKnown: sql`excluded.auto_renew_known`, isLocked: sql`excluded.is_locked`, privacyEnabled: sql`excluded.privacy_enabled`,
          departedAt: sql`excluded.departed_at`, updatedAt: now,
        },
      }));
    }
    for (let i = 0; i < newlyDeparted.length; i += NAME_CHUNK) {
      yield* exec(tx.update(ud).set({ departedAt: now })
        .where(and(eq(ud.userId, target.userId), eq(ud.registrarAccountId, target.accountId), isNull(ud.departedAt),
          inArray(ud.domainName, newlyDeparted.slice(i, i + NAME_CHUNK)))));
    }
    const result: SyncLog = {
      ...log, newDomains, updatedDomains, departedDomains: departed.length, durationMs: Date.now() - startedAt, error: null,
    };
    yield* exec(tx.update(t.registrarAccounts)
      .set({ status: "active", errorMessage: null, lastSyncAt: now, lastSyncLog: result })
      .where(eq(t.registrarAccounts.id, target.accountId)));
    return result;
  });
}
