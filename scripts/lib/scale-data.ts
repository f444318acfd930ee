/**
 * BENCH_SCALE: the benchmarks' catalogue at a multiple of the bundled one. On an already seeded
 * database, `scaleCatalogue(handle, factor)` adds synthetic providers derived from the active
 * real ones with a price list, until 6 × factor providers have one (BENCH_SCALE=10: 60), each
 * quoting every priced name (1,845 with the bundled data, so 50 × 1,845 + the real 6,028 = 98,278
 * quotes),
 * with HISTORY_PER_QUOTE superseded prices per quote spread over the five years before now.
 * Factor 1 (or anything that leaves no provider to add) adds nothing.
 *
 * Generated rows are bench data and say so: slugs start with `bench-`, domains end in the
 * reserved `.invalid`, and they have no website, IANA id or registration links. Names look real
 * ("Porkbun Reseller 3"). Prices are the source provider's own quote for a name it sells, else
 * another real provider's, moved by a markup per synthetic provider and a little per name.
 *
 * Everything goes into the real tables in one transaction: providers through drizzle, the bulk
 * quotes and history through the raw client (see bulkInsert), and the price summaries and rows
 * are rewritten in it with refreshTldPriceSummaries, as every price writer does (which also sets
 * the read model's version).
 *
 * Run as a command it migrates, seeds (recording the seed fingerprint, as the server's boot
 * does, so a server started on the database imports nothing) and scales one database:
 *   tsx scripts/lib/scale-data.ts FACTOR (--sqlite PATH | --url postgres://…)
 * Benchmarks call prepareScaledDatabase, which runs that in a child process so the generator's
 * memory never counts against the process they measure.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { count, countDistinct, eq, like, sql, type SQL } from "drizzle-orm";
import { exec, openDb, type Db, type Dialect, type Executor, type TxBody } from "../../db/client.ts";
import { refreshTldPriceSummaries } from "../../db/repositories/price-summary-repository.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../../src/shared/price-freshness.ts";
import { seedIfNeeded } from "../../db/seed/seed.ts";

/** Providers with a price list per unit of scale: BENCH_SCALE=10 means 60. */
export const PROVIDERS_PER_SCALE = 6;
/** Superseded prices per generated quote, spread over the five years before now. */
export const HISTORY_PER_QUOTE = 3;
export const HISTORY_YEARS = 5;
export const BENCH_SLUG_PREFIX = "bench-";
/** Rows per PostgreSQL insert statement (about 150 KB of SQL): few round trips, modest statements. */
const CHUNK_ROWS = 1000;
const DAY_MS = 86_400_000;

/**
 * BENCH_SCALE from the environment: 1 (the bundled catalogue) when unset; a whole number from
 * 1 to 100 otherwise, or an error saying what was wrong.
 */
export function benchScale(value = process.env.BENCH_SCALE): number {
  if (value === undefined || value.trim() === "") return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`BENCH_SCALE must be a whole number from 1 to 100, got "${value}"`);
  return n;
}

export interface ScaleReport {
  factor: number;
  providersAdded: number;
  /** Providers with at least one quote, after scaling. */
  providersWithQuotes: number;
  quotes: number;
  historyRows: number;
  pricedNames: number;
  durationMs: number;
}

type QuoteRow = typeof import("../../db/schema/sqlite.ts").domainPrices.$inferSelect;

/** A deterministic number in [0, 1) from integers: the same database scales the same way. */
function unit(...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) {
    h ^= k;
    h = Math.imul(h, 16777619);
    h ^= h >>> 15;
  }
  return (h >>> 0) / 4294967296;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const scaled = (price: number | null, factor: number) => (price === null ? null : Math.max(1, Math.round(price * factor)));

type Cell = string | number | boolean | Date | null;

/** A quoted PostgreSQL literal for one generated value (SQLite binds the values instead: see bulkInsert). */
function pgLiteral(value: Cell): string {
  if (value === null) return "null";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Bulk rows through the raw client, as a statement a transaction body yields: on SQLite one
 * prepared insert run per row (better-sqlite3, synchronously, inside the open transaction); on
 * PostgreSQL multi-row inserts of CHUNK_ROWS rows on the transaction's connection. Drizzle's
 * builders cost about 25 µs of CPU a row here, which for 370,000 rows was most of the run.
 */
function* bulkInsert(tx: Executor, dialect: Dialect, table: string, columns: readonly string[], rows: Cell[][]): TxBody<void> {
  if (rows.length === 0) return;
  const head = `insert into ${table} (${columns.join(", ")}) values `;
  if (dialect === "sqlite") {
    const client = (tx as unknown as { $client: Database.Database }).$client;
    const run = () => {
      const statement = client.prepare(`${head}(${columns.map(() => "?").join(", ")})`);
      for (const row of rows) statement.run(row.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.getTime() : v)));
    };
    // A statement object for runBodySync (which calls sync()); awaiting it runs it too.
    yield* exec({ sync: run, then: (resolve?: (v: unknown) => unknown) => Promise.resolve(run()).then(resolve) } as PromiseLike<unknown>);
    return;
  }
  const pgTx = tx as unknown as { execute(query: SQL): PromiseLike<unknown> };
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const values = rows.slice(i, i + CHUNK_ROWS).map((row) => `(${row.map(pgLiteral).join(", ")})`).join(", ");
    yield* exec(pgTx.execute(sql.raw(head + values)));
  }
}

const QUOTE_COLUMNS = [
  "tld_id", "service_provider_id", "registration_price", "renewal_price", "transfer_price", "currency", "is_promo",
  "transfer_is_promo", "regular_registration_price", "snapshot_date", "last_checked_at", "changed_at", "updated_at",
] as const;
const HISTORY_COLUMNS = [
  "tld_id", "service_provider_id", "registration_price", "renewal_price", "transfer_price", "currency", "is_promo",
  "transfer_is_promo", "valid_from", "valid_until", "end_reason", "created_at",
] as const;

async function countRows(handle: Db) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const [[quotes], [history], [providers]] = await Promise.all([
    db.select({ n: count(), names: countDistinct(dp.tldId) }).from(dp),
    db.select({ n: count() }).from(t.domainPriceHistory),
    db.select({ n: countDistinct(dp.serviceProviderId) }).from(dp),
  ]);
  return { quotes: Number(quotes!.n), pricedNames: Number(quotes!.names), historyRows: Number(history!.n), providersWithQuotes: Number(providers!.n) };
}

/**
 * Adds the synthetic providers, their quotes and history, and rewrites the price summaries, in
 * one transaction. Refuses a database that has no quotes (not seeded) or already holds bench
 * providers, so nothing is ever generated twice.
 */
export async function scaleCatalogue(handle: Db, factor: number, now = new Date()): Promise<ScaleReport> {
  const started = performance.now();
  const { orm: db, t } = handle;
  const sp = t.serviceProviders;
  const dp = t.domainPrices;
  const [existing] = await db.select({ n: count() }).from(sp).where(like(sp.slug, `${BENCH_SLUG_PREFIX}%`));
  if (Number(existing!.n) > 0) throw new Error(`The database already holds ${existing!.n} generated bench providers (slug ${BENCH_SLUG_PREFIX}…); scale a freshly seeded database`);

  const quotes: QuoteRow[] = await db.select().from(dp).orderBy(dp.tldId, dp.serviceProviderId);
  if (quotes.length === 0) throw new Error("The database has no prices: seed it before scaling");
  const providers = await db.select().from(sp).orderBy(sp.id);
  const sourceIds = [...new Set(quotes.map((q) => q.serviceProviderId))].sort((a, b) => a - b);
  const sources = providers.filter((p) => p.isActive && sourceIds.includes(p.id));
  const toAdd = Math.max(0, PROVIDERS_PER_SCALE * factor - sourceIds.length);
  if (toAdd === 0) return { factor, providersAdded: 0, ...(await countRows(handle)), durationMs: Math.round(performance.now() - started) };

  // Every priced name with its real quotes; a synthetic provider prices each from its source's
  // quote when the source sells the name, else from one of the others'.
  const byTld = new Map<number, QuoteRow[]>();
  for (const q of quotes) {
    let list = byTld.get(q.tldId);
    if (!list) byTld.set(q.tldId, (list = []));
    list.push(q);
  }
  const bySourceTld = new Map(quotes.map((q) => [`${q.serviceProviderId}:${q.tldId}`, q]));

  const synthetic = Array.from({ length: toAdd }, (_, i) => {
    const source = sources[i % sources.length]!;
    const n = Math.floor(i / sources.length) + 1;
    const slug = `${BENCH_SLUG_PREFIX}${source.slug}-reseller-${n}`;
    return {
      source,
      row: {
        slug,
        name: `${source.name} Reseller ${n}`,
        displayName: `${source.displayName} Reseller ${n}`,
        domain: `${source.slug}-reseller-${n}.invalid`,
        logoUrl: null, website: null, ianaId: null, registrationUrlPattern: null, transferUrlPattern: null,
        country: source.country, isActive: true,
      },
    };
  });

  const nowMs = now.getTime();
  const span = HISTORY_YEARS * 365 * DAY_MS;
  const result = await handle.transaction(function* (tx) {
    const inserted = yield* exec(tx.insert(sp).values(synthetic.map((s) => s.row)).returning({ id: sp.id, slug: sp.slug }));
    const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
    const newQuotes: Cell[][] = [];
    const history: Cell[][] = [];
    for (const [index, s] of synthetic.entries()) {
      const providerId = idBySlug.get(s.row.slug)!;
      const markup = 0.85 + 0.45 * unit(index, 1); // 0.85–1.30 of the base price
      for (const [tldId, list] of byTld) {
        const base = bySourceTld.get(`${s.source.id}:${tldId}`) ?? list[Math.floor(unit(index, tldId, 2) * list.length)]!;
        const factorNow = markup * (0.95 + 0.1 * unit(index, tldId, 3));
        // The present quote took its values some time in the last year and was confirmed today.
        const changedMs = nowMs - Math.floor((30 + 335 * unit(index, tldId, 4)) * DAY_MS);
        newQuotes.push([
          tldId, providerId, scaled(base.registrationPrice, factorNow), scaled(base.renewalPrice, factorNow),
          scaled(base.transferPrice, factorNow), base.currency, false, false, null, isoDay(changedMs), now, new Date(changedMs), now,
        ]);
        // Earlier prices, each a little lower, back to five years ago.
        let until = changedMs;
        const step = (changedMs - (nowMs - span)) / HISTORY_PER_QUOTE;
        for (let h = 1; h <= HISTORY_PER_QUOTE; h++) {
          const from = h === HISTORY_PER_QUOTE ? nowMs - span : until - Math.floor(step * (0.7 + 0.6 * unit(index, tldId, 5, h)));
          const past = factorNow * (1 - 0.04 * h);
          history.push([
            tldId, providerId, scaled(base.registrationPrice, past), scaled(base.renewalPrice, past), scaled(base.transferPrice, past),
            base.currency, false, false, isoDay(from), isoDay(until), "changed", new Date(until),
          ]);
          until = from;
        }
      }
    }
    yield* bulkInsert(tx, handle.dialect, "domain_prices", QUOTE_COLUMNS, newQuotes);
    yield* bulkInsert(tx, handle.dialect, "domain_price_history", HISTORY_COLUMNS, history);
    // Derived rows, rewritten in the same transaction as the prices (decision 005), which also
    // gives the read model a new version.
    yield* refreshTldPriceSummaries(tx, t, undefined, { staleDays: DEFAULT_PRICE_STALE_DAYS, now });
    return inserted.length;
  });
  // PostgreSQL plans from table statistics: gather them for the tables that grew tenfold.
  if (handle.dialect === "postgres") await handle.all(sql`analyze service_providers, domain_prices, domain_price_history, tld_price_summaries, tld_price_rows`);
  return { factor, providersAdded: result, ...(await countRows(handle)), durationMs: Math.round(performance.now() - started) };
}

/** The providers scaleCatalogue added. */
export async function benchProviders({ orm: db, t }: Db) {
  return db.select({ id: t.serviceProviders.id, slug: t.serviceProviders.slug, name: t.serviceProviders.name }).from(t.serviceProviders)
    .where(like(t.serviceProviders.slug, `${BENCH_SLUG_PREFIX}%`)).orderBy(t.serviceProviders.id);
}

/** How many quotes one provider has. */
export async function quoteCount({ orm: db, t }: Db, providerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.domainPrices).where(eq(t.domainPrices.serviceProviderId, providerId));
  return Number(row!.n);
}

export type ScaleTarget = { sqlitePath: string } | { databaseUrl: string };

/**
 * Migrates, seeds and scales the database in a child process (this file run as a command) and
 * prints its report; the caller then starts its server on that database.
 */
export function prepareScaledDatabase(factor: number, target: ScaleTarget): Promise<void> {
  const args = [fileURLToPath(import.meta.url), String(factor), ...("sqlitePath" in target ? ["--sqlite", target.sqlitePath] : ["--url", target.databaseUrl])];
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`scaling the bench database failed (exit code ${code})`))));
  });
}

/**
 * A database for a benchmark's server at `factor`, prepared before the server starts: on
 * PostgreSQL the one `env.DATABASE_URL` names, on SQLite a new file in a temporary directory
 * (SQLITE_PATH in the env it answers; cleanup removes it). Factor 1 prepares nothing.
 */
export async function scaledDatabase(factor: number, env: Record<string, string>): Promise<{ env: Record<string, string>; cleanup(): void }> {
  if (factor === 1) return { env: {}, cleanup: () => undefined };
  if (env.DATABASE_URL) {
    await prepareScaledDatabase(factor, { databaseUrl: env.DATABASE_URL });
    return { env: {}, cleanup: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-scale-"));
  const sqlitePath = join(dir, "app.db");
  await prepareScaledDatabase(factor, { sqlitePath });
  return { env: { SQLITE_PATH: sqlitePath }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface MemoryReading {
  pid: number;
  /** Peak resident set (VmHWM) and resident set now (VmRSS), in MB. */
  peakMb: number;
  rssMb: number;
}

function statusOf(pid: number): { peakKb: number; rssKb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { peakKb: kb("VmHWM"), rssKb: kb("VmRSS") };
  } catch {
    return undefined;
  }
}

/**
 * The peak resident memory of a process, or of the largest process in its process group (a
 * server started through tsx runs in a child of the tsx process), from /proc/PID/status VmHWM:
 * the most the process held since it started. Linux only.
 */
export function peakMemory(pid: number, { group = false } = {}): MemoryReading | undefined {
  const pids = group
    ? readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number).filter((p) => {
      try {
        // Fields after the command name (which may hold spaces) start at ") ": state, ppid, pgrp.
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pid;
      } catch {
        return false;
      }
    })
    : [pid];
  let best: MemoryReading | undefined;
  for (const p of pids) {
    const s = statusOf(p);
    if (s && (!best || s.peakKb / 1024 > best.peakMb)) best = { pid: p, peakMb: s.peakKb / 1024, rssMb: s.rssKb / 1024 };
  }
  return best;
}

/**
 * Samples a process's resident set (VmRSS) every `everyMs` until stopped: the peak of a stretch
 * of a process's life, where VmHWM would also count what it held before.
 */
export function sampleMemory(pid: number, everyMs = 100): { stop(): MemoryReading | undefined } {
  let peakKb = 0;
  let lastKb = 0;
  const take = () => {
    const s = statusOf(pid);
    if (s) {
      lastKb = s.rssKb;
      peakKb = Math.max(peakKb, s.rssKb);
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peakKb ? { pid, peakMb: peakKb / 1024, rssMb: lastKb / 1024 } : undefined;
    },
  };
}

export const MEMORY_TARGET_MB = 600;

/** `how`: where the peak comes from, e.g. "VmHWM" or "sampled VmRSS". */
export function memoryLine(label: string, reading: MemoryReading | undefined, how = "VmHWM"): string {
  if (!reading) return `${label}: server memory unavailable (no /proc)`;
  const ok = reading.peakMb <= MEMORY_TARGET_MB ? "ok" : "MISSED";
  return `${label}: server peak RSS (${how}) ${reading.peakMb.toFixed(0)} MB, ${reading.rssMb.toFixed(0)} MB at the end (target ≤ ${MEMORY_TARGET_MB} MB) ${ok}`;
}

async function main(argv: string[]) {
  const [factorArg, kind, location] = argv;
  const factor = benchScale(factorArg);
  if (!location || (kind !== "--sqlite" && kind !== "--url")) throw new Error("usage: tsx scripts/lib/scale-data.ts FACTOR (--sqlite PATH | --url postgres://…)");
  const handle = openDb(kind === "--sqlite" ? { sqlitePath: location } : { databaseUrl: location, poolSize: 4 });
  try {
    await handle.migrate();
    const seedStarted = performance.now();
    await seedIfNeeded(handle);
    const seedMs = performance.now() - seedStarted;
    const report = await scaleCatalogue(handle, factor);
    console.log(
      `scaled ×${factor} (${handle.dialect}): seeded in ${(seedMs / 1000).toFixed(1)} s, +${report.providersAdded} providers in ${(report.durationMs / 1000).toFixed(1)} s: `
      + `${report.providersWithQuotes} providers with quotes, ${report.quotes} quotes over ${report.pricedNames} names, ${report.historyRows} history rows`,
    );
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
