/**
 * The price engine's apply rules, as a pure function: given what a provider has stored and the
 * list a source just answered, what to write. The repository (price-apply-repository.ts) reads
 * the stored quotes and carries the plan out in one transaction.
 *
 * - A list observed before a stored quote was last checked (an older bundled file arriving
 *   after a live fetch) never overrules that quote: it is kept as it is, and not retired.
 * - Same prices (all of STORED_PRICE_FIELDS, currency included) confirm the quote: its
 *   lastCheckedAt, snapshotDate and updatedAt move, its changedAt stays. Different prices change it: the old values go to the history with
 *   the days they were valid, and changedAt becomes the list's date.
 * - Inserted, changed and retired quotes touch their TLD: its price row and summary are
 *   rewritten. A confirmation of a quote that is fresh (within `staleDays` of `now`) before and
 *   after cannot change which quote gives a minimum, so its row is only patched (the dates the
 *   quote carries there); one that was stale, or stays stale, can, so it touches the TLD too.
 * - A stored quote the list no longer names is retired (history "retired", row deleted). A
 *   quote with no price at all counts as not named; a TLD named twice takes its last quote.
 * - The largest relative move of one price among changed quotes in the same currency feeds
 *   the price-change alert, rounded to one decimal.
 * - Each inserted or changed quote whose renewal price is new (another amount, or another
 *   currency) is reported with the renewal it replaced, for the renewal price alerts; a retired
 *   quote or one that lost its renewal price is not.
 */
import type {
  ApplyResult, DomainPriceUpsert, PriceApplyPlan, PriceHistoryRow, ResolvedQuote, StoredProviderQuote,
} from "../../../../db/repositories/price-apply-repository.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import { sameStoredPrices, type StoredPrices } from "../../../shared/price-quote.ts";

export interface PriceApplyInput {
  providerId: number;
  /** When the source observed the list. */
  observedAt: Date;
  quotes: ResolvedQuote[];
  /** When the rows are written (their updatedAt). */
  now: Date;
  /** PRICE_STALE_DAYS: whether a confirmation can change the TLD's row. */
  staleDays: number;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const hasAnyPrice = (q: StoredPrices) => q.registrationPrice !== null || q.renewalPrice !== null || q.transferPrice !== null;

/** The largest relative move, in percent, of a price both quotes give; 0 across currencies. */
export function percentMove(before: StoredPrices, after: StoredPrices): number {
  if (before.currency !== after.currency) return 0;
  let largest = 0;
  for (const f of ["registrationPrice", "renewalPrice", "transferPrice"] as const) {
    const old = before[f];
    const now = after[f];
    if (old && now !== null) largest = Math.max(largest, (Math.abs(now - old) / old) * 100);
  }
  return largest;
}

export function planPriceApply(stored: StoredProviderQuote[], input: PriceApplyInput): PriceApplyPlan {
  const { providerId, observedAt, now, staleDays } = input;
  const day = isoDay(observedAt);
  const byTld = new Map(stored.map((r) => [r.tldId, r]));
  const incoming = new Map<number, ResolvedQuote>();
  for (const q of input.quotes) if (hasAnyPrice(q)) incoming.set(q.tldId, q);

  const plan: PriceApplyPlan = { upserts: [], confirmations: [], history: [], retiredIds: [], result: emptyResult() };
  const { result } = plan;
  const touched = new Set<number>();
  for (const q of incoming.values()) {
    const prev = byTld.get(q.tldId);
    const row = (changedAt: Date): DomainPriceUpsert => ({
      tldId: q.tldId, serviceProviderId: providerId,
      registrationPrice: q.registrationPrice, renewalPrice: q.renewalPrice, transferPrice: q.transferPrice,
      currency: q.currency, isPromo: q.isPromo, regularRegistrationPrice: q.regularRegistrationPrice,
      transferIsPromo: q.transferIsPromo,
      snapshotDate: day, lastCheckedAt: observedAt, changedAt, updatedAt: now,
    });
    if (!prev) {
      plan.upserts.push(row(observedAt));
      result.inserted++;
      touched.add(q.tldId);
      if (q.renewalPrice !== null) result.renewalChanges.push({ tldId: q.tldId, tldName: q.tldName, from: null, to: q.renewalPrice, currency: q.currency });
    } else if (prev.lastCheckedAt > observedAt) {
      result.newerKept++;
    } else if (sameStoredPrices(prev, q)) {
      plan.confirmations.push({ ...row(prev.changedAt), id: prev.id });
      result.unchanged++;
      if (isStaleAt(prev.lastCheckedAt, now, staleDays) || isStaleAt(observedAt, now, staleDays)) touched.add(q.tldId);
    } else {
      plan.history.push(historyRow(prev, providerId, day, "changed"));
      plan.upserts.push(row(observedAt));
      result.changed++;
      touched.add(q.tldId);
      const percent = percentMove(prev, q);
      if (percent > (result.largestChange?.percent ?? 0)) result.largestChange = { tld: q.tldName, percent: Math.round(percent * 10) / 10 };
      if (q.renewalPrice !== null && (q.renewalPrice !== prev.renewalPrice || q.currency !== prev.currency)) {
        const from = prev.currency === q.currency ? prev.renewalPrice : null;
        result.renewalChanges.push({ tldId: q.tldId, tldName: q.tldName, from, to: q.renewalPrice, currency: q.currency });
      }
    }
  }
  for (const prev of stored) {
    if (incoming.has(prev.tldId) || prev.lastCheckedAt > observedAt) continue;
    plan.history.push(historyRow(prev, providerId, day, "retired"));
    plan.retiredIds.push(prev.id);
    touched.add(prev.tldId);
  }
  result.retired = plan.retiredIds.length;
  result.touchedTldIds = [...touched];
  return plan;
}

const emptyResult = (): ApplyResult => ({
  inserted: 0, changed: 0, unchanged: 0, retired: 0, newerKept: 0, touchedTldIds: [], largestChange: null, renewalChanges: [],
});

function historyRow(prev: StoredProviderQuote, providerId: number, until: string, endReason: PriceHistoryRow["endReason"]): PriceHistoryRow {
  return {
    tldId: prev.tldId, serviceProviderId: providerId,
    registrationPrice: prev.registrationPrice, renewalPrice: prev.renewalPrice, transferPrice: prev.transferPrice,
    currency: prev.currency, isPromo: prev.isPromo, transferIsPromo: prev.transferIsPromo,
    validFrom: isoDay(prev.changedAt), validUntil: until, endReason,
  };
}
