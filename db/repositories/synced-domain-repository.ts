/**
 * Writes one registrar sync into the owner's portfolio in a single transaction: entries new to
 * the portfolio are inserted (source "sync"), entries the user already holds by that name are
 * linked to the account and refreshed (their source stays as it was), and the account's
 * status and sync log are set in the same transaction. Rows are always scoped to the owner.
 */
import { eq, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import type { SyncLog } from "./registrar-account-repository.ts";

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

const CHUNK = 300; // 12 parameters a row stays far below both drivers' parameter limits

export async function applySyncedDomains(
  handle: Db, target: SyncTarget, rows: SyncedDomainValues[], log: Omit<SyncLog, "newDomains" | "updatedDomains" | "durationMs" | "error">, startedAt: number,
): Promise<SyncLog> {
  const { t } = handle;
  const ud = t.userDomains;
  return handle.transaction(function* (tx) {
    const existing = yield* exec(tx
      .select({
        domainName: ud.domainName, registrarAccountId: ud.registrarAccountId, serviceProviderId: ud.serviceProviderId,
        registrationDate: ud.registrationDate, expirationDate: ud.expirationDate, autoRenew: ud.autoRenew,
        isLocked: ud.isLocked, privacyEnabled: ud.privacyEnabled,
      })
      .from(ud)
      .where(eq(ud.userId, target.userId)));
    const byName = new Map(existing.map((e) => [e.domainName, e]));
    const now = new Date();
    let newDomains = 0;
    let updatedDomains = 0;
    const values = rows.map((r) => {
      const old = byName.get(r.domainName);
      // Where the registrar is silent, what the portfolio already knows is kept.
      const merged = {
        userId: target.userId, domainName: r.domainName, tldId: r.tldId,
        serviceProviderId: target.serviceProviderId, registrarAccountId: target.accountId,
        registrationDate: r.registrationDate ?? old?.registrationDate ?? null,
        expirationDate: r.expirationDate ?? old?.expirationDate ?? null,
        autoRenew: r.autoRenew ?? old?.autoRenew ?? false,
        isLocked: r.isLocked ?? old?.isLocked ?? null,
        privacyEnabled: r.privacyEnabled ?? old?.privacyEnabled ?? null,
        source: "sync", updatedAt: now,
      };
      if (!old) newDomains++;
      else if ((Object.keys(old) as (keyof typeof old)[]).some((k) => old[k] !== merged[k])) updatedDomains++;
      return merged;
    });
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
