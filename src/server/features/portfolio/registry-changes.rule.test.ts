import { describe, expect, it } from "vitest";
import type { AccountLinkState, RegistryComparison, StoredRegistryState } from "../../../../db/repositories/registry-record-repository.ts";
import { describeDomainEvent } from "../../../shared/domain-event-words.ts";
import { registryEvents } from "./registry-changes.ts";

const at = new Date("2026-11-29T08:00:00Z");
const before: StoredRegistryState = {
  outcome: "ok", statuses: ["clientTransferProhibited"], nameservers: ["ns1.old.net"], registrarIanaId: 1068, registrarName: "NameCheap, Inc.",
  expirationDate: "2030-01-01", checkedAt: new Date("2026-11-20T08:00:00Z"),
};
const unlinked: AccountLinkState = { registrarAccountId: null, accountProviderId: null, accountLastSyncAt: null, accountActive: false, syncedLocked: null, departedAt: null };
const linked = (o: Partial<AccountLinkState> = {}): AccountLinkState => ({
  registrarAccountId: 3, accountProviderId: 7, accountLastSyncAt: new Date("2026-11-25T08:00:00Z"), accountActive: true, syncedLocked: null, departedAt: null, ...o,
});
function compare(o: { previous?: StoredRegistryState | null; statuses?: string[]; ns?: string[]; ianaId?: number; name?: string; expiry?: string; providerId?: number | null; link?: AccountLinkState }): RegistryComparison {
  return {
    previous: o.previous === undefined ? before : o.previous,
    result: {
      userDomainId: 1, domainName: "example.com", outcome: "ok", protocol: "rdap", rdapServer: "https://rdap.test/", expirationDate: o.expiry ?? "2030-01-01", registrationDate: null,
      lastChangedDate: null, statuses: o.statuses ?? ["clientTransferProhibited"], nameservers: o.ns ?? ["ns1.old.net"],
      registrarIanaId: o.ianaId ?? 1068, registrarName: o.name ?? "NameCheap, Inc.", checkedAt: at, nextCheckAt: at,
    },
    resultProviderId: o.providerId ?? null, link: o.link ?? unlinked,
  };
}
const changes = (c: RegistryComparison) => registryEvents(c).filter((e) => e.kind !== "registry_check").map((e) => [e.kind, e.severity]);

describe("what a registry re-check records", () => {
  it("always a check line, and nothing else on a first lookup or an unchanged answer", () => {
    expect(registryEvents(compare({ previous: null, ianaId: 1 })).map((e) => e.kind)).toEqual(["registry_check"]);
    expect(registryEvents(compare({ previous: { ...before, outcome: "pending", statuses: null, nameservers: null }, ns: ["x.net"] })).map((e) => e.kind)).toEqual(["registry_check"]);
    expect(changes(compare({}))).toEqual([]);
    expect(changes(compare({ ns: ["NS1.OLD.NET."] }))).toEqual([]);
  });
  it.each([
    ["a new registrar", { ianaId: 1861, name: "Porkbun LLC" }, [["registrar_changed", "alarm"]]],
    ["the same registrar renamed", { name: "Namecheap" }, []],
    ["the lock removed", { statuses: [] }, [["transfer_lock_removed", "alarm"]]],
    ["the lock added", { previous: { ...before, statuses: [] } }, [["transfer_lock_added", "info"]]],
    ["a hold", { statuses: ["clientTransferProhibited", "serverHold"] }, [["status_hold", "alarm"]]],
    ["a deletion", { statuses: ["clientTransferProhibited", "redemptionPeriod"] }, [["pending_delete", "alarm"]]],
    ["the expiry moved back", { expiry: "2029-01-01" }, [["expiry_moved_back", "alarm"]]],
    ["a renewal", { expiry: "2031-01-01" }, [["expiry_extended", "info"]]],
  ] as const)("%s", (_label, o, expected) => {
    expect(changes(compare(o as Parameters<typeof compare>[0]))).toEqual(expected);
  });
  it("tells the owner's own changes through a connected account as information, and nobody else's", () => {
    expect(changes(compare({ statuses: [], link: linked({ syncedLocked: false }) }))).toEqual([["transfer_lock_removed", "info"]]);
    expect(changes(compare({ statuses: [], link: linked({ syncedLocked: true }) }))).toEqual([["transfer_lock_removed", "alarm"]]);
    expect(changes(compare({ statuses: [], link: linked({ syncedLocked: false, departedAt: at }) }))).toEqual([["transfer_lock_removed", "alarm"]]);
    // A sync from before the previous lookup says nothing about the lock that lookup saw.
    expect(changes(compare({ statuses: [], link: linked({ syncedLocked: false, accountLastSyncAt: new Date("2026-11-19T08:00:00Z") }) }))).toEqual([["transfer_lock_removed", "alarm"]]);
    expect(changes(compare({ ns: ["ns9.new.net"], providerId: 7, link: linked() }))).toEqual([["nameservers_changed", "info"]]);
    // The account last synced before the previous lookup: no evidence the owner did it.
    expect(changes(compare({ ns: ["ns9.new.net"], providerId: 7, link: linked({ accountLastSyncAt: new Date("2026-11-01T00:00:00Z") }) }))).toEqual([["nameservers_changed", "alarm"]]);
    // Another registrar than the account's sponsors it now.
    expect(changes(compare({ ns: ["ns9.new.net"], providerId: 8, link: linked() }))).toEqual([["nameservers_changed", "alarm"]]);
    expect(changes(compare({ ianaId: 1861, name: "Porkbun LLC", providerId: 7, link: linked() }))).toEqual([["registrar_changed", "info"]]);
    expect(changes(compare({ ianaId: 1861, name: "Porkbun LLC", providerId: 9, link: linked() }))).toEqual([["registrar_changed", "alarm"]]);
    expect(changes(compare({ statuses: ["clientTransferProhibited", "clientHold"], link: linked({ syncedLocked: false }) }))).toEqual([["status_hold", "alarm"]]);
  });

  it("records a status change with the registry's whole status list before and after, and says what appeared", () => {
    const statusChange = (o: Parameters<typeof compare>[0]) => registryEvents(compare(o)).filter((e) => e.kind !== "registry_check").map((e) => ({
      kind: e.kind, oldValue: e.oldValue, newValue: e.newValue, text: describeDomainEvent({ kind: e.kind, subject: null, oldValue: e.oldValue, newValue: e.newValue }),
    }));
    const locked = { ...before, statuses: ["clientTransferProhibited", "clientUpdateProhibited"] };
    expect(statusChange({ previous: locked, statuses: ["clientUpdateProhibited"] })).toEqual([{
      kind: "transfer_lock_removed", oldValue: { statuses: ["clientTransferProhibited", "clientUpdateProhibited"] }, newValue: { statuses: ["clientUpdateProhibited"] },
      text: "Transfer lock removed (clientTransferProhibited is gone): the domain can now be transferred away.",
    }]);
    expect(statusChange({ previous: { ...before, statuses: ["active"] }, statuses: ["active", "clientTransferProhibited"] })).toMatchObject([{
      kind: "transfer_lock_added", oldValue: { statuses: ["active"] }, newValue: { statuses: ["active", "clientTransferProhibited"] },
    }]);
    expect(statusChange({ previous: locked, statuses: ["clientTransferProhibited", "clientUpdateProhibited", "pendingDelete", "serverHold"] })).toEqual([
      {
        kind: "status_hold", oldValue: { statuses: ["clientTransferProhibited", "clientUpdateProhibited"] },
        newValue: { statuses: ["clientTransferProhibited", "clientUpdateProhibited", "pendingDelete", "serverHold"] },
        text: "The registry put the domain on hold (serverHold): it no longer resolves.",
      },
      {
        kind: "pending_delete", oldValue: { statuses: ["clientTransferProhibited", "clientUpdateProhibited"] },
        newValue: { statuses: ["clientTransferProhibited", "clientUpdateProhibited", "pendingDelete", "serverHold"] },
        text: "The domain is being deleted (pendingDelete).",
      },
    ]);
    // An event stored with only the codes that appeared still reads the same.
    expect(describeDomainEvent({ kind: "status_hold", subject: null, oldValue: null, newValue: { statuses: ["clientHold"] } }))
      .toBe("The registry put the domain on hold (clientHold): it no longer resolves.");
  });
});
