/**
 * ECB euro reference rates by day: units of a currency per euro. The ECB publishes on
 * business days only, so a lookup for any date takes the latest day on or before it.
 */
import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { DisplayRate } from "../../src/shared/display-converter.ts";
import { exec, runBodyAsync, type Db, type Executor, type Tables, type TxBody } from "../client.ts";

export interface ExchangeRateRow {
  date: string;
  currency: string;
  ratePerEur: number;
}

/** Rows per statement: 3 parameters each stays far below both databases' limits. */
const CHUNK_ROWS = 500;

const rowsOf = (date: string, rates: Record<string, number>): ExchangeRateRow[] =>
  Object.entries(rates).map(([currency, ratePerEur]) => ({ date, currency, ratePerEur }));

/** Stores one day's rates, replacing that day's stored ones (the ECB corrects a day at times). */
export async function upsertExchangeRates(handle: Db, date: string, rates: Record<string, number>): Promise<number> {
  const { t } = handle;
  const rows = rowsOf(date, rates);
  if (!rows.length) return 0;
  await handle.transaction(function* (db) {
    yield* exec(db.insert(t.exchangeRates).values(rows)
      .onConflictDoUpdate({ target: [t.exchangeRates.date, t.exchangeRates.currency], set: { ratePerEur: sql`excluded.rate_per_eur` } }));
  });
  return rows.length;
}

/** Adds rows the database lacks and keeps the ones it has; returns how many were added. */
export async function addMissingExchangeRates(handle: Db, rows: ExchangeRateRow[]): Promise<number> {
  const { t } = handle;
  return handle.transaction(function* (db) {
    const [before] = yield* exec(db.select({ n: count() }).from(t.exchangeRates));
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      yield* exec(db.insert(t.exchangeRates).values(rows.slice(i, i + CHUNK_ROWS)).onConflictDoNothing());
    }
    const [after] = yield* exec(db.select({ n: count() }).from(t.exchangeRates));
    return (after?.n ?? 0) - (before?.n ?? 0);
  });
}

/** Every stored currency with the newest day that quotes it, by code. */
export async function listCurrencyLatestDates({ orm: db, t }: Db): Promise<{ currency: string; latestDate: string }[]> {
  const rows = await db
    .select({ currency: t.exchangeRates.currency, latestDate: max(t.exchangeRates.date) })
    .from(t.exchangeRates)
    .groupBy(t.exchangeRates.currency)
    .orderBy(t.exchangeRates.currency);
  return rows.flatMap((r) => (r.latestDate ? [{ currency: r.currency, latestDate: r.latestDate }] : []));
}

export async function hasExchangeRate({ orm: db, t }: Db, currency: string): Promise<boolean> {
  const [row] = await db.select({ currency: t.exchangeRates.currency }).from(t.exchangeRates)
    .where(eq(t.exchangeRates.currency, currency)).limit(1);
  return row !== undefined;
}

/**
 * Both currencies' rates on the newest day that quotes both (a currency the ECB stopped or
 * skipped is paired with an older day), or null when no day has both.
 */
function* latestCommonRatesIn(
  db: Executor, t: Tables, from: string, to: string,
): TxBody<{ date: string; fromPerEur: number; toPerEur: number } | null> {
  const er = t.exchangeRates;
  // Walks `from`'s days newest first on (currency, date) and probes the primary key for `to`.
  const [day] = yield* exec(db.select({ date: er.date }).from(er)
    .where(and(eq(er.currency, from), sql`exists (select 1 from exchange_rates other where other.date = ${er.date} and other.currency = ${to})`))
    .orderBy(desc(er.date))
    .limit(1));
  if (!day) return null;
  const rows = yield* exec(db.select({ currency: er.currency, ratePerEur: er.ratePerEur }).from(er)
    .where(and(eq(er.date, day.date), inArray(er.currency, [from, to]))));
  const rate = (code: string) => rows.find((r) => r.currency === code)?.ratePerEur;
  const fromPerEur = rate(from);
  const toPerEur = rate(to);
  return fromPerEur === undefined || toPerEur === undefined ? null : { date: day.date, fromPerEur, toPerEur };
}

/** For each source currency other than `to`, its rate pair into `to` (null when none converts it). */
export function loadDisplayRates(
  handle: Pick<Db, "orm" | "t">, to: string, sources: Iterable<string>,
): Promise<Map<string, DisplayRate | null>> {
  return runBodyAsync(displayRatesIn(handle.orm, handle.t, to, sources));
}

/** loadDisplayRates as statements of a body, for a transaction that writes converted prices. */
export function* displayRatesIn(db: Executor, t: Tables, to: string, sources: Iterable<string>): TxBody<Map<string, DisplayRate | null>> {
  const rates = new Map<string, DisplayRate | null>();
  for (const from of new Set(sources)) {
    if (from === to) continue;
    const pair = yield* latestCommonRatesIn(db, t, from, to);
    rates.set(from, pair && { fromPerEur: pair.fromPerEur, toPerEur: pair.toPerEur, rateDate: pair.date });
  }
  return rates;
}
