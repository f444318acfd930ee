/**
 * What a registrar-account sync does to the owner's portfolio, as a pure function; the
 * repository (synced-domain-repository.ts) reads the portfolio and writes the merge in one
 * transaction.
 *
 * - A name new to the portfolio becomes an entry (source "sync").
 * - A name the portfolio already holds is linked to the account and its registrar; where the
 *   registrar is silent (null), what the portfolio knows is kept; auto-renew stays unknown
 *   when neither says (the registrar's answer sets it: on or off). Its source stays as it was (the upsert does not write it). A departure mark
 *   it carried is cleared: the account lists it again.
 * - It counts as updated only when one of its stored fields differs after the merge.
 * - An entry linked to this account that the account no longer lists (transferred away,
 *   expired, deleted) has departed: it is counted, and marked as of `now` unless an earlier
 *   sync already marked it (the mark keeps the day it was first noticed). Names the registrar
 *   listed but the sync could not store (`unstoredNames`: unknown TLD) are still in the account.
 *   Only a complete listing reaches the merge: a failed sync never calls it.
 */
import type {
  MergedDomainRow, PortfolioEntry, SyncedDomainValues, SyncMerge, SyncTarget,
} from "../../../../db/repositories/synced-domain-repository.ts";

export function mergeSyncedDomains(
  target: SyncTarget, listed: SyncedDomainValues[], existing: PortfolioEntry[], now: Date, unstoredNames: readonly string[] = [],
): SyncMerge {
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
      autoRenew: r.autoRenew ?? old?.autoRenew ?? null,
      isLocked: r.isLocked ?? old?.isLocked ?? null,
      privacyEnabled: r.privacyEnabled ?? old?.privacyEnabled ?? null,
      source: "sync", departedAt: null, updatedAt: now,
    };
    if (!old) newDomains++;
    else if ((Object.keys(old) as (keyof PortfolioEntry)[]).some((k) => old[k] !== merged[k])) updatedDomains++;
    return merged;
  });
  const stillListed = new Set([...listed.map((r) => r.domainName), ...unstoredNames]);
  const gone = existing.filter((e) => e.registrarAccountId === target.accountId && !stillListed.has(e.domainName));
  return {
    rows, newDomains, updatedDomains,
    departed: gone.map((e) => e.domainName),
    newlyDeparted: gone.filter((e) => e.departedAt === null).map((e) => e.domainName),
  };
}
