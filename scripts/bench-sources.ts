/**
 * npm run bench:sources: one full fetch of every live price source, as many at a time as the
 * fetch queue runs (its concurrency in the job catalogue; BENCH_CONCURRENCY=N for more), against
 * loopback fakes replaying each source's recorded answer, through
 * the engine's own fetch run (the source's whole list, names matched to the catalogue, the list
 * applied, the run logged) on a freshly seeded database. Prints each source's time and outcome,
 * the whole run's time against a 60 s target, and how many priced TLDs are covered by at least
 * three fresh sources (a quote confirmed by this run). SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. BENCH_RUNS=N repeats the run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, gte, isNotNull, or } from "drizzle-orm";
import type { Hono } from "hono";
import { openDb, type Db } from "../db/client.ts";
import { listServiceProviders } from "../db/repositories/service-provider-repository.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { loadConfig } from "../src/server/config.ts";
import { FETCH_QUEUE, JOB_CATALOGUE } from "../src/server/domain/job-catalogue.ts";
import { runPriceFetch } from "../src/server/features/price-engine/fetch-run.ts";
import { bundledPriceSource, createPriceSources } from "../src/server/integrations/prices/registry.ts";
import { fakeDynadot } from "../src/server/integrations/prices/testing/fake-dynadot.ts";
import { fakeGandi } from "../src/server/integrations/prices/testing/fake-gandi.ts";
import { fakeDnsimple } from "../src/server/integrations/prices/testing/fake-dnsimple.ts";
import { fakeHover } from "../src/server/integrations/prices/testing/fake-hover.ts";
import { fakeInternetBs } from "../src/server/integrations/prices/testing/fake-internetbs.ts";
import { fakeNameCom } from "../src/server/integrations/prices/testing/fake-namecom.ts";
import { fakeNamecheapPublic } from "../src/server/integrations/prices/testing/fake-namecheap-public.ts";
import { fakeNameSilo } from "../src/server/integrations/prices/testing/fake-namesilo.ts";
import { fakeOpenprovider, OPENPROVIDER_SHEET_PATH } from "../src/server/integrations/prices/testing/fake-openprovider.ts";
import { fakePorkbun } from "../src/server/integrations/prices/testing/fake-porkbun.ts";
import { fakeResellerClub } from "../src/server/integrations/prices/testing/fake-resellerclub.ts";
import { fakeRoute53, ROUTE53_TEST_KEY } from "../src/server/integrations/prices/testing/fake-route53.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { startLoopbackServer, type LoopbackServer } from "../src/server/testing/loopback.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../src/shared/price-freshness.ts";
import { withPostgres } from "./lib/bench-postgres.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? JOB_CATALOGUE[FETCH_QUEUE].concurrency);
const TARGET_MS = 60_000;
const FETCH_TIMEOUT_MS = 120_000;

/** Every live source's fake, served on loopback, and the configuration that points the sources at them. */
async function serveFakes(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const servers: LoopbackServer[] = [];
  const serve = async (fake: { app: Hono }) => {
    const server = await startLoopbackServer(fake.app);
    servers.push(server);
    return server.url;
  };
  const env = {
    PORKBUN_API_URL: await serve(fakePorkbun()),
    OPENPROVIDER_PRICES_URL: `${await serve(fakeOpenprovider())}${OPENPROVIDER_SHEET_PATH}?format=csv&gid=1726709886`,
    NAMECHEAP_PRICES_URL: `${await serve(fakeNamecheapPublic())}/domains/tlds.ashx`,
    HOVER_PRICES_URL: `${await serve(fakeHover())}/domain-pricing`,
    DYNADOT_API_URL: `${await serve(fakeDynadot())}/api3.json`, DYNADOT_API_KEY: "bench-key",
    NAMESILO_API_URL: `${await serve(fakeNameSilo())}/api`, NAMESILO_API_KEY: "bench-key",
    ROUTE53_API_URL: await serve(fakeRoute53()),
    ROUTE53_ACCESS_KEY_ID: ROUTE53_TEST_KEY.accessKeyId, ROUTE53_SECRET_ACCESS_KEY: ROUTE53_TEST_KEY.secretAccessKey,
    INTERNETBS_API_URL: `${await serve(fakeInternetBs())}/`, INTERNETBS_API_KEY: "bench-key", INTERNETBS_PASSWORD: "bench-password",
    GANDI_API_URL: `${await serve(fakeGandi())}/`, GANDI_PERSONAL_ACCESS_TOKEN: "bench-token",
    DNSIMPLE_API_URL: await serve(fakeDnsimple()), DNSIMPLE_API_TOKEN: "bench-token", DNSIMPLE_ACCOUNT_ID: "1010",
    NAMECOM_API_URL: `${await serve(fakeNameCom())}/`, NAMECOM_USERNAME: "bench-user", NAMECOM_API_TOKEN: "bench-token",
    RESELLERCLUB_API_URL: `${await serve(fakeResellerClub())}/api`, RESELLERCLUB_AUTH_USERID: "614860", RESELLERCLUB_API_KEY: "bench-key",
  };
  return { env, close: async () => { await Promise.all(servers.map((s) => s.close())); } };
}

/** Priced names (TLDs and second-level suffixes) by how many providers' quotes this run confirmed. */
async function coverage(db: Db, since: Date): Promise<{ priced: number; byThree: number }> {
  const { orm, t } = db;
  const rows = await orm.select({ tldId: t.domainPrices.tldId, providerId: t.domainPrices.serviceProviderId })
    .from(t.domainPrices)
    .where(and(gte(t.domainPrices.lastCheckedAt, since), or(
      isNotNull(t.domainPrices.registrationPrice), isNotNull(t.domainPrices.renewalPrice), isNotNull(t.domainPrices.transferPrice),
    )));
  const providers = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = providers.get(row.tldId) ?? new Set<number>();
    set.add(row.providerId);
    providers.set(row.tldId, set);
  }
  return { priced: providers.size, byThree: [...providers.values()].filter((s) => s.size >= 3).length };
}

async function bench(label: string, db: Db, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const live = createPriceSources(config, { sleep: async () => undefined });
  const sources = { live, bundled: bundledPriceSource };
  const runnable = [...live.values()].filter((s) => s.missingConfiguration() === null).map((s) => s.providerKey);
  const skipped = [...live.values()].filter((s) => s.missingConfiguration() !== null).map((s) => `${s.providerKey} (${s.missingConfiguration()})`);
  const names = new Map((await listServiceProviders(db)).map((p) => [p.slug, p.name]));
  const deps = {
    db, log: createLogger("silent"), sources, onPricesChanged: () => undefined,
    fetchTimeoutMs: FETCH_TIMEOUT_MS, staleDays: DEFAULT_PRICE_STALE_DAYS,
  };
  for (let run = 1; run <= RUNS; run++) {
    const since = new Date();
    const began = performance.now();
    const waiting = [...runnable];
    const results: { providerKey: string; ms: number; log: Awaited<ReturnType<typeof runPriceFetch>> }[] = [];
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let providerKey = waiting.shift(); providerKey; providerKey = waiting.shift()) {
        const start = performance.now();
        const log = await runPriceFetch(deps, { providerKey, requestType: "scheduled", source: "auto" }, new AbortController().signal);
        results.push({ providerKey, ms: performance.now() - start, log });
      }
    }));
    const totalMs = performance.now() - began;
    console.log(`${label}, run ${run}: ${runnable.length} live sources fetched, ${CONCURRENCY} at a time`);
    for (const r of results.sort((a, b) => b.ms - a.ms)) {
      const outcome = r.log?.status === "success" ? `${r.log.resultCount} quotes` : `${r.log?.status ?? "no run"}: ${r.log?.errorMessage ?? ""}`;
      console.log(`  ${(names.get(r.providerKey) ?? r.providerKey).padEnd(18)} ${r.ms.toFixed(0).padStart(6)} ms  ${outcome}`);
    }
    if (skipped.length) console.log(`  not configured, so not fetched: ${skipped.join("; ")}`);
    const { priced, byThree } = await coverage(db, since);
    const failed = results.filter((r) => r.log?.status !== "success").length;
    console.log(`${label}, run ${run}: whole fetch ${(totalMs / 1000).toFixed(1)} s (target < ${TARGET_MS / 1000} s) ${totalMs < TARGET_MS && failed === 0 ? "ok" : "MISSED"}; ` +
      `${priced} priced names fresh from this run, ${byThree} of them from at least three sources; ${failed} failed\n`);
  }
}

const fakes = await serveFakes();
try {
  const dir = mkdtempSync(join(tmpdir(), "bench-sources-"));
  try {
    const sqlite = openDb({ sqlitePath: join(dir, "bench.db") });
    await sqlite.migrate();
    await seedDatabase(sqlite);
    await bench("SQLite", sqlite, fakes.env);
    await sqlite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await withPostgres("bench_sources", async (databaseUrl) => {
    const db = openDb({ databaseUrl, poolSize: 10 });
    await db.migrate();
    await seedDatabase(db);
    await bench("PostgreSQL", db, fakes.env);
    await db.close();
  });
} finally {
  await fakes.close();
}
// The loopback servers' keep-alive sockets would hold the process open a little longer.
process.exit(0);
