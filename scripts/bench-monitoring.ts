/**
 * npx tsx scripts/bench-monitoring.ts: certificate and DNS checks of BENCH_DOMAINS portfolio
 * domains (default 10,000) on SQLite, through the product's run (claims, probes, plans, one
 * transaction per domain with its events), against loopback fakes answering in
 * BENCH_DELAY_MS (default 50 ms): BENCH_TLS_HOSTS TLS servers (default 20; each domain's apex
 * and www resolve to one of them through the fake DNS) and BENCH_RESOLVERS DNS servers (default
 * 2, as DNS_SERVERS), with the product's politeness (TLS_MAX_IN_FLIGHT_PER_HOST 3,
 * DNS_MAX_IN_FLIGHT_PER_SERVER 8). The probe is the product's, with each connection sent to the
 * fake's port (the fakes cannot all listen on 443). Prints the run's time against the 10-minute
 * target, the most connections each fake saw at once, and as the same run's baseline the same
 * handshakes and queries for BENCH_BASELINE_DOMAINS (default 1,000) sent straight to the fakes
 * with the same per-host limits but no database, scaled to the full count.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSecureContext, rootCertificates } from "node:tls";
import { eq } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { upsertUserDomains } from "../db/repositories/user-domain-repository.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { runMonitorChecks } from "../src/server/features/monitoring/monitor-check.ts";
import { addressesThrough, gateThrough } from "../src/server/features/monitoring/probes.ts";
import { networkPolicy } from "../src/server/integrations/net/address-policy.ts";
import { DnsRecords, RECORD_TYPES } from "../src/server/integrations/dns/records.ts";
import { startFakeDns, type FakeDns } from "../src/server/integrations/dns/testing/fake-dns.ts";
import { ServerGates } from "../src/server/integrations/net/host-gates.ts";
import { probeCertificate, type ProbeOutcome } from "../src/server/integrations/tls/probe.ts";
import { startFakeTls, type FakeTls } from "../src/server/integrations/tls/testing/fake-tls.ts";
import { createAuthority } from "../src/server/integrations/tls/testing/test-certificates.ts";

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 10_000);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 50);
const TLS_HOSTS = Number(process.env.BENCH_TLS_HOSTS ?? 20);
const RESOLVERS = Number(process.env.BENCH_RESOLVERS ?? 2);
const BASELINE_DOMAINS = Math.min(DOMAINS, Number(process.env.BENCH_BASELINE_DOMAINS ?? 1000));
const TLS_PER_HOST = 3;
const DNS_PER_SERVER = 8;
const TARGET_S = 600;

const dir = mkdtempSync(join(tmpdir(), "bench-monitoring-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
await db.migrate();
await seedDatabase(db);
const ca = createAuthority("Bench CA");
const leaf = ca.issue(["bench.invalid"], 60);
const tlsFakes: FakeTls[] = [];
for (let i = 0; i < TLS_HOSTS; i++) {
  const fake = await startFakeTls(leaf, `127.0.0.${i + 2}`);
  fake.delayMs = DELAY_MS;
  tlsFakes.push(fake);
}
const portOf = new Map(tlsFakes.map((f) => [f.host, f.port]));
const resolvers: FakeDns[] = [];
for (let i = 0; i < RESOLVERS; i++) resolvers.push(await startFakeDns(`127.0.1.${i + 1}`));
const names = Array.from({ length: DOMAINS }, (_, i) => `bench-${i}.com`);
for (const fake of resolvers) {
  fake.delayMs = DELAY_MS;
  names.forEach((name, i) => {
    const address = tlsFakes[i % TLS_HOSTS]!.host;
    fake.set(name, "A", [address]);
    fake.set(`www.${name}`, "A", [address]);
    fake.set(name, "NS", ["ns1.bench-dns.net", "ns2.bench-dns.net"]);
    fake.set(name, "MX", [`10 mx.${name}`]);
    fake.set(name, "TXT", ["v=spf1 -all"]);
    fake.set(`_dmarc.${name}`, "TXT", ["v=DMARC1; p=none"]);
    fake.set(name, "CAA", ['0 issue "letsencrypt.org"']);
  });
}

const { orm, t } = db;
const [user] = await orm.insert(t.users).values({ email: "bench-monitoring@example.invalid" }).returning({ id: t.users.id });
const [com] = await orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "com"));
for (let i = 0; i < names.length; i += 500) {
  await upsertUserDomains(db, user!.id, names.slice(i, i + 500).map((domainName) => ({
    domainName, tldId: com!.id, serviceProviderId: null, registrationDate: null, expirationDate: null, autoRenew: null, notes: null,
  })));
}

const dnsServers = resolvers.map((r) => r.address);
const policy = networkPolicy("loopback");
const secureContext = createSecureContext({ ca: [...rootCertificates, ca.cert] });

/** The product's probe and resolvers; `maxWaiting` handshakes may wait per address (the product's by default). */
function tools(maxWaiting?: number) {
  const dns = new DnsRecords({ servers: dnsServers, timeoutMs: 5000, maxInFlightPerServer: DNS_PER_SERVER, perSecondPerServer: 200 });
  const gates = new ServerGates(TLS_PER_HOST, 20);
  const resolve = addressesThrough(dns);
  const probe = async (host: string, port: number): Promise<ProbeOutcome> => {
    const addresses = await resolve(host);
    return probeCertificate({
      host, port, resolve: async () => addresses, policy, secureContext, timeoutMs: 10_000, maxBytes: 256 * 1024,
      connectOverride: { host: addresses[0]!, port: portOf.get(addresses[0]!)! },
      gate: gateThrough(gates, maxWaiting),
    });
  };
  return { dns, gates, probe };
}

const reset = () => {
  for (const f of tlsFakes) f.maxConcurrent = 0;
  for (const r of resolvers) r.maxInFlight = 0;
};

// Baseline: the same handshakes and queries, the same per-host limits, no database, every one queued.
reset();
const base = tools(Infinity);
let started = performance.now();
await Promise.all(names.slice(0, BASELINE_DOMAINS).map(async (name) => {
  await Promise.all([base.probe(name, 443), base.probe(`www.${name}`, 443), ...RECORD_TYPES.map((type) => base.dns.lookup(name, type))]);
}));
const baselineS = (performance.now() - started) / 1000;

reset();
const product = tools();
started = performance.now();
const summary = await runMonitorChecks({ db, probe: product.probe, dns: product.dns, confirmDelayMs: 300_000 }, {});
const runS = (performance.now() - started) / 1000;
const maxTls = Math.max(...tlsFakes.map((f) => f.maxConcurrent));
const maxDns = Math.max(...resolvers.map((r) => r.maxInFlight));

console.log(`certificate and DNS checks of ${DOMAINS} domains (${DOMAINS * 2} TLS handshakes, ${DOMAINS * (RECORD_TYPES.length + 1)} record queries + ${DOMAINS * 2} address lookups of www; the apex's are its A and AAAA records), fakes answering in ${DELAY_MS} ms`);
console.log(`  ${TLS_HOSTS} TLS servers (at most ${TLS_PER_HOST} connections each), ${RESOLVERS} resolvers (at most ${DNS_PER_SERVER} queries each), SQLite`);
console.log(`run: ${runS.toFixed(1)} s for ${summary.checked} domains checked, ${summary.deferred} put off, ${summary.events} events recorded (target < ${TARGET_S} s): ${runS < TARGET_S ? "met" : "NOT met"}`);
console.log(`baseline: ${baselineS.toFixed(1)} s for ${BASELINE_DOMAINS} domains straight to the fakes, no database; scaled to ${DOMAINS}: ${(baselineS * DOMAINS / BASELINE_DOMAINS).toFixed(1)} s`);
console.log(`most connections at once seen by a TLS fake: ${maxTls} (limit ${TLS_PER_HOST}); most queries at once seen by a resolver: ${maxDns} (limit ${DNS_PER_SERVER})`);

for (const f of tlsFakes) await f.close();
for (const r of resolvers) await r.close();
await db.close?.();
rmSync(dir, { recursive: true, force: true });
