/**
 * npm run bench:forecast [-- domains]: the renewal forecast of a large portfolio (default 5,000
 * entries over the 60 TLDs with the most quotes, each at one of the providers quoting it, expiring
 * over the next 14 months, half auto-renewing, a quarter with auto-renew unknown (summed as
 * "expected if it renews") and a quarter off, one in ten without an expiry date) through
 * the real app, on SQLite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, PostgreSQL.
 * Requests go one at a time through app.request(); each round times every read BENCH_REQUESTS
 * times (default 30) in turn, and the figures are the medians over BENCH_ROUNDS rounds (default 5)
 * of each round's median. The same rounds time the health check (the trivial route) and the
 * portfolio summary (the other read of the whole portfolio) as baselines; the target is a
 * forecast answer under 150 ms. The per-domain CSV is timed too (it lists every domain's figures).
 */
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { upsertUserDomains } from "../db/repositories/user-domain-repository.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../src/server/testing/auth.ts";
import { createTestApp } from "../src/server/testing/test-app.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const domains = Number(process.argv[2] ?? 5000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 30);
const TARGET_MS = 150;

const READS: [string, string][] = [
  ["health (trivial route)", "/api/health"],
  ["summary (baseline)", "/api/user-domains/summary?currency=USD"],
  ["forecast USD", "/api/user-domains/forecast"],
  ["forecast EUR", "/api/user-domains/forecast?currency=EUR"],
  ["forecast CSV, EUR", "/api/user-domains/forecast.csv?currency=EUR"],
  ["per-domain CSV, EUR", "/api/user-domains/forecast-domains.csv?currency=EUR"],
];

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** `domains` entries over the most-quoted TLDs, each at a provider quoting its TLD. */
async function fillPortfolio(handle: Db, userId: number) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const tlds = await db.select({ id: dp.tldId, name: t.tlds.name, n: count() }).from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).groupBy(dp.tldId, t.tlds.name).orderBy(desc(count()), t.tlds.name).limit(60);
  const quotes = await db.select({ tldId: dp.tldId, providerId: dp.serviceProviderId }).from(dp).orderBy(dp.id);
  const providersOf = new Map<number, number[]>();
  for (const q of quotes) providersOf.set(q.tldId, [...(providersOf.get(q.tldId) ?? []), q.providerId]);
  const rows = Array.from({ length: domains }, (_, i) => {
    const tld = tlds[i % tlds.length]!;
    const providers = providersOf.get(tld.id)!;
    return {
      domainName: `bench-${i}.${tld.name}`, tldId: tld.id, serviceProviderId: providers[i % providers.length]!,
      registrationDate: null, expirationDate: i % 10 === 9 ? null : isoDay(i % 425), autoRenew: i % 4 < 2 ? true : i % 4 === 2 ? null : false, notes: null,
    };
  });
  await upsertUserDomains(handle, userId, rows);
}

async function run(label: string, handle: Db) {
  const app = createTestApp(handle, { env: { ...AUTH_TEST_ENV, PORTFOLIO_MAX_DOMAINS: String(domains) } });
  const user = await registerUser(app);
  const [stored] = await handle.orm.select({ id: handle.t.users.id }).from(handle.t.users).where(eq(handle.t.users.email, user.email));
  await fillPortfolio(handle, stored!.id);
  const call = authed(app, user.cookie);
  const perRound = new Map<string, number[]>(READS.map(([name]) => [name, []]));
  for (const [, path] of READS) { // warm-up, and a check that every read answers
    const res = await call(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const forecast = (await call<{ total: { domains: number }; ifRenews: { domains: number }; notInTotals: unknown[] }>("/api/user-domains/forecast")).body;
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, path] of READS) {
      const times: number[] = [];
      for (let i = 0; i < requests; i += 1) {
        const started = performance.now();
        await call(path);
        times.push(performance.now() - started);
      }
      perRound.get(name)!.push(median(times));
    }
  }
  console.log(`\n${label}: ${domains} domains (${forecast.total.domains} in the forecast's totals, ${forecast.ifRenews.domains} expected if they renew, ${forecast.notInTotals.length} named as left out),`
    + ` median ms per request (median of ${rounds} rounds × ${requests} requests; round medians min–max)`);
  for (const [name, values] of perRound) {
    console.log(`  ${name.padEnd(24)} ${median(values).toFixed(2).padStart(8)}   (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`);
  }
  const worst = Math.max(...READS.filter(([name]) => name.startsWith("forecast ")).map(([name]) => median(perRound.get(name)!)));
  console.log(`  slowest forecast median ${worst.toFixed(2)} ms: ${worst < TARGET_MS ? "within" : "OVER"} the ${TARGET_MS} ms target`);
}

await runOnSeededDatabases("forecast", run);
