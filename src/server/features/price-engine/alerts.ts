/**
 * Alert rules, evaluated after every fetch run. A firing rule opens one incident per rule and
 * provider (its source is the provider's domain) until an administrator or the rule itself
 * resolves it; when the condition clears, the rule resolves what it opened. Each opening and
 * rule resolution is handed to `onIncident` (incident-events.ts).
 *
 * An incident is for a live source that worked and stopped: the failing-fetch and stale-data
 * rules judge only a provider whose live source can run now and has had a successful run.
 * A provider with no live source (its bundled list), or whose source lacks its key, or a
 * source that never worked (a fresh install with no network) opens nothing, and what such a
 * provider had open is resolved.
 */
import type { Db } from "../../../../db/client.ts";
import { listAlertRules, type AlertRuleDto } from "../../../../db/repositories/alert-rule-repository.ts";
import { openIncidentOnce, resolveUnresolvedIncidents } from "../../../../db/repositories/incident-repository.ts";
import { latestCheckByProvider } from "../../../../db/repositories/price-apply-repository.ts";
import { providersWithLiveSuccess, recentStatuses, type FinishedLog } from "../../../../db/repositories/price-log-repository.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import type { AlertCondition } from "../../../shared/schemas/admin.ts";
import { formatUtcDay } from "../../../shared/price-format.ts";
import { durationInWords } from "../../../shared/time-format.ts";
import { canFetchLive, type SourceSetupInput } from "../../domain/price-source-setup.ts";
import type { IncidentEventSink } from "./incident-events.ts";

interface ProviderRef {
  id: number;
  /** The key its price sources use. */
  slug: string;
  name: string;
  domain: string;
}

export interface RunOutcome {
  provider: ProviderRef;
  outcome: FinishedLog;
  largestChange: { tld: string; percent: number } | null;
}

type Verdict = { firing: true; description: string } | { firing: false } | null;

const HOUR = 3_600_000;

async function verdictFor(db: Db, rule: AlertRuleDto, run: RunOutcome, sources: SourceSetupInput): Promise<Verdict> {
  const { provider, outcome } = run;
  switch (rule.condition as AlertCondition) {
    case "consecutive_failures": {
      if (outcome.status === "success") return { firing: false };
      if (!canFetchLive(sources, provider.slug) || !(await providersWithLiveSuccess(db, provider.id)).has(provider.id)) return { firing: false };
      const latest = await recentStatuses(db, provider.id, rule.threshold);
      const failedAll = latest.length >= rule.threshold && latest.every((l) => l.status === "error" || l.status === "timeout");
      if (!failedAll) return null; // a failure streak shorter than the threshold neither opens nor clears
      const runs = rule.threshold === 1 ? "its last fetch" : `its last ${rule.threshold} fetches`;
      return { firing: true, description: `${provider.name} failed ${runs}. Last error: ${latest[0]?.errorMessage ?? "unknown"}` };
    }
    case "price_change_percent": {
      if (outcome.status !== "success") return null;
      const change = run.largestChange;
      if (!change || change.percent <= rule.threshold) return { firing: false };
      return { firing: true, description: `A ${provider.name} price for .${change.tld} moved by ${change.percent}% in one fetch (threshold ${rule.threshold}%).` };
    }
    default:
      return null;
  }
}

const noEvents: IncidentEventSink = async () => undefined;

async function resolveFor(db: Db, rule: AlertRuleDto, provider: ProviderRef, at: Date, onIncident: IncidentEventSink) {
  for (const incidentId of await resolveUnresolvedIncidents(db, rule.id, provider.domain, at)) {
    await onIncident({ incidentId, change: "resolved", by: "rule" });
  }
}

async function apply(db: Db, rule: AlertRuleDto, provider: ProviderRef, verdict: Verdict, onIncident: IncidentEventSink) {
  if (!verdict) return;
  if (verdict.firing) {
    const incidentId = await openIncidentOnce(db, {
      title: `${rule.name}: ${provider.name}`, description: verdict.description, severity: rule.severity,
      source: provider.domain, alertRuleId: rule.id,
    });
    if (incidentId !== null) await onIncident({ incidentId, change: "opened", by: "rule" });
  } else {
    await resolveFor(db, rule, provider, new Date(), onIncident);
  }
}

/**
 * Data age is judged for every active provider whose live source can run and has worked: one
 * that has stopped confirming its prices is exactly what it should catch. A bundled list is as
 * old as its file, not stale for want of a fetch.
 */
async function evaluateDataAge(db: Db, rules: AlertRuleDto[], now: Date, onIncident: IncidentEventSink, sources: SourceSetupInput) {
  if (rules.length === 0) return;
  const [providers, checks, worked] = await Promise.all([listServiceProviders(db), latestCheckByProvider(db), providersWithLiveSuccess(db)]);
  const lastChecked = new Map(checks.map((c) => [c.providerId, c.lastCheckedAt]));
  for (const provider of providers) {
    const at = lastChecked.get(provider.id);
    const judged = provider.isActive && canFetchLive(sources, provider.slug) && worked.has(provider.id);
    for (const rule of rules) {
      // Inactive providers, providers without quotes and providers with no working live source have no fetched data to grow old.
      if (!judged || !at) {
        await resolveFor(db, rule, provider, now, onIncident);
        continue;
      }
      const hours = Math.floor((now.getTime() - at.getTime()) / HOUR);
      await apply(db, rule, provider, hours > rule.threshold
        // The age in its largest sensible unit ("8 years"), not a count of hours.
        ? { firing: true, description: `${provider.name}'s prices were last confirmed ${durationInWords(now.getTime() - at.getTime())} ago, on ${formatUtcDay(at.toISOString())} (threshold ${rule.threshold} hours).` }
        : { firing: false }, onIncident);
    }
  }
}

/** `sources`: what the price engine fetches with, which says which providers have a live source that can run. */
export async function evaluateAlertRules(
  db: Db, run: RunOutcome, sources: SourceSetupInput, now = new Date(), onIncident: IncidentEventSink = noEvents,
): Promise<void> {
  const rules = await listAlertRules(db, { activeOnly: true });
  for (const rule of rules) {
    if (rule.condition !== "data_age_hours") await apply(db, rule, run.provider, await verdictFor(db, rule, run, sources), onIncident);
  }
  await evaluateDataAge(db, rules.filter((r) => r.condition === "data_age_hours"), now, onIncident, sources);
}
