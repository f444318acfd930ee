/**
 * Carries out one provider's price-list plan in one short transaction: reads the provider's
 * stored quotes, hands them to the planner (a pure function: the rules live in the price
 * engine, src/server/features/price-engine/price-apply-plan.ts), then writes the plan with
 * set-based statements: an upsert per chunk of new and changed quotes on the (provider, TLD)
 * unique index, one date-only UPDATE per 5,000 confirmed quotes, chunked history inserts,
 * one delete per chunk of retired quotes, then the touched TLDs' rows and summaries rewritten
 * and the other confirmed TLDs' rows patched with their new dates.
 * The read and the writes share the transaction, so the plan is made from what it overwrites.
 */
import { eq, inArray, max, sql, type SQL } from "drizzle-orm";
import type { StoredPrices } from "../../src/shared/price-quote.ts";
import { STORED_PRICE_FIELDS } from "../../src/shared/price-quote.ts";
import { exec, type Db, type Executor, type Tables, type TxBody } from "../client.ts";
import { insertChunked } from "./insert-chunked.ts";
import { replaceProviderReferences, type ReferenceList } from "./price-check-repository.ts";
import { patchConfirmedRows, refreshTldPriceSummaries, type RowWriteOptions } from "./price-summary-repository.ts";

/** A quote already matched to a catalogue TLD, money in minor units. */
export interface ResolvedQuote extends StoredPrices {
  tldId: number;
  tldName: string;
}

/** One of the provider's stored quotes, as the planner sees it. */
export interface StoredProviderQuote extends StoredPrices {
  id: number;
  tldId: number;
  lastCheckedAt: Date;
  changedAt: Date;
}

/** A domain_prices row to insert, or to overwrite on its (provider, TLD) key. */
export interface DomainPriceUpsert extends StoredPrices {
  tldId: number;
  serviceProviderId: number;
  snapshotDate: string;
  lastCheckedAt: Date;
  changedAt: Date;
  updatedAt: Date;
}

/** A domain_price_history row: the values a quote had from validFrom until validUntil. */
export interface PriceHistoryRow extends Omit<StoredPrices, "regularRegistrationPrice"> {
  tldId: number;
  serviceProviderId: number;
  validFrom: string;
  validUntil: string;
  endReason: "changed" | "retired";
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
  /** The renewal prices this list set anew (inserted or changed quotes), for renewal price alerts. */
  renewalChanges: RenewalChange[];
}

/**
 * One TLD whose renewal price at the provider is now `to` (minor units of `currency`). `from` is
 * the renewal price it replaced in the same currency; null when the TLD had no renewal price
 * there, or had one in another currency.
 */
export interface RenewalChange {
  tldId: number;
  tldName: string;
  from: number | null;
  to: number;
  currency: string;
}

/** What applying a list writes: each part is carried out as it stands. */
export interface PriceApplyPlan {
  /** New and changed quotes (their values and dates). */
  upserts: DomainPriceUpsert[];
  /** Unchanged quotes (their stored id): only lastCheckedAt, snapshotDate and updatedAt move. */
  confirmations: (DomainPriceUpsert & { id: number })[];
  history: PriceHistoryRow[];
  /** domain_prices ids the list no longer names. */
  retiredIds: number[];
  result: ApplyResult;
}

const CHUNK = 400;
/**
 * Id lists bind one parameter each, far below SQLite's 32,766 and PostgreSQL's 65,535: a whole
 * list's confirmations go in one statement, since on PostgreSQL each statement is a round trip
 * that lets the process's other requests in between.
 */
const IDS_PER_STATEMENT = 5000;
const UPSERT_FIELDS = [...STORED_PRICE_FIELDS, "snapshotDate", "lastCheckedAt", "changedAt", "updatedAt"] as const;

/**
 * Reads the provider's stored quotes, plans from them and writes the plan, all in one
 * transaction. `references`: another source's list for the provider (its bundled list, when a
 * live list is applied), stored for the price checks; the TLDs whose reference changed are
 * rewritten too.
 */
export async function applyProviderPrices(
  handle: Db, providerId: number, plan: (stored: StoredProviderQuote[]) => PriceApplyPlan, rows: Required<RowWriteOptions>, references?: ReferenceList,
): Promise<ApplyResult> {
  const { t } = handle;
  const dp = t.domainPrices;
  return handle.transaction(function* (db) {
    // Lists applied at once (the fetch queue runs several) rewrite the same TLDs' rows and
    // summaries and mark other providers' quotes of those TLDs: on PostgreSQL they take turns,
    // whole transaction by whole transaction, so two never deadlock over those rows; SQLite's
    // write transactions already run one at a time.
    if (handle.dialect === "postgres") {
      yield* exec((db as unknown as { execute(q: SQL): Promise<unknown> }).execute(sql`select pg_advisory_xact_lock(hashtextextended('price-apply', 0))`));
    }
    const stored = yield* exec(db
      .select({
        id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
        transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo, transferIsPromo: dp.transferIsPromo,
        regularRegistrationPrice: dp.regularRegistrationPrice, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
      })
      .from(dp)
      .where(eq(dp.serviceProviderId, providerId)));
    const { upserts, confirmations, history, retiredIds, result } = plan(stored);
    yield* upsertChunked(db, t, upserts);
    yield* confirmChunked(db, t, confirmations);
    yield* insertChunked(db, t.domainPriceHistory, history);
    for (let i = 0; i < retiredIds.length; i += CHUNK) {
      yield* exec(db.delete(dp).where(inArray(dp.id, retiredIds.slice(i, i + CHUNK))));
    }
    const referenced = references ? yield* replaceProviderReferences(db, t, providerId, references) : [];
    const touched = new Set([...result.touchedTldIds, ...referenced]);
    if (touched.size) yield* refreshTldPriceSummaries(db, t, [...touched], rows);
    // Rows carry active providers' quotes only; the TLDs rewritten above need no patch.
    const toPatch = confirmations.filter((c) => !touched.has(c.tldId));
    if (toPatch.length) {
      const [provider] = yield* exec(db.select({ isActive: t.serviceProviders.isActive }).from(t.serviceProviders).where(eq(t.serviceProviders.id, providerId)));
      if (provider?.isActive) yield* patchConfirmedRows(db, t, toPatch, { now: rows.now, versionBumped: touched.size > 0 });
    }
    return result;
  });
}

function* upsertChunked(db: Executor, t: Tables, rows: DomainPriceUpsert[]): TxBody<void> {
  const dp = t.domainPrices;
  // Both dialects name the proposed row "excluded" in ON CONFLICT DO UPDATE.
  const set = Object.fromEntries(UPSERT_FIELDS.map((f) => [f, sql.raw(`excluded."${dp[f].name}"`)]));
  for (let i = 0; i < rows.length; i += CHUNK) {
    yield* exec(db.insert(dp).values(rows.slice(i, i + CHUNK)).onConflictDoUpdate({ target: [dp.serviceProviderId, dp.tldId], set }));
  }
}

/**
 * Confirmations keep every price, so one UPDATE per chunk of ids moves their dates, instead of
 * an upsert carrying every column of every row (most of a daily list is confirmations).
 */
function* confirmChunked(db: Executor, t: Tables, rows: PriceApplyPlan["confirmations"]): TxBody<void> {
  const dp = t.domainPrices;
  const groups = new Map<string, { set: Pick<DomainPriceUpsert, "lastCheckedAt" | "snapshotDate" | "updatedAt">; ids: number[] }>();
  for (const { id, lastCheckedAt, snapshotDate, updatedAt } of rows) {
    const key = `${lastCheckedAt.getTime()} ${snapshotDate} ${updatedAt.getTime()}`;
    const group = groups.get(key) ?? groups.set(key, { set: { lastCheckedAt, snapshotDate, updatedAt }, ids: [] }).get(key)!;
    group.ids.push(id);
  }
  for (const { set, ids } of groups.values()) {
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) yield* exec(db.update(dp).set(set).where(inArray(dp.id, ids.slice(i, i + IDS_PER_STATEMENT))));
  }
}

/** When each provider's quotes were last confirmed by a source (newest quote), for the staleness alert. */
export async function latestCheckByProvider({ orm: db, t }: Db): Promise<{ providerId: number; lastCheckedAt: Date | null }[]> {
  const dp = t.domainPrices;
  const rows = await db
    .select({ providerId: dp.serviceProviderId, lastCheckedAt: max(dp.lastCheckedAt) })
    .from(dp)
    .groupBy(dp.serviceProviderId);
  return rows;
}
