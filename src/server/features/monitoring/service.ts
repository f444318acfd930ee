/**
 * The owner's view of an entry's monitoring (certificates per host, DNS records per type), the
 * extra hosts they watch, "Check now" (limited per user) and their certificate reminder days.
 * Every call checks the entry is the caller's (404 otherwise); checks never run in a request.
 */
import type { Db } from "../../../../db/client.ts";
import {
  addMonitorHost, findCertificateOffsets, findMonitorState, findOwnedDomain, listCertificates, listDnsRecords, listMonitorHosts,
  removeMonitorHost, requestMonitorCheck, saveCertificateOffsets,
} from "../../../../db/repositories/monitoring-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { DEFAULT_CERTIFICATE_OFFSETS, MONITORED_RECORD_TYPES, type MonitorHostInput } from "../../../shared/schemas/monitoring.ts";
import { conflict, notFound, tooManyRequests, badRequest } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { requestMonitorChecks } from "../../domain/monitor-checks.ts";
import { consume, refund } from "../../lib/rate-limiter.ts";
import { daysLeft } from "./certificate-plan.ts";
import { watchedHosts } from "./monitor-check.ts";

export interface CertificateView {
  host: string;
  port: number;
  /** The id of an extra host (removable); null for the apex and www. */
  hostId: number | null;
  /** not_checked until the first check; valid; or invalid with a reason. */
  state: "not_checked" | "valid" | "invalid";
  reason: string | null;
  /** The failure in words. */
  detail: string | null;
  issuer: string | null;
  subjectNames: string[];
  validFrom: string | null;
  validTo: string | null;
  daysLeft: number | null;
  coversName: boolean | null;
  trusted: boolean | null;
  checkedAt: string | null;
}

export interface DnsView {
  type: string;
  records: string[] | null;
  checkedAt: string | null;
  /** When the records last changed (or were first seen). */
  confirmedAt: string | null;
  /** A different answer seen once, waiting for the second look. */
  pending: { records: string[]; since: string } | null;
  failure: string | null;
}

export interface MonitoringView {
  domainId: number;
  domainName: string;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  certificates: CertificateView[];
  dns: DnsView[];
  maxHosts: number;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function owned(db: Db, userId: number, id: number) {
  const domain = await findOwnedDomain(db, userId, id);
  if (!domain) throw notFound("Domain not found");
  return domain;
}

export async function getMonitoring(db: Db, userId: number, id: number, maxHosts: number, now = new Date()): Promise<MonitoringView> {
  const domain = await owned(db, userId, id);
  const [extra, certificates, dns, state] = await Promise.all([listMonitorHosts(db, [id]), listCertificates(db, [id]), listDnsRecords(db, [id]), findMonitorState(db, id)]);
  const certs = watchedHosts(domain.domainName, extra).map((h): CertificateView => {
    const row = certificates.find((c) => c.subject === `${h.host}:${h.port}`);
    const hostId = extra.find((e) => e.host === h.host && e.port === h.port)?.id ?? null;
    return {
      host: h.host, port: h.port, hostId, state: row ? row.state : "not_checked", reason: row?.reason ?? null, detail: row?.detail ?? null,
      issuer: row?.issuer ?? null, subjectNames: row?.subjectNames ?? [], validFrom: iso(row?.validFrom), validTo: iso(row?.validTo),
      daysLeft: row?.validTo ? daysLeft(row.validTo, now) : null, coversName: row?.coversName ?? null, trusted: row?.trusted ?? null, checkedAt: iso(row?.checkedAt),
    };
  });
  return {
    domainId: id, domainName: domain.domainName, lastCheckedAt: iso(state?.lastCheckedAt), nextCheckAt: iso(state?.nextCheckAt), certificates: certs, maxHosts,
    dns: MONITORED_RECORD_TYPES.map((type): DnsView => {
      const row = dns.find((r) => r.recordType === type);
      return {
        type, records: row?.records ?? null, checkedAt: iso(row?.checkedAt), confirmedAt: iso(row?.confirmedAt),
        pending: row?.pendingRecords && row.pendingSince ? { records: row.pendingRecords, since: row.pendingSince.toISOString() } : null,
        failure: row?.failure ?? null,
      };
    }),
  };
}

const CHECK_NOW_WINDOW_MS = 60 * 60_000;
/** The count of Check now requests (and hosts added) of one user. */
const checkNowKey = (userId: number) => `monitor-check-now:${userId}`;

export interface MonitorQueue {
  queue: JobQueue;
  log: Logger;
}

/**
 * Watches another host of the entry (at most `maxHosts`). A host added takes one of the owner's
 * Check now allowance (`perHour`, the same count as Check now) to be read at the next periodic
 * run (every ten minutes); with none left it joins the entry's next scheduled check. No run is
 * queued here, so adding, removing and adding again cannot check more than Check now allows.
 */
export async function addHost(
  db: Db, userId: number, id: number, input: Required<MonitorHostInput> & { host: string; port: number }, limits: { perHour: number; maxHosts: number },
): Promise<MonitoringView> {
  const { maxHosts } = limits;
  const domain = await owned(db, userId, id);
  if (watchedHosts(domain.domainName, []).some((h) => h.host === input.host && h.port === input.port)) {
    throw conflict(`${input.host} port ${input.port} is always watched for this domain`);
  }
  const added = await addMonitorHost(db, id, input.host, input.port, maxHosts);
  if (added === "limit") throw badRequest(`A domain can have at most ${maxHosts} extra hosts watched; remove one first`);
  if (added === "duplicate") throw conflict(`${input.host} port ${input.port} is already watched for this domain`);
  const now = new Date();
  if ((await consume(db, checkNowKey(userId), { limit: limits.perHour, windowMs: CHECK_NOW_WINDOW_MS, now })).allowed) {
    await requestMonitorCheck(db, id, now);
  }
  return getMonitoring(db, userId, id, maxHosts);
}

export async function removeHost(db: Db, userId: number, id: number, hostId: number, maxHosts: number): Promise<MonitoringView> {
  await owned(db, userId, id);
  if (!(await removeMonitorHost(db, id, hostId))) throw notFound("Host not found");
  return getMonitoring(db, userId, id, maxHosts);
}

/** Asks for this entry's certificates and DNS to be checked now (by the job, within seconds). Limited per user: past it a 429 with Retry-After. */
export async function checkMonitoringNow(db: Db, userId: number, id: number, limits: { perHour: number; maxHosts: number }, jobs: MonitorQueue): Promise<MonitoringView & { message: string }> {
  await owned(db, userId, id);
  const key = checkNowKey(userId);
  const now = new Date();
  const allowed = await consume(db, key, { limit: limits.perHour, windowMs: CHECK_NOW_WINDOW_MS, now });
  if (!allowed.allowed) {
    const minutes = Math.ceil(allowed.retryAfterSeconds / 60);
    throw tooManyRequests(
      `You can ask for ${limits.perHour} certificate and DNS checks an hour; the next one is possible in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
      allowed.retryAfterSeconds,
    );
  }
  try {
    await requestMonitorCheck(db, id, now);
  } catch (error) {
    await refund(db, key, { windowMs: CHECK_NOW_WINDOW_MS, now });
    throw error;
  }
  await requestMonitorChecks(jobs.queue, jobs.log);
  return { ...(await getMonitoring(db, userId, id, limits.maxHosts)), message: "The check is queued; results appear here within a minute" };
}

export async function getMonitoringSettings(db: Db, userId: number): Promise<{ certificateOffsets: number[] }> {
  return { certificateOffsets: (await findCertificateOffsets(db, [userId])).get(userId) ?? [...DEFAULT_CERTIFICATE_OFFSETS] };
}

export async function saveMonitoringSettings(db: Db, userId: number, input: { certificateOffsets: number[] }): Promise<{ certificateOffsets: number[] }> {
  await saveCertificateOffsets(db, userId, input.certificateOffsets);
  return getMonitoringSettings(db, userId);
}
