/**
 * One run of certificate and DNS checks. It claims due entries in batches (one run holds an
 * entry at a time, across processes: claimDueMonitorChecks), checks each one's apex, www and
 * extra hosts over TLS and its NS, A, AAAA, MX, TXT and CAA records, and stores each entry with
 * its events in one transaction that succeeds only while the run still holds the entry. Per-host
 * politeness is in the probes (TLS: at most TLS_MAX_IN_FLIGHT_PER_HOST per address; DNS: per
 * resolver). The run returns the new events' ids so its job can hand them to the notifications.
 */
import { randomUUID } from "node:crypto";
import { domainToASCII } from "node:url";
import type { Db } from "../../../../db/client.ts";
import {
  claimDueMonitorChecks, findCertificateOffsets, listCertificates, listDnsRecords, listMonitorHosts, releaseMonitorClaims, saveMonitorResult,
  type ClaimedEntry, type MonitorHostRow,
} from "../../../../db/repositories/monitoring-repository.ts";
import { DEFAULT_CERTIFICATE_OFFSETS } from "../../../shared/schemas/monitoring.ts";
import { RECORD_TYPES, type DnsRecords } from "../../integrations/dns/records.ts";
import type { ProbeOutcome } from "../../integrations/tls/probe.ts";
import { planCertificate } from "./certificate-plan.ts";
import { planDns } from "./dns-plan.ts";
import { nextMonitorCheck } from "./monitor-schedule.ts";

export interface MonitorCheckDeps {
  db: Db;
  /** Reads the certificate served at host:port. */
  probe: (host: string, port: number) => Promise<ProbeOutcome>;
  dns: DnsRecords;
  confirmDelayMs: number;
  now?: () => Date;
}

export interface MonitorRunOptions {
  signal?: AbortSignal;
  budgetMs?: number;
  /** Entries claimed at once (default 200); they are checked side by side. */
  batch?: number;
  /** Called with each batch's new event ids, once stored. */
  onEvents?: (eventIds: number[]) => Promise<void>;
}

export interface MonitorRunSummary {
  checked: number;
  events: number;
  /** The run stopped at its budget with entries still due. */
  more: boolean;
}

const LEASE_MS = 30 * 60_000;

/** The hosts whose certificates an entry watches: apex and www on 443, then its extra hosts. */
export function watchedHosts(domainName: string, extra: readonly MonitorHostRow[]): { host: string; port: number }[] {
  const apex = domainToASCII(domainName) || domainName;
  const hosts = [{ host: apex, port: 443 }, { host: `www.${apex}`, port: 443 }, ...extra.map((h) => ({ host: h.host, port: h.port }))];
  const seen = new Set<string>();
  return hosts.filter((h) => !seen.has(`${h.host}:${h.port}`) && seen.add(`${h.host}:${h.port}`));
}

async function checkEntry(deps: MonitorCheckDeps, token: string, entry: ClaimedEntry, extra: MonitorHostRow[], offsets: number[]): Promise<number[] | null> {
  const clock = deps.now ?? (() => new Date());
  const hosts = watchedHosts(entry.domainName, extra);
  const apex = hosts[0]!.host;
  const [probes, answers, certificates, dnsRows] = await Promise.all([
    Promise.all(hosts.map((h) => deps.probe(h.host, h.port))),
    Promise.all(RECORD_TYPES.map((type) => deps.dns.lookup(apex, type))),
    listCertificates(deps.db, entry.userDomainId),
    listDnsRecords(deps.db, entry.userDomainId),
  ]);
  const now = clock();
  const certPlans = hosts.map((h, i) => {
    const subject = `${h.host}:${h.port}`;
    return planCertificate(entry.userDomainId, subject, certificates.find((c) => c.subject === subject), probes[i]!, offsets, now);
  });
  const dnsPlans = RECORD_TYPES.map((type, i) => planDns(entry.userDomainId, type, dnsRows.find((r) => r.recordType === type), answers[i]!, now, deps.confirmDelayMs));
  const watched = new Set(hosts.map((h) => `${h.host}:${h.port}`));
  return saveMonitorResult(deps.db, token, {
    userDomainId: entry.userDomainId, checkedAt: now,
    nextCheckAt: nextMonitorCheck(entry.userDomainId, now, dnsPlans.map((p) => p.secondLookAt)),
    certificates: certPlans.map((p) => p.row),
    droppedSubjects: certificates.map((c) => c.subject).filter((s) => !watched.has(s)),
    dns: dnsPlans.flatMap((p) => (p.row ? [p.row] : [])),
    events: [...certPlans.flatMap((p) => p.events), ...dnsPlans.flatMap((p) => p.events)],
  });
}

export async function runMonitorChecks(deps: MonitorCheckDeps, options: MonitorRunOptions = {}): Promise<MonitorRunSummary> {
  const clock = deps.now ?? (() => new Date());
  const startedAt = Date.now();
  const token = randomUUID();
  const summary: MonitorRunSummary = { checked: 0, events: 0, more: false };
  for (;;) {
    if (options.signal?.aborted) break;
    if (options.budgetMs !== undefined && Date.now() - startedAt > options.budgetMs) {
      summary.more = true;
      break;
    }
    const claimed = await claimDueMonitorChecks(deps.db, clock(), { limit: options.batch ?? 200, leaseMs: LEASE_MS, token });
    if (claimed.length === 0) break;
    const ids = claimed.map((c) => c.userDomainId);
    const [hosts, offsets] = await Promise.all([listMonitorHosts(deps.db, ids), findCertificateOffsets(deps.db, [...new Set(claimed.map((c) => c.userId))])]);
    const eventIds: number[] = [];
    const unchecked = new Set(ids);
    await Promise.all(claimed.map(async (entry) => {
      if (options.signal?.aborted) return;
      const stored = await checkEntry(deps, token, entry, hosts.filter((h) => h.userDomainId === entry.userDomainId), offsets.get(entry.userId) ?? DEFAULT_CERTIFICATE_OFFSETS);
      unchecked.delete(entry.userDomainId);
      if (stored === null) return;
      summary.checked++;
      eventIds.push(...stored);
    }));
    await releaseMonitorClaims(deps.db, [...unchecked], token);
    summary.events += eventIds.length;
    if (eventIds.length && options.onEvents) await options.onEvents(eventIds.sort((a, b) => a - b));
  }
  return summary;
}
