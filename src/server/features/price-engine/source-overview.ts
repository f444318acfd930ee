/**
 * Where each provider's prices come from, for the Operations page: its source (a live list or
 * API, its bundled list and that list's date, or none and why), what to set up for live prices,
 * the active schedules that fetch it, and its last run.
 */
import { lastRunByProvider } from "../../../../db/repositories/price-log-repository.ts";
import { listSchedules } from "../../../../db/repositories/schedule-repository.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { providerSourceSetup } from "../../domain/price-source-setup.ts";
import type { EngineContext } from "./fetch-control.ts";
import { chooseSource, type PriceSources } from "./sources.ts";

/** The date (YYYY-MM-DD) of the provider's bundled list, or null when none ships. */
async function bundledListDate(sources: PriceSources, providerKey: string): Promise<string | null> {
  const list = await sources.bundled(providerKey)?.fetchPrices().catch(() => null);
  return list ? list.observedAt.toISOString().slice(0, 10) : null;
}

export async function getPriceSources(ctx: EngineContext) {
  const [providers, schedules, lastRuns] = await Promise.all([listServiceProviders(ctx.db), listSchedules(ctx.db), lastRunByProvider(ctx.db)]);
  const active = schedules.filter((s) => s.isActive);
  return Promise.all(providers.map(async (p) => {
    const choice = chooseSource(ctx.priceSources, p.slug, p.name, "auto");
    const { setup, missing } = providerSourceSetup(ctx.priceSources, p.slug);
    return {
      provider: p.name, domain: p.domain, isActive: p.isActive,
      source: choice.kind,
      /** Why the provider cannot be fetched; null when it can. */
      problem: choice.kind === "unavailable" ? choice.reason : null,
      /** live, key-missing (a live source that needs a key nobody set), bundled-only or none: neither is failing. */
      setup,
      /** For key-missing: what to set for live prices ("DYNADOT_API_KEY is not set"). */
      missingConfiguration: missing,
      /** The date of the bundled list its prices come from while nothing live runs; null when none ships. */
      bundledListDate: await bundledListDate(ctx.priceSources, p.slug),
      schedules: active.filter((s) => s.providerId === null || s.providerId === p.id)
        .map((s) => ({ id: s.id, name: s.name, schedule: s.schedule, nextRun: s.nextRun })),
      lastRun: lastRuns.get(p.id) ?? null,
    };
  }));
}
