/**
 * What one DNS look means: a different answer is only noted (pending) until a second look, at
 * least `confirmDelayMs` later, sees the same different answer; then the change is recorded
 * (dns_changed, old → new). An answer back to the confirmed one drops the pending one (a flaky
 * answer is never told). A failed look changes nothing. The first answer is the baseline.
 */
import type { NewDomainEvent } from "../../../../db/repositories/domain-event-repository.ts";
import type { DnsRow } from "../../../../db/repositories/monitoring-repository.ts";
import type { RecordsOutcome } from "../../integrations/dns/records.ts";

export interface DnsPlan {
  /** Null: nothing to store (the first look failed). */
  row: DnsRow | null;
  events: NewDomainEvent[];
  /** When the second look is due, if one is waited for. */
  secondLookAt: Date | null;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export function planDns(
  userDomainId: number, recordType: string, previous: DnsRow | undefined, outcome: RecordsOutcome, now: Date, confirmDelayMs: number,
): DnsPlan {
  const pendingAt = previous?.pendingSince ? new Date(previous.pendingSince.getTime() + confirmDelayMs) : null;
  if (!outcome.ok) {
    if (!previous) return { row: null, events: [], secondLookAt: null };
    // A failed look confirms nothing: the second look waits a whole delay again, not at once,
    // so a resolver that keeps failing does not have the entry checked over and over.
    const retryAt = pendingAt && new Date(Math.max(pendingAt.getTime(), now.getTime() + confirmDelayMs));
    return { row: { ...previous, checkedAt: now, failure: outcome.reason }, events: [], secondLookAt: retryAt };
  }
  const records = outcome.records;
  if (!previous) {
    return {
      row: { userDomainId, recordType, records, confirmedAt: now, checkedAt: now, pendingRecords: null, pendingSince: null, failure: null },
      events: [], secondLookAt: null,
    };
  }
  const base = { ...previous, checkedAt: now, failure: null };
  if (same(records, previous.records)) return { row: { ...base, pendingRecords: null, pendingSince: null }, events: [], secondLookAt: null };
  if (previous.pendingRecords && previous.pendingSince && same(records, previous.pendingRecords)) {
    if (now.getTime() >= previous.pendingSince.getTime() + confirmDelayMs) {
      return {
        row: { ...base, records, confirmedAt: now, pendingRecords: null, pendingSince: null },
        events: [{
          userDomainId, category: "dns", kind: "dns_changed", subject: recordType, severity: "alarm",
          oldValue: previous.records, newValue: records, occurredAt: now,
        }],
        secondLookAt: null,
      };
    }
    return { row: base, events: [], secondLookAt: pendingAt };
  }
  return { row: { ...base, pendingRecords: records, pendingSince: now }, events: [], secondLookAt: new Date(now.getTime() + confirmDelayMs) };
}
