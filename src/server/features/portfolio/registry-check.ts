/**
 * One run of registry lookups. The run claims due entries in turns by owner
 * (claimDueRegistryChecks: every owner's first, then every owner's second…), hands each to the
 * lookups (RDAP, else WHOIS), and keeps looking for newly due entries every `pollMs` while
 * lookups are under way, so a name added while another owner's 10,000 are being checked joins
 * at once and, at each server, takes its turn among the owners waiting there (integrations/net/host-gates.ts)
 * instead of queueing behind them. Results are stored as they come, in small batches.
 *
 * A failed lookup is tried again after 5 minutes, 15 minutes, 1 hour, 6 hours, then daily
 * (registry-schedule.ts). Entries of a server that asked to wait keep what they hold and are
 * due again when it said; the run ends when nothing is due and nothing is under way, saying
 * when the earliest of those is, so the job queues a run for then. Each batch is stored with the
 * history events the answers make (registry-changes.ts), whose ids go to `onEvents`, and the
 * batch's counts per TLD and method are added to registry_lookup_stats (registry-lookup-counts.ts). At its time budget the run
 * stops taking entries, gives back the ones still waiting for a slot, and says there is more.
 */
import { setMaxListeners } from "node:events";
import type { Db } from "../../../../db/client.ts";
import { addLookupStats } from "../../../../db/repositories/registry-lookup-stats-repository.ts";
import {
  claimDueRegistryChecks, deferRegistryChecks, releaseRegistryClaims, saveRegistryResults, type DueEntry, type RegistryResult,
} from "../../../../db/repositories/registry-record-repository.ts";
import { HISTORY_ONLY_KINDS } from "../../domain/domain-events.ts";
import { sweepLimits, timeBudget } from "../../domain/due-sweep.ts";
import { REGISTRY_CHECK_QUEUE } from "../../domain/job-catalogue.ts";
import type { LookupOptions, RdapOutcome } from "../../integrations/rdap/client.ts";
import { registryEvents } from "./registry-changes.ts";
import { lookupCounts } from "./registry-lookup-counts.ts";
import { nextRegistryCheck } from "./registry-schedule.ts";
import { registryLookups } from "../../lib/metrics.ts";

/** Looks a name up at its registry: RDAP, or WHOIS for a TLD without RDAP (registry-lookups.ts). */
export interface RegistryLookup {
  lookup(domain: string, options: LookupOptions): Promise<RdapOutcome>;
}

export interface RegistryCheckDeps {
  db: Db;
  lookups: RegistryLookup;
  now?: () => Date;
  /** Called with the ids of the history events each stored batch recorded, after its transaction. */
  onEvents?: (eventIds: number[]) => Promise<void>;
}

export interface RegistryRunOptions {
  signal?: AbortSignal;
  budgetMs?: number;
  /** How often the run looks for newly due entries while lookups are under way (default 500 ms). */
  pollMs?: number;
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

/** Entries of one owner claimed per look, and held in the run at once: enough to keep every server busy. */
const CLAIM_PER_OWNER = 200;
const HELD_PER_OWNER = 1000;
const CLAIM_LIMIT = 2000;
/** A claimed entry whose run died is due again after this long (due-sweep.ts). */
const LEASE_MS = sweepLimits(REGISTRY_CHECK_QUEUE).leaseMs;

function resultOf(entry: DueEntry, outcome: Exclude<RdapOutcome, { kind: "retry_later" | "abandoned" }>, now: Date): RegistryResult {
  const base = { userDomainId: entry.userDomainId, domainName: entry.domainName, checkedAt: now };
  const protocol = (server: string) => (server.startsWith("whois://") ? ("whois" as const) : ("rdap" as const));
  switch (outcome.kind) {
    case "ok": {
      const r = outcome.record;
      return {
        ...base, outcome: "ok", protocol: protocol(outcome.server), rdapServer: outcome.server, expirationDate: r.expirationDate,
        registrationDate: r.registrationDate, lastChangedDate: r.lastChangedDate, statuses: r.statuses, nameservers: r.nameservers,
        registrarIanaId: r.registrar?.ianaId ?? null, registrarName: r.registrar?.name ?? null,
        nextCheckAt: nextRegistryCheck(now, "ok", r.expirationDate),
      };
    }
    case "not_found":
      return { ...base, outcome: "not_found", protocol: protocol(outcome.server), rdapServer: outcome.server, nextCheckAt: nextRegistryCheck(now, "not_found", null) };
    case "no_service":
      // "whois" when IANA was asked for a WHOIS server too and lists none.
      return {
        ...base, outcome: "no_service", protocol: outcome.server?.startsWith("whois://") ? "whois" : null, rdapServer: null,
        nextCheckAt: nextRegistryCheck(now, "no_service", null),
      };
    case "error": {
      const failures = entry.failures + 1;
      // The protocol of the server that failed ("whois://…" or an RDAP URL); null when no server was asked.
      return {
        ...base, outcome: "error", protocol: outcome.server ? protocol(outcome.server) : null, rdapServer: outcome.server || null,
        errorReason: outcome.reason, failures,
        nextCheckAt: nextRegistryCheck(now, "error", null, failures),
      };
    }
  }
}

const isCancellation = (error: unknown) =>
  error instanceof Error && (("kind" in error && (error as { kind: unknown }).kind === "cancelled") || error.name === "AbortError");

export async function runRegistryChecks(deps: RegistryCheckDeps, options: RegistryRunOptions = {}): Promise<RegistryRunSummary> {
  const clock = deps.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 500;
  const budget = timeBudget(options.budgetMs);
  const summary: RegistryRunSummary = { checked: 0, deferred: 0, retryAt: null, more: false };
  const heldByOwner = new Map<number, number>();
  const running = new Set<Promise<void>>();
  const results: RegistryResult[] = [];
  const deferred = new Map<number, number[]>();
  const released: number[] = [];
  // Aborting it gives back the lookups still waiting for a slot (the budget is spent, or the job stops).
  const stopTaking = new AbortController();
  // Every lookup waiting for a slot listens to it: thousands of them are expected.
  setMaxListeners(0, stopTaking.signal);
  const stop = () => stopTaking.abort();
  options.signal?.addEventListener("abort", stop, { once: true });

  const look = async (entry: DueEntry) => {
    try {
      const outcome = await deps.lookups.lookup(entry.domainName, {
        signal: options.signal, fairKey: entry.userId, fresh: entry.requested, abandon: stopTaking.signal,
      });
      if (outcome.kind !== "abandoned") {
        registryLookups.inc({ protocol: outcome.server?.startsWith("whois://") ? "whois" : "rdap", outcome: outcome.kind });
      }
      if (outcome.kind !== "abandoned" && outcome.kind !== "retry_later") counts.add(entry.domainName, outcome);
      if (outcome.kind === "abandoned") released.push(entry.userDomainId);
      else if (outcome.kind === "retry_later") {
        const at = outcome.retryAt.getTime();
        deferred.set(at, [...(deferred.get(at) ?? []), entry.userDomainId]);
      } else results.push(resultOf(entry, outcome, clock()));
    } catch (error) {
      if (isCancellation(error)) released.push(entry.userDomainId);
      else results.push(resultOf(entry, { kind: "error", server: "", reason: `The registry lookup failed: ${(error as Error).message}` }, clock()));
    } finally {
      heldByOwner.set(entry.userId, (heldByOwner.get(entry.userId) ?? 1) - 1);
    }
  };

  const counts = lookupCounts();
  const store = async () => {
    await addLookupStats(deps.db, counts.take(clock()));
    if (results.length) {
      const batch = results.splice(0);
      // Only what is told goes to the notifications; the check lines stay in the history.
      const eventIds = (await saveRegistryResults(deps.db, batch, registryEvents)).filter((e) => !HISTORY_ONLY_KINDS.has(e.kind)).map((e) => e.id);
      summary.checked += batch.length;
      if (eventIds.length && deps.onEvents) await deps.onEvents(eventIds);
    }
    for (const [at, ids] of [...deferred]) {
      deferred.delete(at);
      await deferRegistryChecks(deps.db, ids, new Date(at));
      summary.deferred += ids.length;
      if (summary.retryAt === null || at < summary.retryAt.getTime()) summary.retryAt = new Date(at);
    }
    if (released.length) await releaseRegistryClaims(deps.db, released.splice(0));
  };

  try {
    for (;;) {
      if (budget.spent() && !stopTaking.signal.aborted) {
        summary.more = true;
        stop();
      }
      let claimed = 0;
      if (!stopTaking.signal.aborted) {
        const full = [...heldByOwner].filter(([, n]) => n >= HELD_PER_OWNER).map(([owner]) => owner);
        const due = await claimDueRegistryChecks(deps.db, clock(), { perUser: CLAIM_PER_OWNER, limit: CLAIM_LIMIT, skipUsers: full, leaseMs: LEASE_MS });
        claimed = due.length;
        for (const entry of due) {
          heldByOwner.set(entry.userId, (heldByOwner.get(entry.userId) ?? 0) + 1);
          const task = look(entry).finally(() => running.delete(task));
          running.add(task);
        }
      }
      await store();
      if (running.size === 0 && claimed === 0) break;
      if (running.size === 0 && stopTaking.signal.aborted) break;
      // Look for newly due entries every pollMs, or as soon as everything under way is done.
      await Promise.race([new Promise((r) => setTimeout(r, pollMs)), Promise.all(running)]);
    }
    await store();
  } finally {
    options.signal?.removeEventListener("abort", stop);
  }
  options.signal?.throwIfAborted();
  return summary;
}
