import { describe, expect, it } from "vitest";
import type { ResolvedQuote, StoredProviderQuote } from "../../../../db/repositories/price-apply-repository.ts";
import { percentMove, planPriceApply } from "./price-apply-plan.ts";

const PROVIDER = 7;
const NOW = new Date("2026-03-10T12:00:00Z");
const OBSERVED = new Date("2026-03-10T06:00:00Z");
const EARLIER = new Date("2026-02-01T06:00:00Z");
const LATER = new Date("2026-03-11T06:00:00Z");

const prices = { registrationPrice: 1000, renewalPrice: 1200, transferPrice: 900, currency: "USD", isPromo: false, regularRegistrationPrice: null, transferIsPromo: false };
const stored = (tldId: number, over: Partial<StoredProviderQuote> = {}): StoredProviderQuote =>
  ({ id: 100 + tldId, tldId, ...prices, lastCheckedAt: EARLIER, changedAt: new Date("2026-01-15T00:00:00Z"), ...over });
const quote = (tldId: number, over: Partial<ResolvedQuote> = {}): ResolvedQuote =>
  ({ tldId, tldName: `t${tldId}`, ...prices, ...over });
const plan = (s: StoredProviderQuote[], q: ResolvedQuote[], observedAt = OBSERVED) =>
  planPriceApply(s, { providerId: PROVIDER, observedAt, quotes: q, now: NOW, staleDays: 90 });

describe("planPriceApply: what each quote counts as", () => {
  it.each([
    { case: "a TLD not stored yet is inserted", s: [], q: [quote(1)], counts: { inserted: 1, changed: 0, unchanged: 0, retired: 0, newerKept: 0 }, touched: [1] },
    { case: "the same prices confirm the quote", s: [stored(1)], q: [quote(1)], counts: { inserted: 0, changed: 0, unchanged: 1, retired: 0, newerKept: 0 }, touched: [] },
    { case: "a different renewal price changes it", s: [stored(1)], q: [quote(1, { renewalPrice: 1300 })], counts: { inserted: 0, changed: 1, unchanged: 0, retired: 0, newerKept: 0 }, touched: [1] },
    { case: "a promo flag alone changes it", s: [stored(1)], q: [quote(1, { isPromo: true })], counts: { inserted: 0, changed: 1, unchanged: 0, retired: 0, newerKept: 0 }, touched: [1] },
    { case: "another currency with the same numbers changes it", s: [stored(1)], q: [quote(1, { currency: "EUR" })], counts: { inserted: 0, changed: 1, unchanged: 0, retired: 0, newerKept: 0 }, touched: [1] },
    { case: "a stored TLD the list no longer names is retired", s: [stored(1), stored(2)], q: [quote(1)], counts: { inserted: 0, changed: 0, unchanged: 1, retired: 1, newerKept: 0 }, touched: [2] },
    { case: "a quote whose prices all became empty counts as not named: retired", s: [stored(1)], q: [quote(1, { registrationPrice: null, renewalPrice: null, transferPrice: null })], counts: { inserted: 0, changed: 0, unchanged: 0, retired: 1, newerKept: 0 }, touched: [1] },
    { case: "a quote with no price is not inserted", s: [], q: [quote(1, { registrationPrice: null, renewalPrice: null, transferPrice: null })], counts: { inserted: 0, changed: 0, unchanged: 0, retired: 0, newerKept: 0 }, touched: [] },
    { case: "an older list leaves a newer stored quote as it is", s: [stored(1, { lastCheckedAt: LATER })], q: [quote(1, { renewalPrice: 5000 })], counts: { inserted: 0, changed: 0, unchanged: 0, retired: 0, newerKept: 1 }, touched: [] },
    { case: "an older list does not retire a newer stored quote it lacks", s: [stored(1, { lastCheckedAt: LATER }), stored(2)], q: [quote(2)], counts: { inserted: 0, changed: 0, unchanged: 1, retired: 0, newerKept: 0 }, touched: [] },
    { case: "a list observed at the very instant of the last check still applies", s: [stored(1, { lastCheckedAt: OBSERVED })], q: [quote(1, { renewalPrice: 1300 })], counts: { inserted: 0, changed: 1, unchanged: 0, retired: 0, newerKept: 0 }, touched: [1] },
  ])("$case", ({ s, q, counts, touched }) => {
    const { result } = plan(s, q);
    expect({ inserted: result.inserted, changed: result.changed, unchanged: result.unchanged, retired: result.retired, newerKept: result.newerKept }).toEqual(counts);
    expect(result.touchedTldIds.sort()).toEqual(touched);
  });
});

describe("planPriceApply: the rows it writes", () => {
  it("inserts a new quote dated by the list, changed and checked at the observation", () => {
    const p = plan([], [quote(1)]);
    expect(p.upserts).toEqual([{ tldId: 1, serviceProviderId: PROVIDER, ...prices, snapshotDate: "2026-03-10", lastCheckedAt: OBSERVED, changedAt: OBSERVED, updatedAt: NOW }]);
    expect(p.confirmations).toEqual([]);
    expect(p.history).toEqual([]);
    expect(p.retiredIds).toEqual([]);
  });

  it("confirms an unchanged quote: its changedAt stays, lastCheckedAt moves, no history", () => {
    const s = stored(1);
    const p = plan([s], [quote(1)]);
    expect(p.upserts).toEqual([]);
    expect(p.confirmations).toEqual([expect.objectContaining({ tldId: 1, lastCheckedAt: OBSERVED, changedAt: s.changedAt, snapshotDate: "2026-03-10" })]);
    expect(p.history).toEqual([]);
  });

  it.each([
    { case: "fresh before and after: the row is only patched", s: stored(1), observedAt: OBSERVED, touched: [] },
    { case: "stale before (over 90 days): the row is rewritten", s: stored(1, { lastCheckedAt: new Date("2025-11-01T00:00:00Z") }), observedAt: OBSERVED, touched: [1] },
    { case: "stale still (an old list): the row is rewritten", s: stored(1, { lastCheckedAt: new Date("2025-10-01T00:00:00Z") }), observedAt: new Date("2025-11-01T00:00:00Z"), touched: [1] },
  ])("a confirmation touches its TLD when it can move a minimum: $case", ({ s, observedAt, touched }) => {
    const p = plan([s], [quote(1)], observedAt);
    expect(p.confirmations).toEqual([expect.objectContaining({ id: s.id, tldId: 1, lastCheckedAt: observedAt })]);
    expect(p.result.touchedTldIds).toEqual(touched);
  });

  it("moves a changed quote's old values to the history, valid from its changedAt until the list's day", () => {
    const p = plan([stored(1)], [quote(1, { registrationPrice: 800, currency: "USD" })]);
    expect(p.upserts).toEqual([expect.objectContaining({ tldId: 1, registrationPrice: 800, changedAt: OBSERVED, lastCheckedAt: OBSERVED })]);
    expect(p.history).toEqual([{
      tldId: 1, serviceProviderId: PROVIDER, registrationPrice: 1000, renewalPrice: 1200, transferPrice: 900, currency: "USD",
      isPromo: false, transferIsPromo: false, validFrom: "2026-01-15", validUntil: "2026-03-10", endReason: "changed",
    }]);
  });

  it("retires by id and records the retired values", () => {
    const p = plan([stored(1), stored(2)], [quote(1)]);
    expect(p.retiredIds).toEqual([102]);
    expect(p.history).toEqual([expect.objectContaining({ tldId: 2, endReason: "retired", validFrom: "2026-01-15", validUntil: "2026-03-10" })]);
  });

  it("writes nothing for an older list over newer quotes", () => {
    const p = plan([stored(1, { lastCheckedAt: LATER }), stored(2, { lastCheckedAt: LATER })], [quote(1, { renewalPrice: 1 })]);
    expect([p.upserts, p.confirmations, p.history, p.retiredIds]).toEqual([[], [], [], []]);
  });

  it.each([
    { case: "the last of two quotes for one TLD wins, written once", q: [quote(1, { renewalPrice: 1300 }), quote(1, { renewalPrice: 1500 })], renewal: 1500, counts: { inserted: 0, changed: 1, unchanged: 0 } },
    { case: "a duplicate that repeats the stored prices last confirms instead", q: [quote(1, { renewalPrice: 1300 }), quote(1)], renewal: 1200, counts: { inserted: 0, changed: 0, unchanged: 1 } },
  ])("duplicate names in one list: $case", ({ q, renewal, counts }) => {
    const p = plan([stored(1)], q);
    const written = [...p.upserts, ...p.confirmations];
    expect(written).toHaveLength(1);
    expect(written[0]!.renewalPrice).toBe(renewal);
    expect({ inserted: p.result.inserted, changed: p.result.changed, unchanged: p.result.unchanged }).toEqual(counts);
    expect(p.history.length).toBe(counts.changed);
  });

  it("a duplicate of a new TLD is inserted once", () => {
    const p = plan([], [quote(1), quote(1, { transferPrice: 700 })]);
    expect(p.upserts).toHaveLength(1);
    expect(p.upserts[0]!.transferPrice).toBe(700);
    expect(p.result.inserted).toBe(1);
  });
});

describe("planPriceApply: the largest move for the price-change alert", () => {
  it.each([
    { case: "no change, no move", s: [stored(1)], q: [quote(1)], expected: null },
    { case: "registration 10.00 → 12.50 is 25%", s: [stored(1)], q: [quote(1, { registrationPrice: 1250 })], expected: { tld: "t1", percent: 25 } },
    { case: "a drop counts as a move: renewal 12.00 → 9.00 is 25%", s: [stored(1)], q: [quote(1, { renewalPrice: 900 })], expected: { tld: "t1", percent: 25 } },
    { case: "the largest of the three prices, rounded to one decimal", s: [stored(1)], q: [quote(1, { registrationPrice: 1010, transferPrice: 1000 })], expected: { tld: "t1", percent: 11.1 } },
    { case: "the largest across TLDs", s: [stored(1), stored(2)], q: [quote(1, { registrationPrice: 1100 }), quote(2, { registrationPrice: 1500 })], expected: { tld: "t2", percent: 50 } },
    { case: "a currency change is not a move", s: [stored(1)], q: [quote(1, { currency: "EUR", registrationPrice: 5000 })], expected: null },
    { case: "a price that became empty is not a move", s: [stored(1)], q: [quote(1, { registrationPrice: null })], expected: null },
    { case: "a price that was empty is not a move", s: [stored(1, { transferPrice: null })], q: [quote(1, { transferPrice: 5000 })], expected: null },
    { case: "inserts are not moves", s: [], q: [quote(1)], expected: null },
    { case: "an older list's prices are not moves", s: [stored(1, { lastCheckedAt: LATER })], q: [quote(1, { registrationPrice: 9000 })], expected: null },
  ])("$case", ({ s, q, expected }) => {
    expect(plan(s, q).result.largestChange).toEqual(expected);
  });

  it("percentMove is 0 between currencies and relative to the old price", () => {
    expect(percentMove(prices, { ...prices, currency: "EUR", registrationPrice: 2000 })).toBe(0);
    expect(percentMove(prices, { ...prices, registrationPrice: 2000 })).toBe(100);
  });
});

describe("planPriceApply: the renewal prices it reports for renewal alerts", () => {
  it.each([
    { case: "a renewal raised in the same currency", s: [stored(1)], q: [quote(1, { renewalPrice: 1500 })], expected: [{ tldId: 1, tldName: "t1", from: 1200, to: 1500, currency: "USD" }] },
    { case: "a renewal lowered", s: [stored(1)], q: [quote(1, { renewalPrice: 900 })], expected: [{ tldId: 1, tldName: "t1", from: 1200, to: 900, currency: "USD" }] },
    { case: "a new quote with a renewal price, from nothing", s: [], q: [quote(1)], expected: [{ tldId: 1, tldName: "t1", from: null, to: 1200, currency: "USD" }] },
    { case: "another currency: nothing comparable to compare from", s: [stored(1)], q: [quote(1, { currency: "EUR" })], expected: [{ tldId: 1, tldName: "t1", from: null, to: 1200, currency: "EUR" }] },
    { case: "a renewal that was empty", s: [stored(1, { renewalPrice: null })], q: [quote(1)], expected: [{ tldId: 1, tldName: "t1", from: null, to: 1200, currency: "USD" }] },
    { case: "only the registration changed: none", s: [stored(1)], q: [quote(1, { registrationPrice: 1500 })], expected: [] },
    { case: "a confirmation: none", s: [stored(1)], q: [quote(1)], expected: [] },
    { case: "a renewal that became empty: none", s: [stored(1)], q: [quote(1, { renewalPrice: null })], expected: [] },
    { case: "a retired quote: none", s: [stored(1), stored(2)], q: [quote(1)], expected: [] },
    { case: "an older list over a newer quote: none", s: [stored(1, { lastCheckedAt: LATER })], q: [quote(1, { renewalPrice: 5000 })], expected: [] },
  ])("$case", ({ s, q, expected }) => {
    expect(plan(s, q).result.renewalChanges).toEqual(expected);
  });
});
