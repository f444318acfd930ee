/**
 * What the price checks (src/shared/price-checks.ts, decision 059) keep besides the marks on
 * domain_prices: another source's quotes per registrar and TLD (price_references), the
 * administrators' reviews (price_reviews) with their audit entries, the set share, and the
 * lists and counts the admin page and the status page read. Marks themselves are written with
 * the TLD's row (price-summary-repository.ts), so every write here that can change one rewrites
 * the TLD's row in the same transaction.
 */
import { and, asc, count, eq, isNotNull, or, sql } from "drizzle-orm";
import { samePrices, type CheckedPrices } from "../../src/shared/price-checks.ts";
import { exec, type Db, type Executor, type Tables, type TxBody } from "../client.ts";
import { insertChunked } from "./insert-chunked.ts";
import { META_KEYS } from "./app-meta-repository.ts";
import { refreshTldPriceSummaries, type RowWriteOptions } from "./price-summary-repository.ts";

/** Another source's list for one registrar, its quotes matched to catalogue TLDs. */
export interface ReferenceList {
  /** How the reasons name it: "Namecheap's bundled list of 2025-10-25". */
  source: string;
  observedOn: string;
  quotes: (CheckedPrices & { tldId: number })[];
}

/**
 * Replaces the provider's stored references with `list`, in the caller's transaction; returns
 * the TLDs whose reference was added, changed or removed (their rows need rewriting).
 */
export function* replaceProviderReferences(db: Executor, t: Tables, providerId: number, list: ReferenceList): TxBody<number[]> {
  const ref = t.priceReferences;
  const stored = yield* exec(db.select({
    tldId: ref.tldId, source: ref.source, registrationPrice: ref.registrationPrice, renewalPrice: ref.renewalPrice,
    transferPrice: ref.transferPrice, currency: ref.currency,
  }).from(ref).where(eq(ref.serviceProviderId, providerId)));
  const incoming = new Map(list.quotes.map((q) => [q.tldId, q]));
  const changed = new Set<number>();
  for (const s of stored) {
    const next = incoming.get(s.tldId);
    if (!next || !samePrices(s, next) || s.source !== list.source) changed.add(s.tldId);
  }
  const had = new Set(stored.map((s) => s.tldId));
  for (const tldId of incoming.keys()) if (!had.has(tldId)) changed.add(tldId);
  if (!changed.size) return [];
  yield* exec(db.delete(ref).where(eq(ref.serviceProviderId, providerId)));
  yield* insertChunked(db, ref, [...incoming.values()].map((q) => ({
    serviceProviderId: providerId, tldId: q.tldId, source: list.source, observedOn: list.observedOn,
    registrationPrice: q.registrationPrice, renewalPrice: q.renewalPrice, transferPrice: q.transferPrice, currency: q.currency,
  })));
  return [...changed];
}

/** One quote the checks find unusual, or an administrator hid, as the admin list shows it. */
export interface UnusualPriceRow {
  id: number;
  tld: { id: number; name: string };
  serviceProvider: { id: number; name: string };
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  unusualReason: string | null;
  hidden: boolean;
}

/** Unusual or hidden quotes of active providers, by TLD name then provider name, a page at a time. */
export async function listUnusualPrices({ orm: db, t }: Db, query: { limit: number; offset: number }): Promise<{ rows: UnusualPriceRow[]; total: number }> {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const which = and(eq(sp.isActive, true), or(isNotNull(dp.unusualReason), eq(dp.hidden, true)));
  const [rows, [total]] = await Promise.all([
    unusualRowQuery(db, t).where(which).orderBy(asc(t.tlds.name), asc(sp.name)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(dp).innerJoin(sp, eq(sp.id, dp.serviceProviderId)).where(which),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many active providers' quotes are unusual and shown, and how many are hidden. */
export async function countUnusualPrices({ orm: db, t }: Db): Promise<{ unusual: number; hidden: number }> {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const [row] = await db.select({
    unusual: sql<number>`coalesce(sum(case when ${dp.unusualReason} is not null and not ${dp.hidden} then 1 else 0 end), 0)`.mapWith(Number),
    hidden: sql<number>`coalesce(sum(case when ${dp.hidden} then 1 else 0 end), 0)`.mapWith(Number),
  }).from(dp).innerJoin(sp, eq(sp.id, dp.serviceProviderId)).where(eq(sp.isActive, true));
  return { unusual: row?.unusual ?? 0, hidden: row?.hidden ?? 0 };
}

export interface PriceReview {
  priceId: number;
  decision: "confirmed" | "hidden";
  reviewedBy: string;
  /** The audit log's entry for it. */
  audit: { actorUserId: number; actorEmail: string; ip: string | null };
}

/**
 * Records an administrator's review of a quote's present prices, rewrites its TLD's row (the
 * marks follow) and writes the audit entry, in one transaction. The reviewed quote as listed
 * afterwards; null when no such quote exists.
 */
export async function reviewPrice(handle: Db, review: PriceReview, rows: Required<RowWriteOptions>): Promise<UnusualPriceRow | null> {
  const { t } = handle;
  const dp = t.domainPrices;
  const rev = t.priceReviews;
  return handle.transaction(function* (db) {
    const [quote] = yield* exec(db.select({
      tldId: dp.tldId, providerId: dp.serviceProviderId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
      transferPrice: dp.transferPrice, currency: dp.currency, tldName: t.tlds.name, providerName: t.serviceProviders.name, reason: dp.unusualReason,
    }).from(dp).innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(eq(dp.id, review.priceId)));
    if (!quote) return null;
    const { tldId, providerId, registrationPrice, renewalPrice, transferPrice, currency } = quote;
    const values = {
      decision: review.decision, registrationPrice, renewalPrice, transferPrice, currency, reviewedBy: review.reviewedBy, reviewedAt: rows.now,
    };
    yield* exec(db.insert(rev).values({ serviceProviderId: providerId, tldId, ...values })
      .onConflictDoUpdate({ target: [rev.serviceProviderId, rev.tldId], set: values }));
    yield* refreshTldPriceSummaries(db, t, [tldId], rows);
    yield* exec(db.insert(t.adminAuditLog).values({
      ...review.audit, targetUserId: null, targetEmail: null, action: review.decision === "confirmed" ? "confirm_price" : "hide_price",
      detail: { priceId: review.priceId, tld: quote.tldName, provider: quote.providerName, currency, registrationPrice, renewalPrice, transferPrice, reason: quote.reason },
      createdAt: rows.now,
    }));
    const [after] = yield* exec(unusualRowQuery(db, t).where(eq(dp.id, review.priceId)));
    return after ?? null;
  });
}

function unusualRowQuery(db: Executor, t: Tables) {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  return db.select({
    id: dp.id, tld: { id: t.tlds.id, name: t.tlds.name }, serviceProvider: { id: sp.id, name: sp.name },
    registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice, currency: dp.currency,
    unusualReason: dp.unusualReason, hidden: dp.hidden,
  }).from(dp).innerJoin(sp, eq(sp.id, dp.serviceProviderId)).innerJoin(t.tlds, eq(t.tlds.id, dp.tldId));
}

/** The share set by an administrator, in whole percent; null when none was set (the default applies). */
export async function readSharePercent({ orm: db, t }: Db): Promise<number | null> {
  const [row] = await db.select({ value: t.appMeta.value }).from(t.appMeta).where(eq(t.appMeta.key, META_KEYS.priceCheckSharePercent));
  const value = Number(row?.value);
  return row && Number.isFinite(value) ? value : null;
}

/** Sets the share and rewrites every row with it, with the audit entry, in one transaction. */
export async function writeSharePercent(
  handle: Db, percent: number, audit: PriceReview["audit"], rows: Required<RowWriteOptions>,
): Promise<void> {
  const { t } = handle;
  await handle.transaction(function* (db) {
    const [before] = yield* exec(db.select({ value: t.appMeta.value }).from(t.appMeta).where(eq(t.appMeta.key, META_KEYS.priceCheckSharePercent)));
    const value = String(percent);
    yield* exec(db.insert(t.appMeta).values({ key: META_KEYS.priceCheckSharePercent, value, updatedAt: rows.now })
      .onConflictDoUpdate({ target: t.appMeta.key, set: { value, updatedAt: rows.now } }));
    yield* refreshTldPriceSummaries(db, t, undefined, rows);
    yield* exec(db.insert(t.adminAuditLog).values({
      ...audit, targetUserId: null, targetEmail: null, action: "set_price_check_share",
      detail: { from: before ? Number(before.value) : null, to: percent }, createdAt: rows.now,
    }));
  });
}
