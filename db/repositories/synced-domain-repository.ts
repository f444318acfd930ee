/**
 * Writes one registrar sync into the owner's portfolio in a single transaction: reads the
 * owner's portfolio rows, hands them to the merge (a pure function: the rules live in the
 * accounts feature, src/server/features/accounts/sync-merge.ts), upserts the merged rows on
 * (user, domain name) and sets the account's status and sync log in the same transaction.
 * Rows are always scoped to the owner.
 */
import { eq, sql } from "drizzle-orm";
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
  autoRenew: boolean;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
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
  autoRenew: boolean;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
  source: "sync";
  updatedAt: Date;
}

export interface SyncMerge {
  rows: MergedDomainRow[];
  newDomains: number;
  updatedDomains: number;
}

const CHUNK = 300; // 12 parameters a row stays far below both drivers' parameter limits

export async function applySyncedDomains(
  handle: Db, target: SyncTarget, merge: (existing: PortfolioEntry[], now: Date) => SyncMerge,
  log: Omit<SyncLog, "newDomains" | "updatedDomains" | "durationMs" | "error">, startedAt: number,
): Promise<SyncLog> {
  const { t } = handle;
  const ud = t.userDomains;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, target.userId);
    const existing = yield* exec(tx
      .select({
        domainName: ud.domainName, registrarAccountId: ud.registrarAccountId, serviceProviderId: ud.serviceProviderId,
        registrationDate: ud.registrationDate, expirationDate: ud.expirationDate, autoRenew: ud.autoRenew,
        isLocked: ud.isLocked, privacyEnabled: ud.privacyEnabled,
      })
      .from(ud)
      .where(eq(ud.userId, target.userId)));
    const now = new Date();
    const { rows: values, newDomains, updatedDomains } = merge(existing, now);
    for (let i = 0; i < values.length; i += CHUNK) {
      yield* exec(tx.insert(ud).values(values.slice(i, i + CHUNK)).onConflictDoUpdate({
        target: [ud.userId, ud.domainName],
        set: {
          serviceProviderId: sql`excluded.service_provider_id`, registrarAccountId: sql`excluded.registrar_account_id`,
          registrationDate: sql`excluded.registration_date`, expirationDate: sql`excluded.expiration_date`,
          autoRenew: sql`excluded.auto_renew`, isLocked: sql`excluded.is_locked`, privacyEnabled: sql`excluded.privacy_enabled`,
          updatedAt: now,
        },
      }));
    }
    const result: SyncLog = { ...log, newDomains, updatedDomains, durationMs: Date.now() - startedAt, error: null };
    yield* exec(tx.update(t.registrarAccounts)
      .set({ status: "active", errorMessage: null, lastSyncAt: now, lastSyncLog: result })
      .where(eq(t.registrarAccounts.id, target.accountId)));
    return result;
  });
}
