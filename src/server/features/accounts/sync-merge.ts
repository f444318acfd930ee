/**
 * What a registrar-account sync does to the owner's portfolio, as a pure function; the
 * repository (synced-domain-repository.ts) reads the portfolio and writes the merge in one
 * transaction.
 *
 * - A name new to the portfolio becomes an entry (source "sync").
 * - A name the portfolio already holds is linked to the account and its registrar; where the
 *   registrar is silent (null), what the portfolio knows is kept; auto-renew is off when
 *   neither says. Its source stays as it was (the upsert does not write it).
 * - It counts as updated only when one of its stored fields differs after the merge.
 */
import type {
  MergedDomainRow, PortfolioEntry, SyncedDomainValues, SyncMerge, SyncTarget,
} from "../../../../db/repositories/synced-domain-repository.ts";

export function mergeSyncedDomains(target: SyncTarget, listed: SyncedDomainValues[], existing: PortfolioEntry[], now: Date): SyncMerge {
  const byName = new Map(existing.map((e) => [e.domainName, e]));
  let newDomains = 0;
  let updatedDomains = 0;
  const rows = listed.map((r): MergedDomainRow => {
    const old = byName.get(r.domainName);
    const merged: MergedDomainRow = {
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
    else if ((Object.keys(old) as (keyof PortfolioEntry)[]).some((k) => old[k] !== merged[k])) updatedDomains++;
    return merged;
  });
  return { rows, newDomains, updatedDomains };
}
