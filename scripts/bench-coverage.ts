/**
 * npm run bench:coverage: how the bundled data covers the registry dates of every delegated TLD.
 * A fresh SQLite database gets the bundled data (IANA's root zone, its RDAP bootstrap and the
 * supplement to it); the registry coverage answer (the same service as GET /api/registry-coverage,
 * which asks RegistryLookups.routesFor, the lookups' own order) then counts TLDs per method, all
 * of them and the country codes apart, and names the ccTLDs the supplement covers. With
 * RDAP_SERVERS_FILE set, the operator's file is counted too; WHOIS_ENABLED=false turns the
 * WHOIS fallback off as it does for the lookups. No registry, and not IANA's WHOIS server, is
 * asked: a TLD left to WHOIS learns its server from IANA at its first lookup.
 *
 * Then the answer's cost for the page: the time to build it (median of BENCH_ROUNDS, default 5,
 * each on a fresh configuration so nothing is reused) and its size as JSON, raw and gzip-compressed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { openDb } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { loadConfig } from "../src/server/config.ts";
import { getRegistryCoverage, REGISTRY_METHODS, type RegistryCoverage } from "../src/server/features/portfolio/registry-coverage.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const env = () => loadConfig({
  NODE_ENV: "test", LOG_LEVEL: "silent",
  ...(process.env.RDAP_SERVERS_FILE ? { RDAP_SERVERS_FILE: process.env.RDAP_SERVERS_FILE } : {}),
  ...(process.env.WHOIS_ENABLED ? { WHOIS_ENABLED: process.env.WHOIS_ENABLED } : {}),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pct = (n: number, of: number) => (of ? `${((n / of) * 100).toFixed(1)} %` : "-");

function printTotals(coverage: RegistryCoverage) {
  const all = coverage.tlds.length;
  const cc = coverage.tlds.filter((row) => row.countryCode).length;
  console.log(`\nTLDs by method (${all} delegated TLDs, ${cc} of them country codes)\n`);
  console.log("| method | all TLDs | share | ccTLDs | share |");
  console.log("|---|---:|---:|---:|---:|");
  for (const method of REGISTRY_METHODS) {
    const a = coverage.totals.all[method];
    const c = coverage.totals.countryCode[method];
    console.log(`| ${method} | ${a} | ${pct(a, all)} | ${c} | ${pct(c, cc)} |`);
  }
  const rdap = (t: RegistryCoverage["totals"]["all"]) => t.iana_rdap + t.supplement + t.operator;
  console.log(`| RDAP in all | ${rdap(coverage.totals.all)} | ${pct(rdap(coverage.totals.all), all)} | ${rdap(coverage.totals.countryCode)} | ${pct(rdap(coverage.totals.countryCode), cc)} |`);
  const supplemented = coverage.tlds.filter((row) => row.method === "supplement");
  console.log(`\nccTLDs read over RDAP at a server the supplement names (${supplemented.length}):`);
  for (const row of supplemented) console.log(`  .${row.tld.padEnd(4)} ${String(row.server).padEnd(32)} publishes expiry: ${row.publishesExpiry}`);
  const operator = coverage.tlds.filter((row) => row.method === "operator");
  if (operator.length) console.log(`\nTLDs RDAP_SERVERS_FILE sends elsewhere (${operator.length}): ${operator.map((row) => `.${row.tld}`).join(" ")}`);
  const genericWhois = coverage.tlds.filter((row) => !row.countryCode && row.method === "whois");
  if (genericWhois.length) console.log(`\nNon-country-code TLDs left to WHOIS (${genericWhois.length}): ${genericWhois.map((row) => `.${row.tld}`).join(" ")}`);
}

const dir = mkdtempSync(join(tmpdir(), "bench-coverage-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
try {
  await db.migrate();
  await seedDatabase(db);
  const first = await getRegistryCoverage(db, env());
  printTotals(first);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const config = env();
    const started = performance.now();
    await getRegistryCoverage(db, config);
    times.push(performance.now() - started);
  }
  const json = Buffer.from(JSON.stringify(first));
  console.log(`\nThe answer: built in ${median(times).toFixed(1)} ms (median of ${ROUNDS}, nothing reused), ${(json.length / 1024).toFixed(0)} KB as JSON, ${(gzipSync(json).length / 1024).toFixed(0)} KB gzip-compressed`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
