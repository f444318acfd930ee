/**
 * Writes one provider's fetched price list in one short transaction, with set-based
 * statements: an upsert per chunk on the (provider, TLD) unique index, chunked history
 * inserts, one delete per chunk of retired quotes, then the touched TLDs' summaries.
 */
import { eq, inArray, max, sql } from "drizzle-orm";
import { sameStoredPrices, STORED_PRICE_FIELDS, type StoredPrices } from "../../src/shared/price-quote.ts";
import { exec, type Db, type Executor, type Tables, type TxBody } from "../client.ts";
import { insertChunked } from "../seed/chunked.ts";
import { refreshTldPriceSummaries } from "./price-summary-repository.ts";

/** A quote already matched to a catalogue TLD, money in minor units. */
export interface ResolvedQuote extends StoredPrices {
  tldId: number;
  tldName: string;
}

export interface ApplyResult {
  inserted: number;
  changed: number;
  unchanged: number;
  retired: number;
  /** Stored quotes checked more recently than this list was observed, left as they are. */
  newerKept: number;
  touchedTldIds: number[];
  /** The largest relative move of one price in this list, for the price-change alert. */
  largestChange: { tld: string; percent: number } | null;
}

const CHUNK = 400;
const UPSERT_FIELDS = [...STORED_PRICE_FIELDS, "snapshotDate", "lastCheckedAt", "changedAt", "updatedAt"] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function percentMove(before: ResolvedQuote, after: ResolvedQuote): number {
  if (before.currency !== after.currency) return 0;
  let largest = 0;
  for (const f of ["registrationPrice", "renewalPrice", "transferPrice"] as const) {
    const old = before[f];
    const now = after[f];
    if (old && now !== null) largest = Math.max(largest, (Math.abs(now - old) / old) * 100);
  }
  return largest;
}

export async function applyProviderPrices(
  handle: Db,
  input: { providerId: number; observedAt: Date; quotes: ResolvedQuote[] },
): Promise<ApplyResult> {
  const { t } = handle;
  const { providerId, observedAt } = input;
  const dp = t.domainPrices;
  const day = isoDay(observedAt);
  return handle.transaction(function* (db) {
    const stored = yield* exec(db
      .select({
        id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
        transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo, transferIsPromo: dp.transferIsPromo,
        regularRegistrationPrice: dp.regularRegistrationPrice, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
      })
      .from(dp)
      .where(eq(dp.serviceProviderId, providerId)));
    const byTld = new Map(stored.map((r) => [r.tldId, r]));
    const listed = new Set<number>();
    const upserts: (typeof dp.$inferInsert)[] = [];
    const history: (typeof t.domainPriceHistory.$inferInsert)[] = [];
    const retiredIds: number[] = [];
    const touched = new Set<number>();
    const result: ApplyResult = { inserted: 0, changed: 0, unchanged: 0, retired: 0, newerKept: 0, touchedTldIds: [], largestChange: null };
    const now = new Date();

    for (const q of input.quotes) {
      listed.add(q.tldId);
      const { tldName, ...values } = q;
      const prev = byTld.get(q.tldId);
      const row = { ...values, serviceProviderId: providerId, snapshotDate: day, updatedAt: now };
      if (!prev) {
        upserts.push({ ...row, lastCheckedAt: observedAt, changedAt: observedAt });
        result.inserted++;
        touched.add(q.tldId);
      } else if (prev.lastCheckedAt > observedAt) {
        // An older list (a bundled file) never overrules a newer observation.
        result.newerKept++;
      } else if (sameStoredPrices(prev, values)) {
        upserts.push({ ...row, lastCheckedAt: observedAt, changedAt: prev.changedAt });
        result.unchanged++;
      } else {
        history.push(historyRow(prev, providerId, day, "changed"));
        upserts.push({ ...row, lastCheckedAt: observedAt, changedAt: observedAt });
        result.changed++;
        touched.add(q.tldId);
        const percent = percentMove({ ...prev, tldName }, q);
        if (percent > (result.largestChange?.percent ?? 0)) result.largestChange = { tld: tldName, percent: Math.round(percent * 10) / 10 };
      }
    }
    for (const prev of stored) {
      if (listed.has(prev.tldId) || prev.lastCheckedAt > observedAt) continue;
      history.push(historyRow(prev, providerId, day, "retired"));
      retiredIds.push(prev.id);
      touched.add(prev.tldId);
    }
    result.retired = retiredIds.length;

    yield* upsertChunked(db, t, upserts);
    yield* insertChunked(db, t.domainPriceHistory, history);
    for (let i = 0; i < retiredIds.length; i += CHUNK) {
      yield* exec(db.delete(dp).where(inArray(dp.id, retiredIds.slice(i, i + CHUNK))));
    }
    result.touchedTldIds = [...touched];
    if (touched.size) yield* refreshTldPriceSummaries(db, t, result.touchedTldIds);
    return result;
  });
}

type StoredQuote = Omit<ResolvedQuote, "tldName"> & { changedAt: Date };

function historyRow(prev: StoredQuote, providerId: number, until: string, endReason: "changed" | "retired") {
  return {
    tldId: prev.tldId, serviceProviderId: providerId,
    registrationPrice: prev.registrationPrice, renewalPrice: prev.renewalPrice, transferPrice: prev.transferPrice,
    currency: prev.currency, isPromo: prev.isPromo, transferIsPromo: prev.transferIsPromo,
    validFrom: isoDay(prev.changedAt), validUntil: until, endReason,
  };
}

function* upsertChunked(db: Executor, t: Tables, rows: (Tables["domainPrices"]["$inferInsert"])[]): TxBody<void> {
  const dp = t.domainPrices;
  // Both dialects name the proposed row "excluded" in ON CONFLICT DO UPDATE.
  const set = Object.fromEntries(UPSERT_FIELDS.map((f) => [f, sql.raw(`excluded."${dp[f].name}"`)]));
  for (let i = 0; i < rows.length; i += CHUNK) {
    yield* exec(db.insert(dp).values(rows.slice(i, i + CHUNK)).onConflictDoUpdate({ target: [dp.serviceProviderId, dp.tldId], set }));
  }
}

/** When each provider's quotes were last confirmed by a source (newest quote), for the staleness alert. */
export async function latestCheckByProvider({ db, t }: Db): Promise<{ providerId: number; lastCheckedAt: Date | null }[]> {
  const dp = t.domainPrices;
  const rows = await db
    .select({ providerId: dp.serviceProviderId, lastCheckedAt: max(dp.lastCheckedAt) })
    .from(dp)
    .groupBy(dp.serviceProviderId);
  return rows;
}
