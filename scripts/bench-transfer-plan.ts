/**
 * npm run bench:transfer-plan [-- domains]: the transfer plan of a large portfolio (default 10,000
 * entries over every priced TLD, each held at one of the registrars quoting it, so every priced
 * registrar is a possible destination; a tenth registered or moved within the last 60 days, a
 * tenth transfer-locked) through the real app, on SQLite and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set, PostgreSQL. Requests go one at a time through app.request(); each
 * round times every read BENCH_REQUESTS times (default 5), and the figures are the medians over
 * BENCH_ROUNDS rounds (default 3) of each round's median. Targets: the plan under 300 ms, one
 * domain's verdict (its page) under 50 ms. The health check is the trivial baseline. Beside each
 * median it prints the process's CPU time per request, which a busy machine changes less.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { upsertUserDomains } from "../db/repositories/user-domain-repository.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../src/server/testing/auth.ts";
import { createTestApp } from "../src/server/testing/test-app.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const domains = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const requests = Number(process.env.BENCH_REQUESTS ?? 5);
const TARGETS: Record<string, number> = { "plan USD": 300, "plan EUR": 300, "one domain's verdict": 50 };

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** `domains` entries over every priced TLD, each at a registrar quoting its TLD; returns one entry's id. */
async function fillPortfolio(handle: Db, userId: number): Promise<number> {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const quotes = await db.select({ tldId: dp.tldId, name: t.tlds.name, providerId: dp.serviceProviderId }).from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).orderBy(dp.tldId, dp.serviceProviderId);
  const byTld = new Map<number, { name: string; providers: number[] }>();
  for (const q of quotes) {
    const tld = byTld.get(q.tldId);
    if (tld) tld.providers.push(q.providerId);
    else byTld.set(q.tldId, { name: q.name, providers: [q.providerId] });
  }
  const tlds = [...byTld.entries()];
  const rows = Array.from({ length: domains }, (_, i) => {
    const [tldId, tld] = tlds[i % tlds.length]!;
    return {
      domainName: `bench-${i}.${tld.name}`, tldId, serviceProviderId: tld.providers[Math.floor(i / tlds.length) % tld.providers.length]!,
      registrationDate: i % 10 === 3 ? isoDay(-20) : "2019-06-01", expirationDate: isoDay(5 + (i % 400)), autoRenew: true, notes: null,
    };
  });
  await upsertUserDomains(handle, userId, rows);
  const ud = t.userDomains;
  const stored = await db.select({ id: ud.id, name: ud.domainName }).from(ud).where(eq(ud.userId, userId));
  const locked = stored.filter((_, i) => i % 10 === 7).map((r) => r.id);
  for (let i = 0; i < locked.length; i += 500) {
    const now = new Date();
    await db.insert(t.domainRegistryRecords).values(locked.slice(i, i + 500).map((userDomainId) => ({
      userDomainId, outcome: "ok", statuses: ["clientTransferProhibited"], nameservers: [], checkedAt: now, nextCheckAt: new Date(now.getTime() + 86_400_000), protocol: "rdap",
    })));
  }
  const [first] = await db.select({ id: ud.id }).from(ud).where(inArray(ud.id, stored.slice(0, 1).map((r) => r.id)));
  return first!.id;
}

async function run(label: string, handle: Db) {
  const app = createTestApp(handle, { env: { ...AUTH_TEST_ENV, PORTFOLIO_MAX_DOMAINS: String(domains) } });
  const user = await registerUser(app);
  const [stored] = await handle.orm.select({ id: handle.t.users.id }).from(handle.t.users).where(eq(handle.t.users.email, user.email));
  const one = await fillPortfolio(handle, stored!.id);
  const reads: [string, string][] = [
    ["health (trivial route)", "/api/health"],
    ["plan USD", "/api/portfolio/transfer-plan"],
    ["plan EUR", "/api/portfolio/transfer-plan?currency=EUR"],
    ["plan CSV, USD", "/api/portfolio/transfer-plan.csv"],
    ["one domain's verdict", `/api/user-domains/${one}/transfer-verdict`],
  ];
  const call = authed(app, user.cookie);
  for (const [, path] of reads) { // warm-up, and a check that every read answers
    const res = await call(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const planRead = await call<{ totals: { domains: number }; groups: unknown[]; notWorthMoving: number }>("/api/portfolio/transfer-plan");
  const plan = planRead.body;
  const planBytes = Buffer.byteLength(planRead.text);
  const perRound = new Map<string, number[]>(reads.map(([name]) => [name, []]));
  const cpuPerRound = new Map<string, number[]>(reads.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, path] of reads) {
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < requests; i += 1) {
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        await call(path);
        const used = process.cpuUsage(cpuBefore);
        times.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
      }
      perRound.get(name)!.push(median(times));
      cpuPerRound.get(name)!.push(median(cpu));
    }
  }
  console.log(`\n${label}: ${domains} domains (${plan.totals.domains} worth moving to ${plan.groups.length} registrars, ${plan.notWorthMoving} not; the plan in USD ${(planBytes / 1e6).toFixed(1)} MB as JSON),`
    + ` median ms per request (median of ${rounds} rounds × ${requests} requests; round medians min–max), and the process's CPU ms per request (all its threads, so the`
    + " garbage collector's too; PostgreSQL's own work is not in it), which other processes on the machine change less");
  for (const [name, values] of perRound) {
    const target = TARGETS[name];
    const verdict = target === undefined ? "" : `   ${median(values) < target ? "within" : "OVER"} the ${target} ms target`;
    const range = `(${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    console.log(`  ${name.padEnd(24)} ${median(values).toFixed(2).padStart(8)}   ${range.padEnd(18)} cpu ${median(cpuPerRound.get(name)!).toFixed(2).padStart(8)}${verdict}`);
  }
}

await runOnSeededDatabases("transfer_plan", run);
