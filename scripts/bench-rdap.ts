/**
 * npm run bench:rdap: refreshes the registry dates of a 5,000-domain portfolio (BENCH_DOMAINS)
 * spread over 20 RDAP servers, loopback fakes answering in 50 ms (BENCH_RDAP_DELAY_MS), on
 * SQLite through the in-process queue, with the product's politeness limits (2 in flight per
 * server, RDAP_REQUESTS_PER_SECOND starts per second per server, default 10). The bootstrap
 * naming the 20 servers is downloaded from a fake IANA as the monthly job does. Each round
 * (BENCH_ROUNDS, default 3) starts from no registry records and a fresh client (empty cache);
 * prints each round's time and the median against a 60 s target, the most requests each fake
 * saw in flight at once, and, as the same run's baseline, the same requests sent straight to
 * the fakes 2 at a time per server without the rate limit or the database.
 *
 * Then fairness (scripts/lib/rdap-fairness.ts): two users on one RDAP server answering in
 * BENCH_RDAP_DELAY_MS, one importing BENCH_FAIR_DOMAINS names (default 10,000) through the app,
 * the other adding one name once the import's lookups are under way; the other's name must be
 * checked within 5 s (median of BENCH_FAIR_ROUNDS, default 3), against the same add on the idle
 * server as the baseline. On SQLite with the in-process queue, and on PostgreSQL with pg-boss
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { openDb } from "../db/client.ts";
import { upsertUserDomains } from "../db/repositories/user-domain-repository.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { createJobQueue } from "../jobs/create-queue.ts";
import { InProcessQueue } from "../jobs/in-process-queue.ts";
import { loadConfig } from "../src/server/config.ts";
import { refreshRdapBootstrap } from "../src/server/features/portfolio/registry-bootstrap.ts";
import { registerRegistryJobs } from "../src/server/features/portfolio/registry-jobs.ts";
import { startFakeRdap, type FakeRdap } from "../src/server/integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { requestRegistryChecks } from "../src/server/domain/registry-checks.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";
import { withPostgres } from "./lib/bench-postgres.ts";
import { measureFairness } from "./lib/rdap-fairness.ts";

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DELAY_MS = Number(process.env.BENCH_RDAP_DELAY_MS ?? 50);
const TARGET_S = 60;
const FAIR_DOMAINS = Number(process.env.BENCH_FAIR_DOMAINS ?? 10_000);
const FAIR_ROUNDS = Number(process.env.BENCH_FAIR_ROUNDS ?? 3);
const TLDS = ["com", "net", "org", "info", "biz", "xyz", "online", "site", "store", "tech", "app", "dev", "io", "me", "co", "tv", "ai", "cc", "us", "eu"];
const DATES = { registration: "2016-04-11T12:00:00Z", expiration: "2029-04-11T12:00:00Z", lastChanged: "2025-03-01T08:00:00Z" };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const dir = mkdtempSync(join(tmpdir(), "bench-rdap-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
const log = createLogger("silent");
const fakes: FakeRdap[] = [];
for (const _ of TLDS) fakes.push(await startFakeRdap({ delayMs: DELAY_MS, answerEvery: (name) => ({ kind: "json", body: verisignAnswer(name, DATES) }) }));
const iana = new Hono().get("/dns.json", (c) => c.json({
  version: "1.0", publication: "2026-11-01T00:00:00Z", services: TLDS.map((tld, i) => [[tld], [fakes[i]!.baseUrl]]),
}));
const ianaServer = await startLoopbackServer(iana);
const names = Array.from({ length: DOMAINS }, (_, i) => `bench-${i}.${TLDS[i % TLDS.length]}`);

/** The same requests straight to the fakes, 2 at a time per server: what the network and the fakes cost. */
async function baseline(): Promise<number> {
  const started = performance.now();
  await Promise.all(fakes.map(async (fake, i) => {
    const mine = names.filter((_, n) => n % TLDS.length === i);
    const worker = async () => {
      for (let name = mine.shift(); name !== undefined; name = mine.shift()) await (await fetch(`${fake.baseUrl}domain/${name}`)).text();
    };
    await Promise.all([worker(), worker()]);
  }));
  return (performance.now() - started) / 1000;
}

try {
  await db.migrate();
  await seedDatabase(db);
  const { t } = db;
  const [user] = await db.orm.insert(t.users).values({ email: "bench@example.invalid", passwordHash: "x" }).returning({ id: t.users.id });
  const tlds = await db.orm.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds);
  const tldId = new Map(tlds.map((r) => [r.name, r.id]));
  await upsertUserDomains(db, user!.id, names.map((domainName) => ({
    domainName, tldId: tldId.get(domainName.split(".").pop()!)!, serviceProviderId: null,
    registrationDate: null, expirationDate: null, autoRenew: null, notes: null,
  })));
  // The fakes are on this machine: the operator lists them, as the bootstrap does not come from the configuration.
  const config = loadConfig({ NODE_ENV: "test", IANA_RDAP_BOOTSTRAP_URL: `${ianaServer.url}/dns.json`, OUTBOUND_ALLOW_PRIVATE: "127.0.0.1:*" });
  await refreshRdapBootstrap(db, config.IANA_RDAP_BOOTSTRAP_URL);
  console.log(`${DOMAINS} domains over ${fakes.length} RDAP servers answering in ${DELAY_MS} ms; politeness: 2 in flight and ${config.RDAP_REQUESTS_PER_SECOND} starts/s per server`);
  console.log(`rate-limit floor: ${(Math.ceil(DOMAINS / fakes.length) / config.RDAP_REQUESTS_PER_SECOND).toFixed(1)} s per server`);

  const times: number[] = [];
  const baselines: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await db.orm.delete(t.domainRegistryRecords);
    for (const fake of fakes) Object.assign(fake, { maxInFlight: 0, requests: [] });
    const queue = new InProcessQueue({ db, log, pollIntervalMs: 50 });
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db, config, log });
    const started = performance.now();
    await requestRegistryChecks(queue);
    for (;;) {
      const rr = t.domainRegistryRecords;
      const [row] = await db.orm.select({ n: count() }).from(rr).where(eq(rr.outcome, "ok"));
      if (Number(row?.n) >= DOMAINS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    await queue.stop();
    times.push(seconds);
    const inFlight = fakes.map((f) => f.maxInFlight);
    const requests = fakes.reduce((n, f) => n + f.requests.length, 0);
    for (const fake of fakes) Object.assign(fake, { maxInFlight: 0, requests: [] });
    const base = await baseline();
    baselines.push(base);
    console.log(`round ${round}: ${seconds.toFixed(2)} s for ${requests} requests; most in flight per server ${Math.max(...inFlight)} (per server: ${inFlight.join(" ")}); baseline without limits or database ${base.toFixed(2)} s`);
  }
  const m = median(times);
  console.log(`median refresh: ${m.toFixed(2)} s (target < ${TARGET_S} s); median baseline ${median(baselines).toFixed(2)} s`);
  if (m >= TARGET_S) process.exitCode = 1;

  console.log(`\nFairness, SQLite: ${FAIR_DOMAINS} names of one user and one of another on one RDAP server answering in ${DELAY_MS} ms`);
  await db.orm.delete(t.userDomains);
  await measureFairness({
    label: "SQLite", db, bulk: FAIR_DOMAINS, delayMs: DELAY_MS, rounds: FAIR_ROUNDS,
    newQueue: () => new InProcessQueue({ db, log, pollIntervalMs: 50 }),
  });
  await withPostgres("bench_rdap", async (url) => {
    const pgDb = openDb({ databaseUrl: url });
    try {
      await pgDb.migrate();
      await seedDatabase(pgDb);
      console.log(`\nFairness, PostgreSQL (pg-boss): the same`);
      await measureFairness({
        label: "PostgreSQL", db: pgDb, bulk: FAIR_DOMAINS, delayMs: DELAY_MS, rounds: FAIR_ROUNDS,
        newQueue: () => createJobQueue({ db: pgDb, config: { DATABASE_URL: url }, log }),
      });
    } finally {
      await pgDb.close();
    }
  });
} finally {
  await Promise.all([...fakes.map((f) => f.server.close()), ianaServer.close()]);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
