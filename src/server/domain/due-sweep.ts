/**
 * What the sweeps of due entries share (registry lookups, portfolio/registry-check.ts; certificate
 * and DNS checks, monitoring/monitor-check.ts). A run claims due entries under a lease, so one
 * run at a time holds an entry, across processes; stops taking entries once its time budget is
 * spent and says there is more; puts off entries that must wait (due again later); and gives
 * back what it claimed but did not finish. Its job then queues the next run: at once when there
 * is more, or when the earliest entry put off is due. The budget is the job catalogue's; the
 * lease is the job's expiry, so an entry's lease ends only once the run holding it has ended,
 * by finishing or by expiring.
 */
import { JOB_CATALOGUE, type JobName } from "./job-catalogue.ts";

export type SweepJobName = { [N in JobName]: (typeof JOB_CATALOGUE)[N] extends { sweep: object } ? N : never }[JobName];

export interface SweepLimits {
  /** How long a run takes entries before it hands over to the next. */
  budgetMs: number;
  /** How long a claim holds an entry: a claim whose run died is due again after it. */
  leaseMs: number;
}

export function sweepLimits(name: SweepJobName): SweepLimits {
  const spec = JOB_CATALOGUE[name];
  return { budgetMs: spec.sweep.budgetMs, leaseMs: spec.retry.expireInSeconds * 1000 };
}

/** A run's time budget, counted from now; without one the run never runs out. */
export function timeBudget(budgetMs: number | undefined, startedAt = Date.now()): { spent(): boolean } {
  return { spent: () => budgetMs !== undefined && Date.now() - startedAt > budgetMs };
}

/** How a run ended: stopped at its budget with entries still due, and when the earliest entry it put off is due. */
export interface SweepEnd {
  more: boolean;
  retryAt?: Date | null;
}

/** Queues the next run as the last one ended; `requestRun` is the sweep's own single-run request (single-run.ts). */
export async function continueSweep(end: SweepEnd, requestRun: (delaySeconds: number) => Promise<void>, now = Date.now()): Promise<void> {
  if (end.more) await requestRun(1);
  else if (end.retryAt) await requestRun(Math.max(1, (end.retryAt.getTime() - now) / 1000));
}
