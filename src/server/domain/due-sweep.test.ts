import { expect, it } from "vitest";
import { continueSweep, sweepLimits, timeBudget } from "./due-sweep.ts";
import { JOB_CATALOGUE, MONITOR_CHECK_QUEUE, REGISTRY_CHECK_QUEUE } from "./job-catalogue.ts";

it("gives each sweep the catalogue's budget and a lease as long as its job's expiry, longer than the budget", () => {
  for (const name of [REGISTRY_CHECK_QUEUE, MONITOR_CHECK_QUEUE] as const) {
    const limits = sweepLimits(name);
    expect(limits).toEqual({ budgetMs: 10 * 60_000, leaseMs: JOB_CATALOGUE[name].retry.expireInSeconds * 1000 });
    expect(limits.leaseMs).toBeGreaterThan(limits.budgetMs);
  }
});

it("counts a run's budget from its start, and never runs out without one", () => {
  const now = Date.now();
  expect(timeBudget(60_000, now - 61_000).spent()).toBe(true);
  expect(timeBudget(60_000, now).spent()).toBe(false);
  expect(timeBudget(undefined, 0).spent()).toBe(false);
});

it("queues the next run at once when there is more, when the earliest put-off entry is due, and not at all otherwise", async () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  const asked: number[] = [];
  const request = async (delaySeconds: number) => void asked.push(delaySeconds);
  await continueSweep({ more: true, retryAt: new Date(now + 90_000) }, request, now);
  await continueSweep({ more: false, retryAt: new Date(now + 90_000) }, request, now);
  await continueSweep({ more: false, retryAt: new Date(now - 5_000) }, request, now);
  await continueSweep({ more: false, retryAt: null }, request, now);
  await continueSweep({ more: false }, request, now);
  expect(asked).toEqual([1, 90, 1]);
});
