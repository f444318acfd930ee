/**
 * What a registry re-check tells the owner: the answer compared with the record it replaces
 * becomes the domain's history events (domain_events, category "registry"), stored in the same
 * transaction as the record (saveRegistryResults). Every lookup leaves a `registry_check` line;
 * a change is recorded only when both the earlier and the new answer are the registry's record
 * of the name (the first lookup, or one after "not found", records no change).
 *
 * A change the owner made through their connected registrar account is information, not an
 * alarm (docs/decisions/050-registry-changes-and-history.md). The entry must be linked to an
 * active account that still lists it, and:
 * - transfer lock removed: the account synced after the previous lookup and reported the domain
 *   unlocked (an older sync says nothing about a lock the registry showed since);
 * - nameservers changed: the registry names the account's registrar as the sponsor and the
 *   account synced successfully after the previous lookup (registrars' APIs do not list
 *   nameservers, so "the owner's own registrar, in touch since the change window opened" is
 *   the evidence there is);
 * - new registrar: the new registrar is the account's, and the account synced after the
 *   previous lookup (the owner moved it into their connected account, which lists it).
 * Holds, pendingDelete/redemptionPeriod and an expiry moving backwards are always alarms.
 */
import type {
  AccountLinkState, RegistryComparison, StoredRegistryState,
} from "../../../../db/repositories/registry-record-repository.ts";
import type { NewDomainEvent } from "../../../../db/repositories/domain-event-repository.ts";

type Event = Omit<NewDomainEvent, "userDomainId">;

const LOCK = "clientTransferProhibited";
const HOLDS = ["clientHold", "serverHold"];
const DELETING = ["pendingDelete", "redemptionPeriod"];

const sameRegistrar = (a: { ianaId: number | null; name: string | null }, b: { ianaId: number | null; name: string | null }) =>
  a.ianaId !== null && b.ianaId !== null ? a.ianaId === b.ianaId : (a.name ?? "").trim().toLowerCase() === (b.name ?? "").trim().toLowerCase();

const sorted = (list: readonly string[]) => [...new Set(list.map((n) => n.toLowerCase().replace(/\.$/, "")))].sort();

/** The account is the owner's, active, still lists the domain, and synced after `since`. */
function ownAccountSyncedSince(link: AccountLinkState, since: Date | null): boolean {
  if (link.registrarAccountId === null || !link.accountActive || link.departedAt !== null || !link.accountLastSyncAt) return false;
  return since === null || link.accountLastSyncAt.getTime() >= since.getTime();
}

/** The earlier answer was the registry's record of the name (a failed lookup keeps the last good one). */
const hadRecord = (previous: StoredRegistryState | null): previous is StoredRegistryState & { statuses: string[]; nameservers: string[] } =>
  previous !== null && (previous.outcome === "ok" || previous.outcome === "error") && previous.statuses !== null && previous.nameservers !== null;

export function registryEvents({ previous, result, resultProviderId, link }: RegistryComparison): Event[] {
  const at = result.checkedAt;
  const events: Event[] = [{
    category: "registry", kind: "registry_check", severity: "info", occurredAt: at,
    newValue: { outcome: result.outcome, server: result.rdapServer, protocol: result.protocol },
  }];
  if (result.outcome !== "ok" || !hadRecord(previous)) return events;
  const change = (kind: string, severity: "alarm" | "info", oldValue: unknown, newValue: unknown) =>
    events.push({ category: "registry", kind, severity, occurredAt: at, oldValue, newValue });
  const sinceLastLook = ownAccountSyncedSince(link, previous.checkedAt);
  const atOwnRegistrar = resultProviderId !== null && resultProviderId === link.accountProviderId;

  const before = { ianaId: previous.registrarIanaId, name: previous.registrarName };
  const after = { ianaId: result.registrarIanaId, name: result.registrarName };
  if ((before.ianaId !== null || before.name) && (after.ianaId !== null || after.name) && !sameRegistrar(before, after)) {
    change("registrar_changed", sinceLastLook && atOwnRegistrar ? "info" : "alarm", before, after);
  }

  // Status changes carry the registry's whole status list before and after.
  const statusesBefore = { statuses: [...previous.statuses] };
  const statusesAfter = { statuses: [...result.statuses] };
  const wasLocked = previous.statuses.includes(LOCK);
  const isLocked = result.statuses.includes(LOCK);
  if (wasLocked && !isLocked) {
    const ownDoing = sinceLastLook && link.syncedLocked === false;
    change("transfer_lock_removed", ownDoing ? "info" : "alarm", statusesBefore, statusesAfter);
  } else if (!wasLocked && isLocked) change("transfer_lock_added", "info", statusesBefore, statusesAfter);

  const oldNs = sorted(previous.nameservers);
  const newNs = sorted(result.nameservers);
  if (oldNs.join(" ") !== newNs.join(" ")) change("nameservers_changed", sinceLastLook && atOwnRegistrar ? "info" : "alarm", oldNs, newNs);

  const appeared = (codes: readonly string[]) => codes.filter((c) => result.statuses.includes(c) && !previous.statuses.includes(c));
  const holds = appeared(HOLDS);
  if (holds.length) change("status_hold", "alarm", statusesBefore, statusesAfter);
  const deleting = appeared(DELETING);
  if (deleting.length) change("pending_delete", "alarm", statusesBefore, statusesAfter);

  const oldExpiry = previous.expirationDate;
  const newExpiry = result.expirationDate;
  if (oldExpiry && newExpiry && oldExpiry !== newExpiry) {
    change(newExpiry < oldExpiry ? "expiry_moved_back" : "expiry_extended", newExpiry < oldExpiry ? "alarm" : "info", oldExpiry, newExpiry);
  }
  return events;
}
