/**
 * Maintains tld_price_summaries: per TLD, the lowest USD registration, renewal, transfer and
 * three-year (registration + two renewals) price among active providers, how many active
 * providers quote it, and the name, category and search text the list filters on; and
 * tld_price_rows: the TLD's whole price-list row as JSON, with its prices in USD as `display`,
 * so a list page is a few stored strings joined together. Call after any change to
 * domain_prices, to a provider's isActive flag, name, domain or logo (refreshSummariesForProvider; rows name a
 * provider by id and name, and their `prices[]` by domain and logo too), or to a TLD's name or category; the price list sorts and pages
 * on these columns. Rows hold USD figures only, so new exchange rates change none of them
 * (bumpPriceRowsVersion tells the readers instead).
 *
 * What a row and its summary say (minima, staleness, display amounts) is decided by a pure
 * function, summarisePriceRow (src/shared/price-row-summary.ts); this file reads the quotes
 * and rates it needs and stores its answers.
 *
 * The same rewrite runs the price checks over each TLD's quotes (checkTldQuotes,
 * src/shared/price-checks.ts, decision 059) against the other source's quotes
 * (price_references) and the administrators' reviews (price_reviews): it stores each quote's
 * unusual reason and hidden mark in domain_prices, leaves hidden quotes out of the row, and
 * passes the rest's flags to the summary, so the rows and quote answers read them as stored.
 *
 * Minima prefer fresh quotes (see src/shared/price-freshness.ts) and each quote's isStale is
 * stored in the row, so a row is only right until one of its quotes turns stale: staleness
 * moves with time, not only with writes. refreshRowsTurnedStale rewrites the rows whose quotes
 * crossed the stale boundary since the last sweep (docs/decisions/016-stale-price-rows.md).
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { DEFAULT_DISPLAY_CURRENCY } from "../../src/shared/currency.ts";
import { createDisplayConverter } from "../../src/shared/display-converter.ts";
import { staleWindowMs } from "../../src/shared/price-freshness.ts";
import type { PriceRow } from "../../src/shared/price-quote.ts";
import {
  checkTldQuotes, DEFAULT_SOURCE_DIFFERENCE_PERCENT, reasonOf, samePrices, type PriceFlag, type ReferenceQuote,
} from "../../src/shared/price-checks.ts";
import { confirmRowQuote, summarisePriceRow, type ConfirmedQuote, type SummaryQuote } from "../../src/shared/price-row-summary.ts";
import { exec, type Db, type Executor, type Tables, type TxBody } from "../client.ts";
import { getMeta, META_KEYS, setMeta } from "./app-meta-repository.ts";

/** Bound parameters per statement stay far below SQLite's and PostgreSQL's limits. */
const CHUNK = 400;
/** Patched rows bind two parameters each, id lists one: 10,000 at most. */
const PATCH_CHUNK = 5000;

type Summary = typeof import("../schema/sqlite.ts").tldPriceSummaries.$inferInsert;
type Row = typeof import("../schema/sqlite.ts").tldPriceRows.$inferInsert;

/** How rows are judged when written. */
export interface RowWriteOptions {
  /** PRICE_STALE_DAYS, from the caller's config: a quote not confirmed within it is stale. */
  staleDays: number;
  /** When the rows count as written: staleness is judged as of then (default: now). */
  now?: Date;
}

/**
 * Rewrites the rows of `tldIds` (every TLD when absent). Runs inside the caller's transaction
 * (`yield*`).
 */
export function* refreshTldPriceSummaries(db: Executor, t: Tables, tldIds: number[] | undefined, options: RowWriteOptions): TxBody<void> {
  const now = options.now ?? new Date();
  if (!tldIds) return yield* refreshScope(db, t, undefined, now, options.staleDays);
  const ids = [...new Set(tldIds)];
  for (let i = 0; i < ids.length; i += CHUNK) yield* refreshScope(db, t, ids.slice(i, i + CHUNK), now, options.staleDays);
}

/** After a provider's isActive flag or name changed: every TLD it quotes. */
export function* refreshSummariesForProvider(db: Executor, t: Tables, providerId: number, options: RowWriteOptions): TxBody<void> {
  const rows = yield* exec(db.select({ tldId: t.domainPrices.tldId }).from(t.domainPrices).where(eq(t.domainPrices.serviceProviderId, providerId)));
  yield* refreshTldPriceSummaries(db, t, rows.map((r) => r.tldId), options);
}

function* refreshScope(db: Executor, t: Tables, tldIds: number[] | undefined, now: Date, staleDays: number): TxBody<void> {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  // Flat columns, and each provider and TLD read once rather than joined into every quote: at
  // 60 providers a full rewrite reads ~100,000 quotes, and mapping nested objects per quote was
  // most of its time (docs/decisions/032).
  const [providers, names, flat] = [
    yield* exec(db.select({ id: sp.id, name: sp.name, domain: sp.domain, logoUrl: sp.logoUrl }).from(sp).where(eq(sp.isActive, true))),
    yield* exec(db.select({ id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category })
      .from(t.tlds).where(tldIds ? inArray(t.tlds.id, tldIds) : undefined)),
    yield* exec(db
      .select({
        id: dp.id, tldId: dp.tldId, providerId: dp.serviceProviderId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
        transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo, transferIsPromo: dp.transferIsPromo,
        regularRegistrationPrice: dp.regularRegistrationPrice, snapshotDate: dp.snapshotDate,
        lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt, storedReason: dp.unusualReason, storedHidden: dp.hidden,
      })
      .from(dp)
      .innerJoin(sp, eq(sp.id, dp.serviceProviderId))
      .where(and(eq(sp.isActive, true), tldIds ? inArray(dp.tldId, tldIds) : undefined))
      // The same order a TLD's quotes have everywhere: cheapest registration first.
      .orderBy(asc(dp.tldId), sql`${dp.registrationPrice} asc nulls last`, asc(sp.name))),
  ];
  const providerById = new Map(providers.map((p) => [p.id, p]));
  const tldById = new Map(names.map(({ id, ...tld }) => [id, tld]));
  const checks = yield* readCheckInputs(db, t, tldIds);
  const quotes: SummaryQuote[] = [];
  const marks: QuoteMarks[] = [];
  for (let start = 0; start < flat.length;) {
    let end = start + 1;
    while (end < flat.length && flat[end]!.tldId === flat[start]!.tldId) end++;
    const tldQuotes = flat.slice(start, end);
    const tld = tldById.get(tldQuotes[0]!.tldId)!;
    const references = new Map<number, ReferenceQuote>();
    for (const q of tldQuotes) {
      const reference = checks.references.get(`${q.providerId}:${q.tldId}`);
      if (reference) references.set(q.id, reference);
    }
    const flags = checkTldQuotes(tldQuotes, references, { tldName: tld.name, differencePercent: checks.differencePercent });
    for (const { providerId, storedReason, storedHidden, ...q } of tldQuotes) {
      const review = checks.reviews.get(`${providerId}:${q.tldId}`);
      const holds = review !== undefined && samePrices(review, q);
      const found: readonly PriceFlag[] = holds && review.decision === "confirmed" ? [] : flags.get(q.id) ?? [];
      const hidden = holds && review.decision === "hidden";
      const unusualReason = found.length ? reasonOf(found) : null;
      if (unusualReason !== storedReason || hidden !== storedHidden) marks.push({ id: q.id, unusualReason, hidden });
      if (!hidden) quotes.push({ ...q, unusualReason, flags: found, serviceProvider: providerById.get(providerId)!, tld });
    }
    start = end;
  }
  yield* writeMarks(db, t, marks);

  // Rows are stored with their prices in the default display currency (USD), so the list's
  // default answer is the stored text as is. Their figures and promotion come from USD quotes
  // only, so that display converts nothing and needs no rate.
  const usd = createDisplayConverter(DEFAULT_DISPLAY_CURRENCY, new Map());
  const summaries: Summary[] = [];
  const rows: Row[] = [];
  for (let start = 0; start < quotes.length;) {
    let end = start + 1;
    while (end < quotes.length && quotes[end]!.tldId === quotes[start]!.tldId) end++;
    const { summary, row } = summarisePriceRow(quotes.slice(start, end), { now, staleDays, display: usd });
    summaries.push(summary);
    rows.push({ tldId: summary.tldId, rowJson: JSON.stringify(row) });
    start = end;
  }

  const s = t.tldPriceSummaries;
  const r = t.tldPriceRows;
  if (tldIds) {
    yield* exec(db.delete(s).where(inArray(s.tldId, tldIds)));
    yield* exec(db.delete(r).where(inArray(r.tldId, tldIds)));
  } else {
    yield* exec(db.delete(s));
    yield* exec(db.delete(r));
  }
  for (let i = 0; i < summaries.length; i += CHUNK) {
    // Upserts, so two processes rewriting the same TLDs at once cannot collide on the key.
    yield* exec(db.insert(s).values(summaries.slice(i, i + CHUNK)).onConflictDoUpdate({
      target: s.tldId,
      set: {
        name: sql`excluded.name`, category: sql`excluded.category`, searchText: sql`excluded.search_text`,
        minRegistration: sql`excluded.min_registration`, minRenewal: sql`excluded.min_renewal`,
        minTransfer: sql`excluded.min_transfer`, minThreeYear: sql`excluded.min_three_year`,
        providerCount: sql`excluded.provider_count`,
      },
    }));
    yield* exec(db.insert(r).values(rows.slice(i, i + CHUNK)).onConflictDoUpdate({ target: r.tldId, set: { rowJson: sql`excluded.row_json` } }));
  }
  yield* bumpRowsVersion(db, t, now);
}

/** A quote's price-check marks as stored in domain_prices. */
interface QuoteMarks {
  id: number;
  unusualReason: string | null;
  hidden: boolean;
}

interface CheckInputs {
  differencePercent: number;
  /** By "providerId:tldId". */
  references: Map<string, ReferenceQuote>;
  reviews: Map<string, { decision: string; registrationPrice: number | null; renewalPrice: number | null; transferPrice: number | null; currency: string }>;
}

/** The set share, the other source's quotes and the reviews of the TLDs being rewritten (every TLD when absent). */
function* readCheckInputs(db: Executor, t: Tables, tldIds: number[] | undefined): TxBody<CheckInputs> {
  const ref = t.priceReferences;
  const rev = t.priceReviews;
  const prices = (x: typeof ref | typeof rev) => ({
    providerId: x.serviceProviderId, tldId: x.tldId,
    registrationPrice: x.registrationPrice, renewalPrice: x.renewalPrice, transferPrice: x.transferPrice, currency: x.currency,
  });
  const [share, references, reviews] = [
    yield* exec(db.select({ value: t.appMeta.value }).from(t.appMeta).where(eq(t.appMeta.key, META_KEYS.priceCheckSharePercent))),
    yield* exec(db.select({ ...prices(ref), source: ref.source }).from(ref).where(tldIds ? inArray(ref.tldId, tldIds) : undefined)),
    yield* exec(db.select({ ...prices(rev), decision: rev.decision }).from(rev).where(tldIds ? inArray(rev.tldId, tldIds) : undefined)),
  ];
  const percent = Number(share[0]?.value);
  return {
    differencePercent: Number.isFinite(percent) && percent > 0 ? percent : DEFAULT_SOURCE_DIFFERENCE_PERCENT,
    references: new Map(references.map(({ providerId, tldId, ...r }) => [`${providerId}:${tldId}`, r])),
    reviews: new Map(reviews.map(({ providerId, tldId, ...r }) => [`${providerId}:${tldId}`, r])),
  };
}

/** Marks per statement: three bound parameters each. */
const MARK_CHUNK = 200;

/**
 * Stores the marks that changed, a chunk per statement (a full rewrite of a scaled catalogue
 * marks thousands at once, and on PostgreSQL each statement is a round trip).
 */
function* writeMarks(db: Executor, t: Tables, marks: readonly QuoteMarks[]): TxBody<void> {
  const dp = t.domainPrices;
  for (let i = 0; i < marks.length; i += MARK_CHUNK) {
    const chunk = marks.slice(i, i + MARK_CHUNK);
    const reason = sql.join(chunk.map((m) => sql`when ${m.id} then ${m.unusualReason}`), sql` `);
    const hidden = sql.join(chunk.map((m) => sql`when ${m.id} then ${m.hidden ? sql`true` : sql`false`}`), sql` `);
    yield* exec(db.update(dp).set({
      unusualReason: sql`case ${dp.id} ${reason} end`,
      hidden: sql`case ${dp.id} ${hidden} end`,
    }).where(inArray(dp.id, chunk.map((m) => m.id))));
  }
}

/** In the writer's transaction: every process's read model reloads on its next read. */
function* bumpRowsVersion(db: Executor, t: Tables, now: Date): TxBody<void> {
  const version = randomUUID();
  yield* exec(db.insert(t.appMeta).values({ key: META_KEYS.priceRowsVersion, value: version, updatedAt: now })
    .onConflictDoUpdate({ target: t.appMeta.key, set: { value: version, updatedAt: now } }));
}

/**
 * A new rows version with no row rewritten, after a change the rows do not hold (a new day of
 * exchange rates): every process's page cache, and the price answers it drops with it, see the
 * change on their next read.
 */
export async function bumpPriceRowsVersion(handle: Db): Promise<void> {
  await handle.transaction((tx) => bumpRowsVersion(tx, handle.t, new Date()));
}

/**
 * Patches confirmed quotes' new dates into their TLDs' stored rows (confirmRowQuote), at most
 * one quote per TLD, instead of rewriting the rows: for confirmations that cannot change a
 * minimum, the price engine's plan decides which. Summaries keep their figures. Runs inside the
 * caller's transaction; `versionBumped` when the caller's rewrite already told the read models.
 */
export function* patchConfirmedRows(
  db: Executor, t: Tables, confirmed: readonly (ConfirmedQuote & { tldId: number })[],
  { now, versionBumped }: { now: Date; versionBumped: boolean },
): TxBody<void> {
  if (!confirmed.length) return;
  const r = t.tldPriceRows;
  const byTld = new Map(confirmed.map((c) => [c.tldId, c]));
  const ids = [...byTld.keys()];
  const patched: Row[] = [];
  // Few statements: on PostgreSQL each is a round trip that lets the process's other requests in.
  for (let i = 0; i < ids.length; i += PATCH_CHUNK) {
    const stored = yield* exec(db.select({ tldId: r.tldId, rowJson: r.rowJson }).from(r).where(inArray(r.tldId, ids.slice(i, i + PATCH_CHUNK))));
    for (const { tldId, rowJson } of stored) {
      const next = JSON.stringify(confirmRowQuote(JSON.parse(rowJson) as PriceRow, byTld.get(tldId)!));
      if (next !== rowJson) patched.push({ tldId, rowJson: next });
    }
  }
  if (!patched.length) return;
  for (let i = 0; i < patched.length; i += PATCH_CHUNK) {
    yield* exec(db.insert(r).values(patched.slice(i, i + PATCH_CHUNK)).onConflictDoUpdate({ target: r.tldId, set: { rowJson: sql`excluded.row_json` } }));
  }
  if (!versionBumped) yield* bumpRowsVersion(db, t, now);
}

/** Bump when the shape of the stored row JSON changes: the next start rewrites every row. */
export const PRICE_ROW_FORMAT = "8";
/** Stale flags depend on the window too, so a changed PRICE_STALE_DAYS also rewrites every row. */
const rowFormat = (staleDays: number) => `${PRICE_ROW_FORMAT};stale-days=${staleDays}`;

/**
 * Rewrites every summary when one lacks its row (a database from before the rows were stored
 * apart) or the rows were written in an older format. True when it rewrote them.
 */
export async function rebuildStalePriceRows(handle: Db, staleDays: number): Promise<boolean> {
  const { orm: db, t } = handle;
  const s = t.tldPriceSummaries;
  const [meta, [missing]] = await Promise.all([
    getMeta(handle, [META_KEYS.priceRowFormat]),
    db.select({ n: count() }).from(s).leftJoin(t.tldPriceRows, eq(t.tldPriceRows.tldId, s.tldId)).where(isNull(t.tldPriceRows.tldId)),
  ]);
  if (meta[META_KEYS.priceRowFormat] === rowFormat(staleDays) && !missing?.n) return false;
  await rebuildAllPriceRows(handle, { staleDays });
  return true;
}

/** Rewrites every summary and records the row format they were written in. */
export async function rebuildAllPriceRows(handle: Db, { staleDays, now = new Date() }: RowWriteOptions): Promise<void> {
  await handle.transaction((tx) => refreshTldPriceSummaries(tx, handle.t, undefined, { staleDays, now }));
  // PostgreSQL plans the list's queries from table statistics; a freshly filled table has none
  // until autovacuum gets to it, so gather them now.
  if (handle.dialect === "postgres") await handle.all(sql`analyze tld_price_summaries, tld_price_rows`);
  await setMeta(handle, META_KEYS.priceRowFormat, rowFormat(staleDays));
  await setMeta(handle, META_KEYS.priceStaleSweptAt, now.toISOString());
}

/**
 * Rewrites the rows of TLDs with a quote that turned stale after the last sweep and by `now`,
 * and records `now` as the last sweep. Two processes sweeping at once rewrite the same rows to
 * the same result. Returns how many TLDs were rewritten.
 */
export async function refreshRowsTurnedStale(handle: Db, { staleDays, now = new Date() }: RowWriteOptions): Promise<number> {
  const { orm: db, t } = handle;
  const swept = (await getMeta(handle, [META_KEYS.priceStaleSweptAt]))[META_KEYS.priceStaleSweptAt];
  if (!swept) {
    await rebuildAllPriceRows(handle, { staleDays, now });
    return -1;
  }
  const window = staleWindowMs(staleDays);
  const dp = t.domainPrices;
  const crossed = await db.selectDistinct({ tldId: dp.tldId }).from(dp).where(and(
    gt(dp.lastCheckedAt, new Date(Date.parse(swept) - window)),
    lte(dp.lastCheckedAt, new Date(now.getTime() - window)),
  ));
  if (crossed.length) await handle.transaction((tx) => refreshTldPriceSummaries(tx, t, crossed.map((r) => r.tldId), { staleDays, now }));
  await setMeta(handle, META_KEYS.priceStaleSweptAt, now.toISOString());
  return crossed.length;
}
