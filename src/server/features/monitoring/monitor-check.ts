/**
 * One run of certificate and DNS checks. It claims due entries in batches (one run holds an
 * entry at a time, across processes: claimDueMonitorChecks) with what is stored about them, checks each one's apex, www and
 * extra hosts over TLS and its NS, A, AAAA, MX, TXT and CAA records, and stores each entry with
 * its events in one transaction that succeeds only while the run still holds the entry. Per-host
 * politeness is in the probes (TLS: at most TLS_MAX_IN_FLIGHT_PER_HOST per address; DNS: per
 * resolver); an entry whose address has too many handshakes waiting (AddressBusy) is checked
 * again DEFER_MS later instead of waiting. The run returns the new events' ids so its job can hand
 * them to the notifications.
 */
import { randomUUID } from "node:crypto";
import { domainToASCII } from "node:url";
import type { Db } from "../../../../db/client.ts";
import {
  claimDueMonitorChecks, findCertificateOffsets, listCertificates, listDnsRecords, listMonitorHosts, releaseMonitorClaims, saveMonitorResult,
  type CertificateRow, type ClaimedEntry, type DnsRow, type MonitorHostRow,
} from "../../../../db/repositories/monitoring-repository.ts";
import { DEFAULT_CERTIFICATE_OFFSETS } from "../../../shared/schemas/monitoring.ts";
import { sweepLimits, timeBudget } from "../../domain/due-sweep.ts";
import { MONITOR_CHECK_QUEUE } from "../../domain/job-catalogue.ts";
import { RECORD_TYPES, type DnsRecords } from "../../integrations/dns/records.ts";
import type { ProbeOutcome } from "../../integrations/tls/probe.ts";
import { planCertificate } from "./certificate-plan.ts";
import { planDns } from "./dns-plan.ts";
import { nextMonitorCheck } from "./monitor-schedule.ts";
import { AddressBusy } from "./probes.ts";

export interface MonitorCheckDeps {
  db: Db;
  /** Reads the certificate served at host:port; gives up waiting for a slot once `stop` aborts. */
  probe: (host: string, port: number, stop?: AbortSignal) => Promise<ProbeOutcome>;
  dns: DnsRecords;
  confirmDelayMs: number;
  now?: () => Date;
}

export interface MonitorRunOptions {
  signal?: AbortSignal;
  budgetMs?: number;
  /** Entries claimed at once, and checked side by side (default 200). */
  batch?: number;
  /** Called with each batch's new event ids, once stored. */
  onEvents?: (eventIds: number[]) => Promise<void>;
}

export interface MonitorRunSummary {
  checked: number;
  /** Entries not checked because an address they use had too many handshakes waiting: due again DEFER_MS later. */
  deferred: number;
  events: number;
  /** The run stopped at its budget with entries still due. */
  more: boolean;
}

/** A claimed entry whose run died is due again after this long (due-sweep.ts). */
const LEASE_MS = sweepLimits(MONITOR_CHECK_QUEUE).leaseMs;
/** How much later an entry put off by a busy address is due again: the schedule's next tick (jobs.ts). */
export const DEFER_MS = 10 * 60_000;
const DEFERRED = "deferred";

/** The hosts whose certificates an entry watches: apex and www on 443, then its extra hosts. */
export function watchedHosts(domainName: string, extra: readonly MonitorHostRow[]): { host: string; port: number }[] {
  const apex = domainToASCII(domainName) || domainName;
  const hosts = [{ host: apex, port: 443 }, { host: `www.${apex}`, port: 443 }, ...extra.map((h) => ({ host: h.host, port: h.port }))];
  const seen = new Set<string>();
  return hosts.filter((h) => !seen.has(`${h.host}:${h.port}`) && seen.add(`${h.host}:${h.port}`));
}

function byEntry<T extends { userDomainId: number }>(rows: readonly T[]): (userDomainId: number) => T[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.userDomainId);
    if (group) group.push(row);
    else groups.set(row.userDomainId, [row]);
  }
  return (userDomainId) => groups.get(userDomainId) ?? [];
}

/** A claimed entry with what is stored about it, read for its whole claim at once. */
interface Prepared {
  entry: ClaimedEntry;
  extra: MonitorHostRow[];
  offsets: number[];
  certificates: CertificateRow[];
  dnsRows: DnsRow[];
}

async function checkEntry(deps: MonitorCheckDeps, token: string, { entry, extra, offsets, certificates, dnsRows }: Prepared): Promise<number[] | null | typeof DEFERRED> {
  const clock = deps.now ?? (() => new Date());
  const hosts = watchedHosts(entry.domainName, extra);
  const apex = hosts[0]!.host;
  let probes: ProbeOutcome[];
  let answers: Awaited<ReturnType<DnsRecords["lookup"]>>[];
  const putOff = new AbortController();
  try {
    [probes, answers] = await Promise.all([
      Promise.all(hosts.map((h) => deps.probe(h.host, h.port, putOff.signal))),
      Promise.all(RECORD_TYPES.map((type) => deps.dns.lookup(apex, type))),
    ]);
  } catch (error) {
    // A host not tried: the entry is checked whole, later, rather than stored with a gap; its
    // other hosts still waiting for a slot give theirs up.
    if (error instanceof AddressBusy) {
      putOff.abort();
      return DEFERRED;
    }
    throw error;
  }
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

/**
 * Checks due entries with `batch` of them in flight at once, as a pool: a slow host holds
 * back only its own entry, and the next claim is made when the claimed entries run out. Entries
 * claimed but not checked (the run stopped, or failed: its first error stops every worker and is
 * thrown once they have stopped) are given back at the end, and the events stored are told.
 */
export async function runMonitorChecks(deps: MonitorCheckDeps, options: MonitorRunOptions = {}): Promise<MonitorRunSummary> {
  const clock = deps.now ?? (() => new Date());
  const budget = timeBudget(options.budgetMs);
  const token = randomUUID();
  const batch = options.batch ?? 200;
  const summary: MonitorRunSummary = { checked: 0, deferred: 0, events: 0, more: false };
  const waiting: Prepared[] = [];
  /** Claimed by this run and not yet stored. */
  const held = new Set<number>();
  /** Put off by a busy address: still held, so this run does not claim them again; moved DEFER_MS on at the end. */
  const deferred: number[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  let newEvents: number[] = [];
  let telling = Promise.resolve();
  /** The first error of the run: the other workers stop at their next entry. */
  let failure: { error: unknown } | undefined;

  const tell = () => {
    const ids = newEvents.sort((a, b) => a - b);
    newEvents = [];
    summary.events += ids.length;
    if (ids.length && options.onEvents) telling = telling.then(() => options.onEvents!(ids)).catch((error: unknown) => void (failure ??= { error }));
  };

  const claim = async () => {
    tell();
    const claimed = await claimDueMonitorChecks(deps.db, clock(), { limit: batch, leaseMs: LEASE_MS, token });
    if (claimed.length === 0) {
      exhausted = true;
      return;
    }
    const ids = claimed.map((c) => c.userDomainId);
    for (const id of ids) held.add(id);
    const [hosts, offsets, certificates, dnsRows] = await Promise.all([
      listMonitorHosts(deps.db, ids), findCertificateOffsets(deps.db, [...new Set(claimed.map((c) => c.userId))]),
      listCertificates(deps.db, ids), listDnsRecords(deps.db, ids),
    ]);
    const [hostsOf, certificatesOf, dnsOf] = [byEntry(hosts), byEntry(certificates), byEntry(dnsRows)];
    for (const entry of claimed) {
      const id = entry.userDomainId;
      waiting.push({
        entry, extra: hostsOf(id), offsets: offsets.get(entry.userId) ?? DEFAULT_CERTIFICATE_OFFSETS,
        certificates: certificatesOf(id), dnsRows: dnsOf(id),
      });
    }
  };

  const next = async (): Promise<Prepared | undefined> => {
    for (;;) {
      if (options.signal?.aborted || failure) return undefined;
      if (budget.spent()) {
        summary.more = true;
        return undefined;
      }
      const item = waiting.shift();
      if (item) return item;
      if (exhausted) return undefined;
      claiming ??= claim().finally(() => { claiming = null; });
      await claiming;
    }
  };

  const worker = async () => {
    try {
      for (let item = await next(); item; item = await next()) {
        const stored = await checkEntry(deps, token, item);
        held.delete(item.entry.userDomainId);
        if (stored === DEFERRED) {
          deferred.push(item.entry.userDomainId);
          continue;
        }
        if (stored === null) continue;
        summary.checked++;
        newEvents.push(...stored);
      }
    } catch (error) {
      failure ??= { error };
    }
  };

  await Promise.all(Array.from({ length: batch }, worker));
  await releaseMonitorClaims(deps.db, [...held], token);
  summary.deferred = await releaseMonitorClaims(deps.db, deferred, token, new Date(clock().getTime() + DEFER_MS));
  tell();
  await telling;
  if (failure) throw failure.error;
  return summary;
}
