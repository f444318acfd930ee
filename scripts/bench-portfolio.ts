/**
 * npx tsx scripts/bench-portfolio.ts [domains]: the portfolio's reads on a large portfolio
 * (default 5,000 entries spread over the 60 TLDs with the most quotes, each at one of the
 * providers quoting it), through the real app on SQLite, and on PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Requests go one at a time through
 * app.request(); each round times every read BENCH_REQUESTS times (default 40) in turn, and the
 * figures are the medians over BENCH_ROUNDS rounds (default 5) of each round's median.
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
const requests = Number(process.env.BENCH_REQUESTS ?? 40);

const READS: [string, string][] = [
  ["first page by name (24)", "/api/user-domains?page=1"],
  ["page 40 by name (100)", "/api/user-domains?limit=100&page=40"],
  ["first page by expiry (100)", "/api/user-domains?limit=100&sortBy=expirationDate"],
  ["search \"77\" (100)", "/api/user-domains?limit=100&search=77"],
  ["summary (whole portfolio)", "/api/user-domains/summary"],
];

/** `domains` entries over the most-quoted TLDs, each at a provider quoting its TLD, half with an expiry date. */
async function fillPortfolio(handle: Db, userId: number) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const tlds = await db.select({ id: dp.tldId, name: t.tlds.name, n: count() }).from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).groupBy(dp.tldId, t.tlds.name).orderBy(desc(count()), t.tlds.name).limit(60);
  const quotes = await db.select({ tldId: dp.tldId, providerId: dp.serviceProviderId }).from(dp);
  const providersOf = new Map<number, number[]>();
  for (const q of quotes) providersOf.set(q.tldId, [...(providersOf.get(q.tldId) ?? []), q.providerId]);
  const rows = Array.from({ length: domains }, (_, i) => {
    const tld = tlds[i % tlds.length]!;
    const providers = providersOf.get(tld.id)!;
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((i % 12) + 1).padStart(2, "0");
    return {
      domainName: `bench-${i}.${tld.name}`, tldId: tld.id, serviceProviderId: providers[i % providers.length]!,
      registrationDate: null, expirationDate: i % 2 ? `2027-${month}-${day}` : null, autoRenew: i % 3 === 0, notes: null,
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
  console.log(`\n${label}: ${domains} domains, median ms per request (median of ${rounds} rounds × ${requests} requests; round medians min–max)`);
  for (const [name, values] of perRound) {
    console.log(`  ${name.padEnd(28)} ${median(values).toFixed(2).padStart(8)}   (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`);
  }
}

await runOnSeededDatabases("portfolio", run);
