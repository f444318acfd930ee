/**
 * Starting, cancelling and watching fetches: manual fetches from the Operations page, the
 * fetches a schedule enqueues, and the fetch status the page polls. One job per provider at a
 * time (singletonKey), so a second request for a provider that is already fetching is refused.
 */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { lastFinishedAt } from "../../../../db/repositories/price-log-repository.ts";
import {
  findServiceProviderByDomain, listServiceProviders, type ServiceProviderDto,
} from "../../../../db/repositories/service-provider-repository.ts";
import type { ManualFetchInput } from "../../../shared/schemas/admin.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { FetchJobData, FetchRequestType } from "./fetch-run.ts";
import { chooseSource, type PriceSources } from "./sources.ts";

import { FETCH_QUEUE, sendOptionsOf } from "../../domain/job-catalogue.ts";
export { FETCH_QUEUE };
export const fetchKey = (providerKey: string) => `prices.fetch:${providerKey}`;

export interface EngineContext {
  db: Db;
  queue: JobQueue;
  priceSources: PriceSources;
}

export interface EnqueueReport {
  started: string[];
  busy: string[];
  /** Providers with nothing to fetch: no source, or a live source without its key. */
  skipped: { provider: string; reason: string }[];
}

/**
 * Enqueues one fetch per provider. A provider whose source cannot run (a key nobody set, no
 * source at all) is not fetched and gets no log entry: it is not configured, which is no failed
 * run; the report says why (for re-applying bundled lists, a provider without one is simply not
 * included). The Operations page's price sources say what to set up.
 */
export async function enqueueFetches(
  ctx: EngineContext, providers: ServiceProviderDto[], requestType: FetchRequestType, want: FetchJobData["source"],
): Promise<EnqueueReport> {
  const queue = ctx.queue;
  const report: EnqueueReport = { started: [], busy: [], skipped: [] };
  for (const p of providers) {
    const choice = chooseSource(ctx.priceSources, p.slug, p.name, want);
    if (choice.kind === "unavailable") {
      if (want !== "bundled") report.skipped.push({ provider: p.name, reason: choice.reason });
      continue;
    }
    const data: FetchJobData = { providerKey: p.slug, requestType, source: want };
    const id = await queue.send(FETCH_QUEUE, data, sendOptionsOf(FETCH_QUEUE, { singletonKey: fetchKey(p.slug) }));
    (id ? report.started : report.busy).push(p.name);
  }
  return report;
}

async function providerByDomain(db: Db, domain: string): Promise<ServiceProviderDto> {
  const provider = await findServiceProviderByDomain(db, domain);
  if (!provider) throw notFound(`No service provider has the domain "${domain}"`);
  return provider;
}

export async function manualFetch(ctx: EngineContext, input: ManualFetchInput): Promise<{ message: string }> {
  if (input.type === "provider") {
    const provider = await providerByDomain(ctx.db, input.provider!);
    if (!provider.isActive) throw badRequest(`${provider.name} is inactive; activate it before fetching its prices`);
    const report = await enqueueFetches(ctx, [provider], "provider", "auto");
    if (report.skipped[0]) throw badRequest(report.skipped[0].reason);
    if (report.busy.length) throw conflict(`A fetch of ${provider.name} is already in progress`);
    return { message: `Fetch of ${provider.name} started` };
  }
  const active = (await listServiceProviders(ctx.db)).filter((p) => p.isActive);
  const bundled = input.type === "pricing";
  const report = await enqueueFetches(ctx, active, bundled ? "pricing" : "all", bundled ? "bundled" : "auto");
  const parts: string[] = [];
  if (report.busy.length) parts.push(`already in progress: ${report.busy.join(", ")}`);
  if (report.skipped.length) parts.push(`not fetched, not configured: ${report.skipped.map((s) => s.reason).join("; ")}`);
  if (report.started.length === 0) {
    if (report.skipped.length) throw badRequest(`No fetch was started (${parts.join("; ")})`);
    if (report.busy.length) throw conflict(`No fetch was started (${parts.join("; ")})`);
    throw badRequest(bundled ? "No active provider has a bundled price list" : "There is no active service provider to fetch");
  }
  const count = `${report.started.length} provider${report.started.length === 1 ? "" : "s"}`;
  const notes = parts.length ? ` (${parts.join("; ")})` : "";
  if (!bundled) return { message: `Fetch started for ${count}${notes}` };
  // Said outright: a re-apply reads no registrar, so "Data last updated" does not move.
  const names = await bundledNameCount(ctx, active.filter((p) => report.started.includes(p.name)));
  return { message: `Re-applying the bundled price lists of ${count}: ${names.toLocaleString("en-US")} name${names === 1 ? "" : "s"}, no live fetch${notes}` };
}

/** Distinct names the providers' bundled lists quote (parsed once per process, names already normalised). */
async function bundledNameCount(ctx: EngineContext, providers: ServiceProviderDto[]): Promise<number> {
  const names = new Set<string>();
  for (const p of providers) {
    const list = await ctx.priceSources.bundled(p.slug)?.fetchPrices();
    for (const quote of list?.quotes ?? []) names.add(quote.tld);
  }
  return names.size;
}

export async function cancelFetch(ctx: EngineContext, domain: string): Promise<{ message: string }> {
  const queue = ctx.queue;
  const provider = await providerByDomain(ctx.db, domain);
  const jobs = (await queue.activeJobs(FETCH_QUEUE)).filter((j) => (j.data as FetchJobData | null)?.providerKey === provider.slug);
  if (jobs.length === 0) throw conflict(`No fetch of ${provider.name} is in progress`);
  for (const job of jobs) await queue.cancel(FETCH_QUEUE, job.id);
  return { message: `Fetch of ${provider.name} cancelled` };
}

export async function getFetchStatus(ctx: EngineContext) {
  const [providers, lastCompleted] = await Promise.all([listServiceProviders(ctx.db), lastFinishedAt(ctx.db)]);
  if (!ctx.queue) return { isActive: false, activeJobs: [], queueSize: 0, lastCompleted };
  const [jobs, counts] = await Promise.all([ctx.queue.activeJobs(FETCH_QUEUE), ctx.queue.counts(FETCH_QUEUE)]);
  const nameOf = new Map(providers.map((p) => [p.slug, p.name]));
  const activeJobs = jobs.map((j) => {
    const data = j.data as FetchJobData;
    return { provider: nameOf.get(data.providerKey) ?? data.providerKey, type: data.requestType, startedAt: j.startedAt };
  });
  return { isActive: activeJobs.length > 0, activeJobs, queueSize: counts.queued, lastCompleted };
}
