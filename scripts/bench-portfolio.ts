/**
 * npx tsx scripts/bench-portfolio.ts [domains]: the portfolio's reads and a whole-portfolio CSV
 * import at a large portfolio (default 5,000 entries; the target figures are for 10,000, the
 * PORTFOLIO_MAX_DOMAINS default), through the real app on SQLite, and on PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 *
 * The portfolio spreads over the 60 TLDs with the most quotes, as a portfolio filled in by its
 * registries looks: half the entries carry a registry record (RDAP, or WHOIS for one in five of
 * them) with its expiry, and of those, a third were added by name alone (no registrar typed:
 * priced at the registrar the registry names); auto-renew is on for half, off for a quarter and
 * unknown for the rest. Requests go one at a time through app.request(); each round times every
 * read BENCH_REQUESTS times (default 40) in turn, with the health route as the same rounds'
 * baseline, and the figures are the medians over BENCH_ROUNDS rounds (default 5) of each round's
 * median, against a 150 ms target for the list page, the summary and the forecast.
 *
 * The import: each of BENCH_IMPORT_ROUNDS rounds (default 3) imports the same entries as a CSV
 * (domainName, tld, registrar, dates, autoRenew) into a fresh account through POST
 * /api/user-domains/import, against a 15 s target; the baseline is the same rows written
 * straight through the repository (no parsing, checking or report).
 */
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { saveRegistryResults, type RegistryResult } from "../db/repositories/registry-record-repository.ts";
import { upsertUserDomains, type UserDomainValues } from "../db/repositories/user-domain-repository.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../src/server/testing/auth.ts";
import { createTestApp } from "../src/server/testing/test-app.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const domains = Number(process.argv[2] ?? 5000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const importRounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const READ_TARGET_MS = 150;
const IMPORT_TARGET_S = 15;

const READS: [string, string, boolean][] = [
  ["health (baseline)", "/api/health", false],
  ["first page by name (24)", "/api/user-domains?page=1", true],
  ["page 40 by name (100)", "/api/user-domains?limit=100&page=40", true],
  ["first page by expiry (100)", "/api/user-domains?limit=100&sortBy=expirationDate", true],
  ["search \"77\" (100)", "/api/user-domains?limit=100&search=77", true],
  ["summary (whole portfolio)", "/api/user-domains/summary", true],
  ["summary in EUR", "/api/user-domains/summary?currency=EUR", true],
  ["forecast (USD)", "/api/user-domains/forecast", true],
  ["forecast in EUR", "/api/user-domains/forecast?currency=EUR", true],
];

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Fixture {
  rows: (UserDomainValues & { providerName: string | null })[];
  tldNames: Map<number, string>;
}

/** `domains` entries over the most-quoted TLDs, each at a provider quoting its TLD (or at none, for the registry to name). */
async function portfolioRows(handle: Db): Promise<Fixture> {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const tlds = await db.select({ id: dp.tldId, name: t.tlds.name, n: count() }).from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).groupBy(dp.tldId, t.tlds.name).orderBy(desc(count()), t.tlds.name).limit(60);
  const quotes = await db.select({ tldId: dp.tldId, providerId: dp.serviceProviderId, name: t.serviceProviders.name })
    .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId)).orderBy(dp.id);
  const providersOf = new Map<number, { id: number; name: string }[]>();
  for (const q of quotes) providersOf.set(q.tldId, [...(providersOf.get(q.tldId) ?? []), { id: q.providerId, name: q.name }]);
  const rows = Array.from({ length: domains }, (_, i) => {
    const tld = tlds[i % tlds.length]!;
    const providers = providersOf.get(tld.id)!;
    const provider = i % 6 === 0 ? null : providers[i % providers.length]!; // added by name: the registry names it
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((i % 12) + 1).padStart(2, "0");
    return {
      domainName: `bench-${i}.${tld.name}`, tldId: tld.id, serviceProviderId: provider?.id ?? null, providerName: provider?.name ?? null,
      registrationDate: null, expirationDate: i % 2 ? `2027-${month}-${day}` : null,
      autoRenew: i % 4 < 2 ? true : i % 4 === 2 ? false : null, notes: null,
    };
  });
  return { rows, tldNames: new Map(tlds.map((x) => [x.id, x.name])) };
}

/** Registry records for every other entry, as lookups would store them; the registrar is the typed one, or the TLD's first quoting provider. */
async function registryRecords(handle: Db, userId: number, fixture: Fixture) {
  const { orm: db, t } = handle;
  const ids = await db.select({ id: t.userDomains.id, name: t.userDomains.domainName }).from(t.userDomains).where(eq(t.userDomains.userId, userId));
  const providers = await db.select({ id: t.serviceProviders.id, ianaId: t.serviceProviders.ianaId }).from(t.serviceProviders);
  const iana = new Map(providers.map((p) => [p.id, p.ianaId]));
  const idOf = new Map(ids.map((r) => [r.name, r.id]));
  const now = new Date();
  const results: RegistryResult[] = [];
  fixture.rows.forEach((row, i) => {
    if (i % 2 === 1) return;
    results.push({
      userDomainId: idOf.get(row.domainName)!, domainName: row.domainName, outcome: "ok", protocol: i % 10 === 0 ? "whois" : "rdap",
      rdapServer: i % 10 === 0 ? "whois://whois.example" : "https://rdap.example/", expirationDate: isoDay((i % 400) + 1),
      registrationDate: "2019-04-01", lastChangedDate: "2025-01-01", statuses: ["clientTransferProhibited"], nameservers: ["ns1.example.net"],
      registrarIanaId: iana.get(row.serviceProviderId ?? -1) ?? 1068, registrarName: "Registrar", checkedAt: now, nextCheckAt: new Date(now.getTime() + 7 * 86_400_000),
    });
  });
  for (let i = 0; i < results.length; i += 1000) await saveRegistryResults(handle, results.slice(i, i + 1000));
}

const csvOf = (fixture: Fixture) => [
  "domainName,tld,registrar,registrationDate,expirationDate,autoRenew",
  ...fixture.rows.map((r) => [r.domainName, fixture.tldNames.get(r.tldId), r.providerName ?? "", "", r.expirationDate ?? "", r.autoRenew === null ? "" : String(r.autoRenew)].join(",")),
].join("\n");

async function run(label: string, handle: Db) {
  const app = createTestApp(handle, { env: { ...AUTH_TEST_ENV, PORTFOLIO_MAX_DOMAINS: String(domains) } });
  const user = await registerUser(app);
  const [stored] = await handle.orm.select({ id: handle.t.users.id }).from(handle.t.users).where(eq(handle.t.users.email, user.email));
  const fixture = await portfolioRows(handle);
  await upsertUserDomains(handle, stored!.id, fixture.rows.map(({ providerName: _name, ...values }) => values));
  await registryRecords(handle, stored!.id, fixture);
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
  let over = 0;
  for (const [name, , targeted] of READS) {
    const values = perRound.get(name)!;
    const m = median(values);
    if (targeted && m >= READ_TARGET_MS) over += 1;
    console.log(`  ${name.padEnd(28)} ${m.toFixed(2).padStart(8)}   (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})${targeted ? (m < READ_TARGET_MS ? "" : "  OVER") : ""}`);
  }
  console.log(`  ${over === 0 ? "every" : `${READS.filter((r) => r[2]).length - over} of ${READS.filter((r) => r[2]).length}`} list, summary and forecast read${over === 0 ? "" : "s"} within the ${READ_TARGET_MS} ms target`);

  const csv = csvOf(fixture);
  const imports: number[] = [];
  const baselines: number[] = [];
  for (let round = 0; round < importRounds; round += 1) {
    const importer = authed(app, (await registerUser(app)).cookie);
    const started = performance.now();
    const res = await importer<{ totals: { added: number; rejected: number } }>("/api/user-domains/import", {
      method: "POST", body: csv, headers: { "content-type": "text/csv" },
    });
    imports.push((performance.now() - started) / 1000);
    if (res.status !== 200 || res.body.totals.added !== domains) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
    const [other] = await handle.orm.insert(handle.t.users).values({ email: `baseline-${round}-${Date.now()}@example.invalid` }).returning({ id: handle.t.users.id });
    const baseStarted = performance.now();
    await upsertUserDomains(handle, other!.id, fixture.rows.map(({ providerName: _name, ...values }) => values));
    baselines.push((performance.now() - baseStarted) / 1000);
  }
  const m = median(imports);
  console.log(`  CSV import of ${domains} rows (${(csv.length / 1024).toFixed(0)} KB): median ${m.toFixed(2)} s over ${importRounds} rounds (${imports.map((s) => s.toFixed(2)).join(", ")}),`
    + ` ${m < IMPORT_TARGET_S ? "within" : "OVER"} the ${IMPORT_TARGET_S} s target; the same rows straight through the repository ${median(baselines).toFixed(2)} s`);
}

await runOnSeededDatabases("portfolio", run);
