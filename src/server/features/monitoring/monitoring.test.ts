/**
 * Certificate and DNS monitoring through the real app and the real queue, against a loopback TLS
 * server (test certificates made with openssl: valid, ending in 2 days, ended, another name,
 * self-signed, another issuer) and a loopback DNS server whose answers the test changes. Runs
 * are driven on a fake clock for the DNS second look; "Check now" goes through the job, which
 * hands the recorded events to the notifications' queue. On both databases.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { findMonitorState } from "../../../../db/repositories/monitoring-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { loadConfig } from "../../config.ts";
import { startFakeDns, type FakeDns } from "../../integrations/dns/testing/fake-dns.ts";
import { startFakeTls, type FakeTls } from "../../integrations/tls/testing/fake-tls.ts";
import { createAuthority, selfSigned, type TestAuthority } from "../../integrations/tls/testing/test-certificates.ts";
import { createLogger } from "../../lib/logger.ts";
import { DOMAIN_EVENTS_QUEUE } from "../../domain/domain-events.ts";
import { MONITOR_CHECK_QUEUE } from "../../domain/monitor-checks.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import { registerMonitorJobs } from "./jobs.ts";
import { ServerGates } from "../../integrations/net/host-gates.ts";
import type { ProbeOutcome } from "../../integrations/tls/probe.ts";
import { DEFER_MS, runMonitorChecks } from "./monitor-check.ts";
import { gateThrough, monitorProbes } from "./probes.ts";
import type { MonitoringView } from "./service.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CONFIRM_MS = 5 * MINUTE;
/** The longest an entry waits between two scheduled checks (monitor-schedule.ts: between 12 and 36 hours). */
const LONGEST_GAP = 36 * HOUR;

/**
 * The clock the runs start from. Entries are checked at a time of day of their own, so a run's
 * outcome may depend on the hour: TEST_FAKE_HOUR=HH:MM (UTC) starts the runs at the next instant
 * at that time of day (within a day of now, so the certificates made now still read as made
 * today), e.g. TEST_FAKE_HOUR=04:10 npx vitest run monitoring.test.ts. Unset: now.
 */
function runClock(): number {
  const real = Date.now();
  const fake = process.env.TEST_FAKE_HOUR;
  if (!fake) return real;
  const match = /^(\d{1,2}):(\d{2})$/.exec(fake);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) throw new Error(`TEST_FAKE_HOUR must be HH:MM, not ${fake}`);
  const day = 24 * HOUR;
  const at = real - (real % day) + Number(match[1]) * HOUR + Number(match[2]) * MINUTE;
  return at < real ? at + day : at;
}
type Call = ReturnType<typeof authed>;

describe("test certificates", () => {
  it("are made by openssl for the cases the monitoring tells apart", () => {
    expect(createAuthority("Probe CA").cert).toContain("BEGIN CERTIFICATE");
  });
});

forEachDialect("certificate and DNS monitoring", (getDb, _dialect, getTestDb) => {
  let dns: FakeDns;
  let tls: FakeTls;
  let ca: TestAuthority;
  let other: TestAuthority;
  let queue: JobQueue;
  let env: Record<string, string>;
  const told: number[][] = [];

  beforeAll(async () => {
    ca = createAuthority("Monitor Test CA");
    other = createAuthority("Other Test CA");
    const caFile = join(tmpdir(), `monitor-ca-${process.pid}-${Date.now()}.pem`);
    writeFileSync(caFile, `${ca.cert}\n${other.cert}`);
    dns = await startFakeDns();
    tls = await startFakeTls(selfSigned(["unknown.invalid"]));
    env = {
      DNS_SERVERS: dns.address, DNS_TIMEOUT_SECONDS: "2", TLS_CONNECT_OVERRIDE: `127.0.0.1:${tls.port}`, TLS_EXTRA_CA_FILE: caFile,
      TLS_TIMEOUT_SECONDS: "3", DNS_CONFIRM_DELAY_MS: String(CONFIRM_MS), MONITOR_CHECK_NOW_PER_HOUR: "3", MONITOR_MAX_HOSTS_PER_DOMAIN: "3",
    };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    // The job's worker is registered by the last test: until then runs are driven here, on a fake clock.
    await queue.createQueue(MONITOR_CHECK_QUEUE);
    await queue.createQueue(DOMAIN_EVENTS_QUEUE);
  }, 60_000);
  afterAll(async () => {
    await queue.stop();
    await dns.close();
    await tls.close();
  });

  const config = (extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...env, ...extra });
  const app = () => createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, ...env } });
  const signUp = async () => authed(app(), (await registerUser(app())).cookie);
  const addDomain = async (call: Call, name: string) => {
    const res = await call<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: name } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const view = async (call: Call, id: number) => (await call<MonitoringView>(`/api/user-domains/${id}/monitoring`)).body;
  const events = async (id: number) => {
    const { orm, t } = getDb();
    return orm.select().from(t.domainEvents).where(eq(t.domainEvents.userDomainId, id)).orderBy(t.domainEvents.id);
  };
  const run = (now: number, extra: Record<string, string> = {}) => {
    const probes = monitorProbes(config(extra));
    return runMonitorChecks({ db: getDb(), probe: (host, port) => probes.probe(host, port), dns: probes.dns, confirmDelayMs: CONFIRM_MS, now: () => new Date(now) }, { batch: 50 });
  };
  const zone = (name: string, a: string[]) => {
    dns.set(name, "A", a);
    dns.set(name, "NS", [`ns1.${name}`, `ns2.${name}`]);
    dns.set(name, "MX", [`10 mx.${name}`]);
    dns.set(name, "TXT", ["v=spf1 -all", "google-site-verification=abc"]);
    dns.set(`_dmarc.${name}`, "TXT", ["v=DMARC1; p=reject"]);
    dns.set(name, "CAA", ['0 issue "letsencrypt.org"']);
  };

  it("reads each host's certificate and tells what fails to verify, what ends soon, and a new issuer, once each", async () => {
    const call = await signUp();
    const name = `certs-${Date.now()}.com`;
    zone(name, ["192.0.2.10"]);
    tls.serve(name, ca.issue([name], 60));
    tls.serve(`www.${name}`, ca.issue([`www.${name}`], 2));
    tls.serve(`old.${name}`, ca.issue([`old.${name}`], -1));
    tls.serve(`wrong.${name}`, ca.issue([`elsewhere.${name}`], 60));
    tls.serve(`self.${name}`, selfSigned([`self.${name}`]));
    const id = await addDomain(call, name);
    for (const host of ["old", "wrong", "self"]) {
      const added = await call(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `${host}.${name.toUpperCase()}.`, port: 8443 } });
      expect(added.status).toBe(201);
    }
    const fourth = await call<{ message: string }>(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `four.${name}` } });
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe("A domain can have at most 3 extra hosts watched; remove one first");

    // The clock is real for the certificates' dates: run within a day of the real time for them.
    const start = runClock();
    await run(start);
    const seen = await view(call, id);
    const cert = (host: string) => seen.certificates.find((c) => c.host === host)!;
    expect(cert(name)).toMatchObject({ port: 443, state: "valid", issuer: "CN=Monitor Test CA, O=Monitor Test CA Trust", coversName: true, trusted: true, subjectNames: [name], hostId: null });
    expect(cert(name).daysLeft).toBeGreaterThanOrEqual(59);
    expect(cert(`www.${name}`)).toMatchObject({ state: "valid", daysLeft: 1 });
    expect(cert(`old.${name}`)).toMatchObject({ port: 8443, state: "invalid", reason: "expired" });
    expect(cert(`wrong.${name}`)).toMatchObject({ state: "invalid", reason: "name_mismatch", coversName: false, trusted: true });
    expect(cert(`wrong.${name}`).detail).toBe(`The certificate does not cover wrong.${name}; it is for elsewhere.${name}`);
    expect(cert(`self.${name}`)).toMatchObject({ state: "invalid", reason: "self_signed", trusted: false });
    expect(seen.dns.find((d) => d.type === "TXT")!.records).toEqual(["_dmarc v=DMARC1; p=reject", "v=spf1 -all"]);

    const first = await events(id);
    expect(first.map((e) => [e.kind, e.subject])).toEqual(expect.arrayContaining([
      ["certificate_expiring", `www.${name}:443`], ["certificate_invalid", `old.${name}:8443`],
      ["certificate_invalid", `wrong.${name}:8443`], ["certificate_invalid", `self.${name}:8443`],
    ]));
    expect(first).toHaveLength(4);
    expect(first.find((e) => e.kind === "certificate_expiring")!.newValue).toMatchObject({ daysLeft: 1, offset: 1 });
    expect(first.every((e) => e.category === "certificate")).toBe(true);

    // Nothing new: nothing told again. Then the apex changes issuer and the wrong-name host is fixed.
    // Each run is the longest gap after the one before, so the entry is due whatever its time of day.
    await run(start + LONGEST_GAP);
    expect((await findMonitorState(getDb(), id))?.lastCheckedAt?.getTime()).toBe(start + LONGEST_GAP);
    expect(await events(id)).toHaveLength(4);
    tls.serve(name, other.issue([name], 60));
    tls.serve(`wrong.${name}`, ca.issue([`wrong.${name}`], 60));
    await run(start + 2 * LONGEST_GAP);
    const later = (await events(id)).slice(4);
    expect(later.map((e) => [e.kind, e.subject, e.severity])).toEqual(expect.arrayContaining([
      ["certificate_issuer_changed", `${name}:443`, "alarm"], ["certificate_valid_again", `wrong.${name}:8443`, "info"],
    ]));
    expect(later.find((e) => e.kind === "certificate_issuer_changed")).toMatchObject({
      oldValue: "CN=Monitor Test CA, O=Monitor Test CA Trust", newValue: "CN=Other Test CA, O=Other Test CA Trust",
    });
    expect(later).toHaveLength(2);
  }, 60_000);

  it("tells a DNS change only after a second look agrees, never a flaky answer or a failure", async () => {
    const call = await signUp();
    const name = `zone-${Date.now()}.net`;
    zone(name, ["192.0.2.1"]);
    const id = await addDomain(call, name);
    let now = Date.parse("2031-02-01T00:00:00Z");
    const next = async (ms: number) => {
      now += ms;
      await run(now);
    };
    await next(0);
    expect((await view(call, id)).dns.find((d) => d.type === "A")).toMatchObject({ records: ["192.0.2.1"], pending: null });
    // One flaky answer: noted, looked at again 5 minutes later, gone: nothing told.
    dns.set(name, "A", ["198.51.100.7"]);
    await next(26 * 60 * MINUTE);
    const state = await view(call, id);
    expect(state.dns.find((d) => d.type === "A")!.pending).toMatchObject({ records: ["198.51.100.7"] });
    expect(Date.parse(state.nextCheckAt!)).toBe(now + CONFIRM_MS);
    dns.set(name, "A", ["192.0.2.1"]);
    await next(CONFIRM_MS);
    expect((await view(call, id)).dns.find((d) => d.type === "A")!.pending).toBeNull();
    // A resolver failure is no change either.
    dns.failing.add(name);
    await next(26 * 60 * MINUTE);
    expect((await view(call, id)).dns.find((d) => d.type === "A")).toMatchObject({ records: ["192.0.2.1"], failure: "the DNS resolver reported a server failure" });
    dns.failing.delete(name);
    expect((await events(id)).filter((e) => e.category === "dns")).toEqual([]);
    // A real change: seen, confirmed by the second look, told once with old and new.
    dns.set(name, "A", ["192.0.2.2", "192.0.2.1"]);
    dns.set(name, "MX", [`20 mail.${name}`]);
    await next(26 * 60 * MINUTE);
    expect((await events(id)).filter((e) => e.category === "dns")).toEqual([]);
    await next(CONFIRM_MS);
    const changes = (await events(id)).filter((e) => e.category === "dns");
    expect(changes.map((e) => [e.kind, e.subject, e.oldValue, e.newValue])).toEqual([
      ["dns_changed", "A", ["192.0.2.1"], ["192.0.2.1", "192.0.2.2"]],
      ["dns_changed", "MX", [`10 mx.${name}`], [`20 mail.${name}`]],
    ]);
    await next(CONFIRM_MS);
    expect((await events(id)).filter((e) => e.category === "dns")).toHaveLength(2);
  }, 60_000);

  it("keeps an owner's hosts and checks to themselves, refuses bad hosts and private addresses, and limits Check now", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const name = `own-${Date.now()}.io`;
    zone(name, ["127.0.0.1"]);
    const id = await addDomain(owner, name);
    expect((await stranger(`/api/user-domains/${id}/monitoring`)).status).toBe(404);
    expect((await stranger(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `x.${name}` } })).status).toBe(404);
    expect((await stranger(`/api/user-domains/${id}/monitoring/check`, { method: "POST" })).status).toBe(404);
    const bad = await owner<{ issues: { path: string; message: string }[] }>(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: "10.0.0.1", port: 443 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Enter a host name, not an IP address");
    const port = await owner(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `a.${name}`, port: 70000 } });
    expect(port.status).toBe(400);
    // A port that does not speak TLS from its first byte (here SSH's) is refused: no port scans.
    const ssh = await owner(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `a.${name}`, port: 22 } });
    expect(ssh.status).toBe(400);
    expect(JSON.stringify(ssh.body)).toContain("Certificates are checked on the TLS ports 443, 465, 636, 853, 993, 995, 5061, 8443");
    const added = await owner<MonitoringView>(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `a.${name}`, port: 993 } });
    const hostId = added.body.certificates.find((c) => c.host === `a.${name}`)!.hostId!;
    expect((await owner(`/api/user-domains/${id}/monitoring/hosts`, { method: "POST", body: { host: `a.${name}`, port: 993 } })).status).toBe(409);
    expect((await stranger(`/api/user-domains/${id}/monitoring/hosts?hostId=${hostId}`, { method: "DELETE" })).status).toBe(404);
    const removed = await owner<MonitoringView>(`/api/user-domains/${id}/monitoring/hosts?hostId=${hostId}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body.certificates.map((c) => c.host)).toEqual([name, `www.${name}`]);

    // Without the operator's connect override, a host resolving to loopback is never connected to.
    const before = tls.handshakes.length;
    await run(Date.now() + 3 * 24 * 60 * MINUTE, { TLS_CONNECT_OVERRIDE: "" });
    expect(tls.handshakes.length).toBe(before);
    const apex = (await view(owner, id)).certificates[0]!;
    expect(apex).toMatchObject({ state: "invalid", reason: "refused" });
    expect(apex.detail).toContain("resolves to a loopback address; this server does not connect to loopback addresses");
    expect(apex.detail).not.toMatch(/127\.0\.0\.1|::1|port \d/);

    // The host added above took one of the three.
    for (let i = 0; i < 2; i++) expect((await owner(`/api/user-domains/${id}/monitoring/check`, { method: "POST" })).status).toBe(202);
    const limited = await owner<{ message: string }>(`/api/user-domains/${id}/monitoring/check`, { method: "POST" });
    expect(limited.status).toBe(429);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^You can ask for 3 certificate and DNS checks an hour; the next one is possible in \d+ minutes?$/);
  }, 60_000);

  it("reads a host added within Check now's allowance at the next run, and checks nothing more for hosts added, removed and added again past it", async () => {
    const call = await signUp();
    const name = `hosts-${Date.now()}.org`;
    zone(name, ["192.0.2.5"]);
    tls.serve(name, ca.issue([name], 30));
    const id = await addDomain(call, name);
    const lastChecked = async () => (await findMonitorState(getDb(), id))?.lastCheckedAt?.getTime();
    const hosts = `/api/user-domains/${id}/monitoring/hosts`;
    let now = Date.now() + 1000;
    await run(now);
    expect(await lastChecked()).toBe(now);

    // The first host added uses one of the three Check now requests of the hour: the next run reads it.
    const shop = await call<MonitoringView>(hosts, { method: "POST", body: { host: `shop.${name}` } });
    expect(shop.status).toBe(201);
    now = Date.now() + 1000;
    await run(now);
    expect(await lastChecked()).toBe(now);
    // Check now twice more, then it is refused.
    for (let i = 0; i < 2; i++) expect((await call(`/api/user-domains/${id}/monitoring/check`, { method: "POST" })).status).toBe(202);
    expect((await call(`/api/user-domains/${id}/monitoring/check`, { method: "POST" })).status).toBe(429);
    now = Date.now() + 1000;
    await run(now);
    const checked = now;
    expect(await lastChecked()).toBe(checked);

    // Past the allowance, removing and adding hosts leaves the entry to its schedule: no run checks it.
    const shopId = shop.body.certificates.find((c) => c.host === `shop.${name}`)!.hostId!;
    expect((await call(`${hosts}?hostId=${shopId}`, { method: "DELETE" })).status).toBe(200);
    const again = await call<MonitoringView>(hosts, { method: "POST", body: { host: `shop.${name}` } });
    expect(again.status).toBe(201);
    expect((await call(`${hosts}?hostId=${again.body.certificates.find((c) => c.host === `shop.${name}`)!.hostId!}`, { method: "DELETE" })).status).toBe(200);
    const other = await call<MonitoringView>(hosts, { method: "POST", body: { host: `mail.${name}`, port: 993 } });
    expect(other.status).toBe(201);
    expect(Date.parse(other.body.nextCheckAt!)).toBeGreaterThan(Date.now() + 11 * 60 * MINUTE);
    await run(Date.now() + 10 * MINUTE);
    expect(await lastChecked()).toBe(checked);
    expect(tls.handshakes.filter((h) => h.includes(`mail.${name}`))).toEqual([]);
  }, 30_000);

  it("keeps the owner's certificate reminder days, 14, 3 and 1 until changed", async () => {
    const call = await signUp();
    expect((await call("/api/monitoring/settings")).body).toEqual({ certificateOffsets: [14, 3, 1] });
    const saved = await call("/api/monitoring/settings", { method: "PUT", body: { certificateOffsets: [7, 30, 7] } });
    expect(saved.body).toEqual({ certificateOffsets: [30, 7] });
    const bad = await call<{ message: string }>("/api/monitoring/settings", { method: "PUT", body: { certificateOffsets: [120] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("A certificate reminder can come at most 90 days before it ends");
  });
  it("gives back the entries a failed run held", async () => {
    const call = await signUp();
    const name = `once-${Date.now()}.org`;
    zone(name, ["192.0.2.5"]);
    tls.serve(name, ca.issue([name], 30));
    const id = await addDomain(call, name);
    await run(Date.now());

    const due = Date.now() + 2 * 24 * 60 * MINUTE;
    const probes = monitorProbes(config());
    const broken = runMonitorChecks({
      db: getDb(), probe: async () => { throw new Error("the probe broke"); }, dns: probes.dns, confirmDelayMs: CONFIRM_MS, now: () => new Date(due),
    }, { batch: 50 });
    await expect(broken).rejects.toThrow("the probe broke");
    // The failed run held nothing back for its 30-minute lease: the next run checks the domain at once.
    await run(due);
    expect((await findMonitorState(getDb(), id))?.lastCheckedAt?.getTime()).toBe(due);
  });

  it("puts off the domains of an address with too many handshakes waiting, and goes on with the others", async () => {
    const call = await signUp();
    const stamp = Date.now();
    const slow = Array.from({ length: 6 }, (_, i) => `parked${i}-${stamp}.org`);
    const quick = `own-${stamp}.org`;
    const ids = new Map<string, number>();
    for (const name of [...slow, quick]) {
      zone(name, ["192.0.2.5"]);
      ids.set(name, await addDomain(call, name));
    }
    // The product's gate with one handshake in flight and two waiting per address; every parked
    // host sits on one address whose handshakes take 150 ms, the other domain's on its own.
    const answer = (host: string): ProbeOutcome => ({ ok: false, problem: "unreachable", detail: `${host} timed out` });
    const handshakes: string[] = [];
    const firstGates = new ServerGates(1, 1000);
    const probeThrough = (gates: ServerGates) => (host: string, _port: number, stop?: AbortSignal) =>
      gateThrough(gates, 2, stop)(host.includes("parked") ? "192.0.2.66" : "192.0.2.77", async () => {
        handshakes.push(host);
        if (host.includes("parked")) await new Promise((r) => setTimeout(r, 150));
        return answer(host);
      });
    const probe = probeThrough(firstGates);
    const dnsOnly = monitorProbes(config());
    const now = stamp + 24 * 60 * MINUTE;
    const summary = await runMonitorChecks({ db: getDb(), probe, dns: dnsOnly.dns, confirmDelayMs: CONFIRM_MS, now: () => new Date(now) }, { batch: 50 });

    // The other domain is checked; of the parked ones, those beyond the queue's room wait for a later run.
    expect((await findMonitorState(getDb(), ids.get(quick)!))?.lastCheckedAt?.getTime()).toBe(now);
    const states = await Promise.all(slow.map((name) => findMonitorState(getDb(), ids.get(name)!)));
    const put = states.filter((s) => s?.lastCheckedAt?.getTime() !== now);
    expect(summary.deferred).toBe(put.length);
    expect(summary.deferred).toBeGreaterThanOrEqual(3);
    expect(put.every((s) => s?.nextCheckAt.getTime() === now + DEFER_MS)).toBe(true);
    // Nothing is stored for a domain put off: no half-checked certificates.
    const { orm, t } = getDb();
    const putIds = slow.filter((_, i) => states[i]?.lastCheckedAt?.getTime() !== now).map((name) => ids.get(name)!);
    const stored = await orm.select().from(t.domainCertificates).where(eq(t.domainCertificates.userDomainId, putIds[0]!));
    expect(stored).toEqual([]);
    // A domain put off gave up its hosts' places in the queue: none of their handshakes was made.
    await waitFor(() => firstGates.waitingAt("192.0.2.66"), (n) => n === 0);
    const putNames = new Set(slow.filter((name) => putIds.includes(ids.get(name)!)));
    expect(handshakes.filter((h) => putNames.has(h.replace(/^www\./, "")))).toEqual([]);

    // A later run, once they are due, checks them (one at a time: the address's queue has room).
    const later = await runMonitorChecks({
      db: getDb(), probe: probeThrough(new ServerGates(1, 1000)), dns: dnsOnly.dns, confirmDelayMs: CONFIRM_MS, now: () => new Date(now + DEFER_MS),
    }, { batch: 1 });
    expect(later.deferred).toBe(0);
    for (const id of putIds) expect((await findMonitorState(getDb(), id))?.lastCheckedAt?.getTime()).toBe(now + DEFER_MS);
  }, 30_000);

  it("checks each domain once when two runs work at the same time, and hands the events to the notifications", async () => {
    const call = await signUp();
    const names = Array.from({ length: 6 }, (_, i) => `pair${i}-${Date.now()}.org`);
    const ids: number[] = [];
    for (const n of names) {
      zone(n, ["192.0.2.5"]);
      tls.serve(n, ca.issue([n], 2));
      ids.push(await addDomain(call, n));
    }
    const now = Date.now();
    const [a, b] = await Promise.all([run(now), run(now)]);
    expect(a.checked + b.checked).toBeGreaterThanOrEqual(6);
    for (const id of ids) {
      const expiring = (await events(id)).filter((e) => e.kind === "certificate_expiring" && e.subject?.endsWith(":443") && !e.subject.startsWith("www."));
      expect(expiring).toHaveLength(1);
    }
    await registerMonitorJobs(queue, { db: getDb(), config: config(), log: createLogger("silent") });
    await queue.work<{ eventIds: number[] }>(DOMAIN_EVENTS_QUEUE, async (job) => void told.push(job.data.eventIds));
    // "Check now" goes through the job, which sends the new events' ids on.
    tls.serve(names[0]!, other.issue([names[0]!], 2));
    const checked = await call<{ message: string }>(`/api/user-domains/${ids[0]}/monitoring/check`, { method: "POST" });
    expect(checked.status).toBe(202);
    expect(checked.body.message).toBe("The check is queued; results appear here within a minute");
    const issuerChange = await waitFor(async () => (await events(ids[0]!)).find((e) => e.kind === "certificate_issuer_changed"), (e) => e !== undefined, 20_000);
    await waitFor(() => told.flat(), (all) => all.includes(issuerChange!.id), 20_000);
  }, 90_000);

});
