import { describe, expect, it } from "vitest";
import type { PortfolioEntry, SyncedDomainValues } from "../../../../db/repositories/synced-domain-repository.ts";
import { mergeSyncedDomains } from "./sync-merge.ts";

const TARGET = { accountId: 3, userId: 9, serviceProviderId: 5 };
const NOW = new Date("2026-04-01T10:00:00Z");
const EARLIER = new Date("2026-03-01T10:00:00Z");

const listed = (over: Partial<SyncedDomainValues> = {}): SyncedDomainValues => ({
  domainName: "example.com", tldId: 1, registrationDate: "2020-01-01", expirationDate: "2027-01-01",
  autoRenew: true, isLocked: true, privacyEnabled: false, ...over,
});
/** The portfolio entry this account's last sync left for listed(). */
const synced = (over: Partial<PortfolioEntry> = {}): PortfolioEntry => ({
  domainName: "example.com", registrarAccountId: 3, serviceProviderId: 5, registrationDate: "2020-01-01",
  expirationDate: "2027-01-01", autoRenew: true, isLocked: true, privacyEnabled: false, departedAt: null, ...over,
});
/** An entry typed by hand: no account, no registrar, nothing but a name and an expiry. */
const typed = (over: Partial<PortfolioEntry> = {}): PortfolioEntry => ({
  domainName: "example.com", registrarAccountId: null, serviceProviderId: null, registrationDate: null,
  expirationDate: "2026-12-31", autoRenew: false, isLocked: null, privacyEnabled: null, departedAt: null, ...over,
});

describe("mergeSyncedDomains", () => {
  it.each([
    { case: "a name new to the portfolio is new", existing: [], row: listed(), counts: { newDomains: 1, updatedDomains: 0 } },
    { case: "a name synced before with the same values is neither new nor updated", existing: [synced()], row: listed(), counts: { newDomains: 0, updatedDomains: 0 } },
    { case: "a later expiry updates it", existing: [synced()], row: listed({ expirationDate: "2028-01-01" }), counts: { newDomains: 0, updatedDomains: 1 } },
    { case: "a lock the registrar turned off updates it", existing: [synced()], row: listed({ isLocked: false }), counts: { newDomains: 0, updatedDomains: 1 } },
    { case: "a typed entry taken over by the account updates it", existing: [typed()], row: listed({ expirationDate: "2026-12-31" }), counts: { newDomains: 0, updatedDomains: 1 } },
    { case: "an entry of another account of the same registrar moves to this one: updated", existing: [synced({ registrarAccountId: 4 })], row: listed(), counts: { newDomains: 0, updatedDomains: 1 } },
    { case: "a departed entry the account lists again has its mark cleared: updated", existing: [synced({ departedAt: EARLIER })], row: listed(), counts: { newDomains: 0, updatedDomains: 1 } },
    { case: "a registrar silent on every detail changes nothing it already knows", existing: [synced()], row: listed({ registrationDate: null, expirationDate: null, autoRenew: null, isLocked: null, privacyEnabled: null }), counts: { newDomains: 0, updatedDomains: 0 } },
  ])("$case", ({ existing, row, counts }) => {
    const merge = mergeSyncedDomains(TARGET, [row], existing, NOW);
    expect({ newDomains: merge.newDomains, updatedDomains: merge.updatedDomains }).toEqual(counts);
    expect(merge.rows).toHaveLength(1);
  });

  it.each([
    { case: "the registrar's values win where it gives them", existing: typed(), row: listed(), expected: { registrationDate: "2020-01-01", expirationDate: "2027-01-01", autoRenew: true, isLocked: true, privacyEnabled: false } },
    { case: "where it is silent, the portfolio's values are kept", existing: synced({ expirationDate: "2029-05-05", privacyEnabled: true }), row: listed({ expirationDate: null, privacyEnabled: null }), expected: { registrationDate: "2020-01-01", expirationDate: "2029-05-05", autoRenew: true, isLocked: true, privacyEnabled: true } },
    { case: "a false from the registrar is an answer, not silence", existing: synced({ autoRenew: true, isLocked: true }), row: listed({ autoRenew: false, isLocked: false }), expected: { registrationDate: "2020-01-01", expirationDate: "2027-01-01", autoRenew: false, isLocked: false, privacyEnabled: false } },
    { case: "a new name with nothing said: auto-renew unknown like the rest", existing: undefined, row: listed({ registrationDate: null, expirationDate: null, autoRenew: null, isLocked: null, privacyEnabled: null }), expected: { registrationDate: null, expirationDate: null, autoRenew: null, isLocked: null, privacyEnabled: null } },
    { case: "an unknown auto-renew in the portfolio takes the registrar's answer", existing: typed({ autoRenew: null }), row: listed({ autoRenew: true }), expected: { registrationDate: "2020-01-01", expirationDate: "2027-01-01", autoRenew: true, isLocked: true, privacyEnabled: false } },
  ])("$case", ({ existing, row, expected }) => {
    const [merged] = mergeSyncedDomains(TARGET, [row], existing ? [existing] : [], NOW).rows;
    expect(merged).toEqual({
      userId: 9, domainName: "example.com", tldId: 1, serviceProviderId: 5, registrarAccountId: 3,
      source: "sync", departedAt: null, updatedAt: NOW, ...expected,
    });
  });

  it("links every listed name to the account and its registrar, and leaves portfolio names the registrar did not list alone", () => {
    const merge = mergeSyncedDomains(TARGET, [listed({ domainName: "a.com" }), listed({ domainName: "b.net", tldId: 2 })],
      [typed({ domainName: "a.com" }), typed({ domainName: "kept.org" })], NOW);
    expect(merge.rows.map((r) => [r.domainName, r.registrarAccountId, r.serviceProviderId])).toEqual([["a.com", 3, 5], ["b.net", 3, 5]]);
    expect({ newDomains: merge.newDomains, updatedDomains: merge.updatedDomains }).toEqual({ newDomains: 1, updatedDomains: 1 });
  });

  it.each([
    { case: "an entry of this account it no longer lists departs now", existing: [synced({ domainName: "gone.com" })], departed: ["gone.com"], newlyDeparted: ["gone.com"] },
    { case: "one departed at an earlier sync is counted but keeps its first date", existing: [synced({ domainName: "gone.com", departedAt: EARLIER })], departed: ["gone.com"], newlyDeparted: [] },
    { case: "a hand-added entry linked to this account departs too", existing: [typed({ domainName: "gone.com", registrarAccountId: 3 })], departed: ["gone.com"], newlyDeparted: ["gone.com"] },
    { case: "an entry not linked to any account never departs", existing: [typed({ domainName: "kept.org" })], departed: [], newlyDeparted: [] },
    { case: "an entry of another account is that account's to judge", existing: [synced({ domainName: "other.com", registrarAccountId: 4 })], departed: [], newlyDeparted: [] },
    { case: "a name the registrar listed but the sync could not store is still in the account", existing: [synced({ domainName: "odd.example" })], unstored: ["odd.example"], departed: [], newlyDeparted: [] },
    { case: "a listed name is never departed", existing: [synced({ departedAt: EARLIER })], departed: [], newlyDeparted: [] },
  ])("$case", ({ existing, unstored, departed, newlyDeparted }) => {
    const merge = mergeSyncedDomains(TARGET, [listed()], existing, NOW, unstored);
    expect({ departed: merge.departed, newlyDeparted: merge.newlyDeparted }).toEqual({ departed, newlyDeparted });
  });

  it("an account that lists nothing any more has every entry linked to it departed", () => {
    const merge = mergeSyncedDomains(TARGET, [], [synced({ domainName: "a.com" }), synced({ domainName: "b.net", departedAt: EARLIER }), typed({ domainName: "c.org" })], NOW);
    expect(merge).toEqual({ rows: [], newDomains: 0, updatedDomains: 0, departed: ["a.com", "b.net"], newlyDeparted: ["a.com"] });
  });
});
