/**
 * One fetch run of one provider, as the "prices.fetch" job runs it: a pending log entry, the
 * source's whole list (within the fetch timeout, abortable by an administrator), the names
 * matched to catalogue TLDs and second-level suffixes (a suffix the catalogue lacks is added
 * first, as the seed would), one short transaction applying it, the log completed, then the
 * alert rules. A failed, timed-out or cancelled run applies nothing. A run that set any quote
 * anew raises a PricesAppliedEvent (onPricesApplied) naming the TLDs it touched (a quote added,
 * changed, retired or confirmed after it had gone stale) and the renewal
 * prices it set; what the listener does with it is logged when it fails and never changes the
 * run's outcome.
 */
import type { Db } from "../../../../db/client.ts";
import type { ApplyResult, RenewalChange, ResolvedQuote } from "../../../../db/repositories/price-apply-repository.ts";
import type { ReferenceList } from "../../../../db/repositories/price-check-repository.ts";
import { completeLog, insertPendingLog, type FinishedLog, type PriceLogSource } from "../../../../db/repositories/price-log-repository.ts";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { tldIdsByName } from "../../../../db/repositories/tld-repository.ts";
import { toAsciiName } from "../../integrations/prices/iana.ts";
import { normaliseQuote } from "../../integrations/prices/quote-normalise.ts";
import { addSuffixesToCatalogue } from "../../integrations/prices/suffixes.ts";
import { suffixesAmong } from "../../integrations/prices/suffixes.ts";
import { PriceSourceError, type PriceList } from "../../integrations/prices/source.ts";
import type { Logger } from "../../lib/logger.ts";
import { evaluateAlertRules } from "./alerts.ts";
import type { IncidentEventSink } from "./incident-events.ts";
import { applyPriceList } from "./price-apply.ts";
import { chooseSource, type PriceSources } from "./sources.ts";
import { priceRuns } from "../../lib/metrics.ts";

import type { FetchJobData, FetchRequestType } from "../../domain/job-catalogue.ts";
export type { FetchJobData, FetchRequestType };

/** What a successful run changed in the provider's quotes. */
export interface PricesAppliedEvent {
  providerId: number;
  providerName: string;
  /** When the source observed the list: the changed quotes' last check. */
  observedAt: Date;
  /** Every TLD whose quote at the provider was added, changed (any price) or retired (no longer listed), or confirmed after it had gone stale. */
  changedTldIds: number[];
  /** The renewal prices among those changes. */
  renewalChanges: RenewalChange[];
}

export interface FetchRunDeps {
  db: Db;
  log: Logger;
  sources: PriceSources;
  onPricesChanged: (db: Db) => void;
  /** Called after a successful run that set quotes anew. */
  onPricesApplied?: ((event: PricesAppliedEvent) => Promise<void>) | undefined;
  fetchTimeoutMs: number;
  /** PRICE_STALE_DAYS: judges the price rows an applied list rewrites. */
  staleDays: number;
  /** Told of each incident the alert rules open or resolve (incident-events.ts). */
  onIncident?: IncidentEventSink | undefined;
}

export const CANCELLED_MESSAGE = "Cancelled by an administrator";

class RunFailure extends Error {
  constructor(readonly status: "error" | "timeout", message: string) {
    super(message);
  }
}

/** Resolves with the source's answer, or rejects as soon as the signal aborts (a source that ignores it cannot hold the run). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export async function runPriceFetch(deps: FetchRunDeps, data: FetchJobData, jobSignal: AbortSignal): Promise<FinishedLog | null> {
  const { db, log } = deps;
  const provider = await findServiceProviderBySlug(db, data.providerKey);
  if (!provider) {
    log.warn({ providerKey: data.providerKey }, "price fetch for an unknown provider key ignored");
    return null;
  }
  const startedAt = new Date();
  const logId = await insertPendingLog(db, { serviceProviderId: provider.id, requestType: data.requestType, startedAt });
  const deadline = AbortSignal.timeout(deps.fetchTimeoutMs);
  const signal = AbortSignal.any([jobSignal, deadline]);
  const cancelled = () => jobSignal.aborted && !(jobSignal.reason instanceof DOMException && jobSignal.reason.name === "TimeoutError");
  let outcome: FinishedLog;
  let applied: ApplyResult | null = null;
  let observedAt: Date | null = null;
  let responseTimeMs: number | null = null;
  let source: PriceLogSource | null = null;
  try {
    const choice = chooseSource(deps.sources, data.providerKey, provider.name, data.source);
    if (choice.kind === "unavailable") throw new RunFailure("error", choice.reason);
    source = choice.kind;
    const began = performance.now();
    const list = await untilAborted(choice.source.fetchPrices({ signal }), signal);
    responseTimeMs = Math.round(performance.now() - began);
    const { quotes, skipped } = await resolveNames(db, list, provider.name, signal);
    if (signal.aborted) throw signal.reason;
    const references = choice.kind === "live" ? await bundledReferences(db, deps.sources, data.providerKey, provider.name) : undefined;
    applied = await applyPriceList(db, { providerId: provider.id, observedAt: list.observedAt, quotes, staleDays: deps.staleDays, references });
    observedAt = list.observedAt;
    outcome = { status: "success", resultCount: quotes.length, skippedCount: skipped, responseTimeMs, source, completedAt: new Date() };
  } catch (error) {
    const failure = cancelled()
      ? new RunFailure("error", CANCELLED_MESSAGE)
      // The job's own signal also aborts when the queue gives up on it (it expired).
      : deadline.aborted || jobSignal.aborted || (error instanceof PriceSourceError && error.kind === "timeout")
        ? new RunFailure("timeout", `${provider.name} did not answer within ${duration(deps.fetchTimeoutMs)}`)
        : describeFailure(error, provider.name);
    if (!(error instanceof RunFailure) && !(error instanceof PriceSourceError)) log.error({ err: error, provider: provider.slug }, "price fetch failed");
    outcome = { status: failure.status, errorMessage: failure.message, responseTimeMs, source, completedAt: new Date() };
  }
  // The log row says whether the list was live: "Data last updated" reads it (lastLiveSuccess).
  await completeLog(db, logId, outcome);
  priceRuns.inc({ provider: provider.slug, outcome: outcome.status });
  if (outcome.status === "success" && applied?.touchedTldIds.length) deps.onPricesChanged(db);
  if (outcome.status === "success" && applied?.touchedTldIds.length && observedAt && deps.onPricesApplied) {
    const event = {
      providerId: provider.id, providerName: provider.name, observedAt, changedTldIds: applied.touchedTldIds, renewalChanges: applied.renewalChanges,
    };
    await deps.onPricesApplied(event).catch((err: unknown) => {
      log.error({ err, provider: provider.slug }, "renewal price changes could not be handed on");
    });
  }
  await evaluateAlertRules(db, { provider, outcome, largestChange: applied?.largestChange ?? null }, deps.sources, new Date(), deps.onIncident).catch((err: unknown) => {
    log.error({ err, provider: provider.slug }, "alert rules could not be evaluated");
  });
  return outcome;
}

/**
 * The provider's bundled list, matched to catalogue TLDs, as the other source the price checks
 * compare a live list with (decision 059); undefined when none is bundled.
 */
async function bundledReferences(db: Db, sources: PriceSources, providerKey: string, providerName: string): Promise<ReferenceList | undefined> {
  const bundled = sources.bundled(providerKey);
  if (!bundled) return undefined;
  const list = await bundled.fetchPrices();
  const ids = await tldIdsByName(db);
  const observedOn = list.observedAt.toISOString().slice(0, 10);
  const quotes = list.quotes.flatMap((quote) => {
    const name = toAsciiName(quote.tld);
    const tldId = name ? ids.get(name) : undefined;
    const { registrationPrice, renewalPrice, transferPrice, currency } = normaliseQuote(quote);
    return tldId === undefined ? [] : [{ tldId, registrationPrice, renewalPrice, transferPrice, currency }];
  });
  return { source: `${providerName}'s bundled list of ${observedOn}`, observedOn, quotes };
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function describeFailure(error: unknown, providerName: string): RunFailure {
  if (error instanceof RunFailure) return error;
  if (error instanceof PriceSourceError) {
    if (error.kind === "cancelled") return new RunFailure("error", CANCELLED_MESSAGE);
    return new RunFailure("error", `${providerName}: ${error.message}`);
  }
  return new RunFailure("error", `Could not apply ${providerName}'s prices: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Matches the list's names to catalogue TLDs and suffixes, adding the priced suffixes the
 * catalogue lacks (the seed's rules: suffixes.ts); refuses a list that would leave nothing
 * (it would retire every quote).
 */
async function resolveNames(
  db: Db, list: PriceList, providerName: string, signal: AbortSignal,
): Promise<{ quotes: ResolvedQuote[]; skipped: number }> {
  if (!Array.isArray(list.quotes) || list.quotes.length === 0) {
    throw new RunFailure("error", `${providerName} answered an empty price list; nothing was changed`);
  }
  if (!(list.observedAt instanceof Date) || Number.isNaN(list.observedAt.getTime())) {
    throw new RunFailure("error", `${providerName}'s price list has no valid date; nothing was changed`);
  }
  const ids = await tldIdsByName(db);
  const priced = list.quotes.filter((q) => {
    const v = normaliseQuote(q);
    return v.registrationPrice !== null || v.renewalPrice !== null || v.transferPrice !== null;
  });
  const missing = suffixesAmong(priced.flatMap((q) => toAsciiName(q.tld) ?? []), (name) => ids.has(name));
  if (missing.length && !signal.aborted) {
    for (const [name, id] of (await addSuffixesToCatalogue(db, missing)).idByName) ids.set(name, id);
  }
  const byTld = new Map<number, ResolvedQuote>();
  let skipped = list.skipped.length;
  for (const quote of list.quotes) {
    const name = toAsciiName(quote.tld);
    const tldId = name ? ids.get(name) : undefined;
    const values = normaliseQuote(quote);
    if (!name || tldId === undefined || (values.registrationPrice === null && values.renewalPrice === null && values.transferPrice === null)) {
      skipped++;
      continue;
    }
    byTld.set(tldId, { tldId, tldName: name, ...values });
  }
  if (byTld.size === 0) {
    throw new RunFailure("error", `None of the ${list.quotes.length} names ${providerName} listed is a catalogue TLD; nothing was changed`);
  }
  return { quotes: [...byTld.values()], skipped };
}
