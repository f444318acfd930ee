/**
 * Where each provider's prices come from, for the Operations page: its source (a live list or
 * API, its bundled list, or none and why), the active schedules that fetch it, and its last run.
 */
import { lastRunByProvider } from "../../../../db/repositories/price-log-repository.ts";
import { listSchedules } from "../../../../db/repositories/schedule-repository.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import type { EngineContext } from "./fetch-control.ts";
import { chooseSource } from "./sources.ts";

export async function getPriceSources(ctx: EngineContext) {
  const [providers, schedules, lastRuns] = await Promise.all([listServiceProviders(ctx.db), listSchedules(ctx.db), lastRunByProvider(ctx.db)]);
  const active = schedules.filter((s) => s.isActive);
  return providers.map((p) => {
    const choice = chooseSource(ctx.priceSources, p.slug, p.name, "auto");
    return {
      provider: p.name, domain: p.domain, isActive: p.isActive,
      source: choice.kind,
      /** Why the provider cannot be fetched; null when it can. */
      problem: choice.kind === "unavailable" ? choice.reason : null,
      schedules: active.filter((s) => s.providerId === null || s.providerId === p.id)
        .map((s) => ({ id: s.id, name: s.name, schedule: s.schedule, nextRun: s.nextRun })),
      lastRun: lastRuns.get(p.id) ?? null,
    };
  });
}
