/**
 * One run of registry lookups: every entry due at the start is looked up over RDAP, batch by
 * batch, and its record stored with its next check (registry-schedule.ts). Entries of a server
 * that answered 429 keep what they hold and wait for its Retry-After; the run then ends and
 * says when to come back, so the job is rescheduled rather than sleeping. Politeness per
 * server lives in the RDAP client, which one process shares across runs.
 */
import type { Db } from "../../../../db/client.ts";
import {
  deferRegistryChecks, listDueRegistryChecks, saveRegistryResults, type DueEntry, type RegistryResult,
} from "../../../../db/repositories/registry-record-repository.ts";
import type { RdapClient, RdapOutcome } from "../../integrations/rdap/client.ts";
import { nextRegistryCheck } from "./registry-schedule.ts";
import { registryLookups } from "../../lib/metrics.ts";

export interface RegistryCheckDeps {
  db: Db;
  rdap: RdapClient;
  now?: () => Date;
}

export interface RegistryRunSummary {
  checked: number;
  /** Entries put off because their server asked to wait. */
  deferred: number;
  /** The earliest instant a resting server takes requests again, when any entry was put off. */
  retryAt: Date | null;
  /** The run stopped at its time budget with entries still due. */
  more: boolean;
}

const BATCH = 500;

function resultOf(entry: DueEntry, outcome: Exclude<RdapOutcome, { kind: "retry_later" }>, now: Date): RegistryResult {
  const base = { userDomainId: entry.userDomainId, checkedAt: now };
  switch (outcome.kind) {
    case "ok": {
      const r = outcome.record;
      return {
        ...base, outcome: "ok", rdapServer: outcome.server, expirationDate: r.expirationDate, registrationDate: r.registrationDate,
        lastChangedDate: r.lastChangedDate, statuses: r.statuses, nameservers: r.nameservers,
        registrarIanaId: r.registrar?.ianaId ?? null, registrarName: r.registrar?.name ?? null,
        nextCheckAt: nextRegistryCheck(now, "ok", r.expirationDate),
      };
    }
    case "not_found": return { ...base, outcome: "not_found", rdapServer: outcome.server, nextCheckAt: nextRegistryCheck(now, "not_found", null) };
    case "no_service": return { ...base, outcome: "no_service", rdapServer: null, nextCheckAt: nextRegistryCheck(now, "no_service", null) };
    case "error": return { ...base, outcome: "error", rdapServer: outcome.server, errorReason: outcome.reason, nextCheckAt: nextRegistryCheck(now, "error", null) };
  }
}

export async function runRegistryChecks(deps: RegistryCheckDeps, options: { signal?: AbortSignal; budgetMs?: number } = {}): Promise<RegistryRunSummary> {
  const clock = deps.now ?? (() => new Date());
  const startedAt = Date.now();
  const summary: RegistryRunSummary = { checked: 0, deferred: 0, retryAt: null, more: false };
  for (;;) {
    options.signal?.throwIfAborted();
    const due = await listDueRegistryChecks(deps.db, clock(), BATCH);
    if (due.length === 0) return summary;
    if (options.budgetMs !== undefined && Date.now() - startedAt > options.budgetMs) return { ...summary, more: true };
    const outcomes = await Promise.all(due.map(async (entry) => ({ entry, outcome: await deps.rdap.lookup(entry.domainName, options.signal) })));
    const now = clock();
    const results: RegistryResult[] = [];
    const deferred = new Map<number, DueEntry[]>();
    for (const { entry, outcome } of outcomes) {
      registryLookups.inc({ protocol: "rdap", outcome: outcome.kind });
      if (outcome.kind === "retry_later") {
        const at = outcome.retryAt.getTime();
        deferred.set(at, [...(deferred.get(at) ?? []), entry]);
      } else {
        results.push(resultOf(entry, outcome, now));
      }
    }
    await saveRegistryResults(deps.db, results);
    for (const [at, entries] of deferred) {
      await deferRegistryChecks(deps.db, entries.map((e) => e.userDomainId), new Date(at));
      if (summary.retryAt === null || at < summary.retryAt.getTime()) summary.retryAt = new Date(at);
    }
    summary.checked += results.length;
    summary.deferred += outcomes.length - results.length;
  }
}
