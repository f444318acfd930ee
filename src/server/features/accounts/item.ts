/**
 * The registrar account as the API returns it: the spec's fields (serviceProvider's displayName,
 * status, lastSyncLog, _count.userDomains) plus how many entries a delete would remove.
 * Credentials are never part of it.
 */
import type { RegistrarAccountRow } from "../../../../db/repositories/registrar-account-repository.ts";

const STATUSES = new Set(["untested", "active", "error", "disabled"]);

export function toAccountItem(row: RegistrarAccountRow) {
  return {
    id: row.id,
    label: row.label,
    authType: row.authType,
    serviceProviderId: row.provider.id,
    serviceProvider: row.provider,
    /**
     * untested (no connection test or sync yet), active, error or disabled; a disabled account
     * (auto-sync off) never syncs.
     */
    status: !row.isActive ? "disabled" : STATUSES.has(row.status) ? row.status : "unknown",
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    errorMessage: row.errorMessage,
    lastSyncLog: row.lastSyncLog,
    createdAt: row.createdAt.toISOString(),
    domainCount: row.domainCount,
    /** Entries deleting the account removes; the rest (added by hand) are only unlinked. */
    removableDomainCount: row.syncedDomainCount,
    _count: { userDomains: row.domainCount },
  };
}
export type AccountItem = ReturnType<typeof toAccountItem>;
