/**
 * npm run bench:apply: how long applying one provider's full price list takes (the provider
 * with the most quotes, a tenth of them changed and a few retired each run), median of several
 * runs, and how GET /api/domain-prices answers meanwhile compared with when idle. The app is served from the same process, as
 * with ROLE=all. SQLite always; PostgreSQL too when DATABASE_URL is a postgres:// URL (a
 * throwaway database is created on that server and dropped afterwards). Target: under 2 s.
 * BENCH_SCALE=N runs on a scaled catalogue (scripts/lib/scale-data.ts: 6 × N providers with
 * price lists, prepared in a child process), where the list applied is a generated provider's,
 * one quote per priced name (1,845), and also prints this process's peak resident memory during
 * the runs (it serves the reads and applies the lists; sampled VmRSS) against a 600 MB target.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPostgresUrl, openDb, type Db } from "../db/client.ts";
import type { ResolvedQuote } from "../db/repositories/price-apply-repository.ts";
import { listQuotesByProvider } from "../db/repositories/domain-price-repository.ts";
import { listServiceProviders } from "../db/repositories/service-provider-repository.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { InProcessQueue } from "../jobs/in-process-queue.ts";
import { createApp } from "../src/server/app.ts";
import { applyPriceList } from "../src/server/features/price-engine/price-apply.ts";
import { loadConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";
import { withPostgres } from "./lib/bench-postgres.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../src/shared/price-freshness.ts";
import { benchScale, memoryLine, prepareScaledDatabase, sampleMemory } from "./lib/scale-data.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SCALE = benchScale();
const APPLY_TARGET_MS = 2000;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const stats = (xs: number[]) =>
  `${xs.length} requests, median ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

async function bench(label: string, db: Db) {
  const providers = await listServiceProviders(db);
  const sizes = await Promise.all(providers.map(async (p) => ({ p, n: (await listQuotesByProvider(db, p.id)).length })));
  const provider = sizes.sort((a, b) => b.n - a.n)[0]!.p;
  const base: ResolvedQuote[] = (await listQuotesByProvider(db, provider.id)).map((q) => ({
    tldId: q.tld.id, tldName: q.tld.name, registrationPrice: q.registrationPrice, renewalPrice: q.renewalPrice,
    transferPrice: q.transferPrice, currency: q.currency, isPromo: q.isPromo, regularRegistrationPrice: q.regularRegistrationPrice,
    transferIsPromo: q.transferIsPromo,
  }));
  // The apply runs in this script; the app only answers reads, so its queue is never started.
  const app = createApp({ db, queue: new InProcessQueue({ db, log: createLogger("silent") }), config: loadConfig({ NODE_ENV: "production", APP_URL: "http://localhost", PRICE_CACHE_SECONDS: "0", LOG_LEVEL: "silent", APP_SECRET: randomBytes(32).toString("hex") }), log: createLogger("silent") });
  const server = await startLoopbackServer(app);
  const memory = sampleMemory(process.pid);
  const times: number[] = [];
  let idleStats = "";
  const reads: number[] = [];
  let failedReads = 0;
  const read = async () => {
    const began = performance.now();
    const res = await fetch(`${server.url}/api/domain-prices?page=1&limit=20&sortBy=registrationPrice&sortOrder=asc`);
    await res.arrayBuffer();
    if (!res.ok) failedReads++;
    return performance.now() - began;
  };
  try {
    const idle: number[] = [];
    const until = performance.now() + 1000;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (performance.now() < until) idle.push(await read());
    }));
    idleStats = stats(idle);
    for (let run = 1; run <= RUNS; run++) {
      // Each run changes every tenth quote and drops a few; the next run brings those back.
      const quotes = base
        .filter((_, i) => (i + run) % 97 !== 0)
        .map((q, i) => ((i + run) % 10 === 0 && q.registrationPrice ? { ...q, registrationPrice: q.registrationPrice + run } : q));
      let applying = true;
      const readers = Array.from({ length: 4 }, async () => {
        while (applying) reads.push(await read());
      });
      await new Promise((r) => setTimeout(r, 50)); // readers under way before the write starts
      const began = performance.now();
      const result = await applyPriceList(db, { providerId: provider.id, observedAt: new Date(Date.now() + run * 1000), quotes, staleDays: DEFAULT_PRICE_STALE_DAYS });
      times.push(performance.now() - began);
      applying = false;
      await Promise.all(readers);
      if (run === 1) console.log(`${label}: ${provider.name}, ${quotes.length} quotes per run (first run: ${result.changed} changed, ${result.retired} retired, ${result.inserted} added, ${result.unchanged} unchanged)`);
    }
  } finally {
    await server.close();
  }
  const peak = memory.stop();

  if (SCALE > 1) {
    const median = pct(times, 50);
    console.log(`${label}, catalogue ×${SCALE}: the provider's ${base.length}-quote list applied in ${median.toFixed(0)} ms (median; target < ${APPLY_TARGET_MS} ms) ${median < APPLY_TARGET_MS ? "ok" : "MISSED"}`);
    console.log(memoryLine(label, peak, "sampled VmRSS of this process during the runs"));
  }
  console.log(`${label}: apply median ${pct(times, 50).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}) over ${RUNS} runs`);
  console.log(`${label}: price-list reads when idle: ${idleStats}`);
  console.log(`${label}: price-list reads during the applies: ${stats(reads)}; ${failedReads} failed\n`);
}

const dir = mkdtempSync(join(tmpdir(), "bench-apply-"));
try {
  const sqlitePath = join(dir, "bench.db");
  if (SCALE > 1) await prepareScaledDatabase(SCALE, { sqlitePath });
  const sqlite = openDb({ sqlitePath });
  if (SCALE === 1) {
    await sqlite.migrate();
    await seedDatabase(sqlite);
  }
  await bench("SQLite", sqlite);
  await sqlite.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const url = process.env.DATABASE_URL;
if (isPostgresUrl(url)) {
  await withPostgres("bench_apply", async (databaseUrl) => {
    if (SCALE > 1) await prepareScaledDatabase(SCALE, { databaseUrl });
    const db = openDb({ databaseUrl, poolSize: 10 });
    if (SCALE === 1) {
      await db.migrate();
      await seedDatabase(db);
    }
    await bench("PostgreSQL", db);
    await db.close();
  }, url);
} else {
  console.log("PostgreSQL skipped: set DATABASE_URL=postgres://… to include it.");
}
