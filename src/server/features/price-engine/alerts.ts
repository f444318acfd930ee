/**
 * Alert rules, evaluated after every fetch run. A firing rule opens one incident per rule and
 * provider (its source is the provider's domain) until an administrator or the rule itself
 * resolves it; when the condition clears, the rule resolves what it opened. Each opening and
 * rule resolution is handed to `onIncident` (incident-events.ts).
 */
import type { Db } from "../../../../db/client.ts";
import { listAlertRules, type AlertRuleDto } from "../../../../db/repositories/alert-rule-repository.ts";
import { openIncidentOnce, resolveUnresolvedIncidents } from "../../../../db/repositories/incident-repository.ts";
import { latestCheckByProvider } from "../../../../db/repositories/price-apply-repository.ts";
import { recentStatuses, type FinishedLog } from "../../../../db/repositories/price-log-repository.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import type { AlertCondition } from "../../../shared/schemas/admin.ts";
import type { IncidentEventSink } from "./incident-events.ts";

interface ProviderRef {
  id: number;
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

async function verdictFor(db: Db, rule: AlertRuleDto, run: RunOutcome): Promise<Verdict> {
  const { provider, outcome } = run;
  switch (rule.condition as AlertCondition) {
    case "consecutive_failures": {
      if (outcome.status === "success") return { firing: false };
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

/** Data age is judged for every active provider: one that is never fetched is exactly what it should catch. */
async function evaluateDataAge(db: Db, rules: AlertRuleDto[], now: Date, onIncident: IncidentEventSink) {
  if (rules.length === 0) return;
  const [providers, checks] = await Promise.all([listServiceProviders(db), latestCheckByProvider(db)]);
  const lastChecked = new Map(checks.map((c) => [c.providerId, c.lastCheckedAt]));
  for (const provider of providers) {
    const at = lastChecked.get(provider.id);
    for (const rule of rules) {
      // Inactive providers and providers without quotes have no data to grow old.
      if (!provider.isActive || !at) {
        await resolveFor(db, rule, provider, now, onIncident);
        continue;
      }
      const hours = Math.floor((now.getTime() - at.getTime()) / HOUR);
      await apply(db, rule, provider, hours > rule.threshold
        ? { firing: true, description: `${provider.name}'s prices were last confirmed ${hours} hours ago, on ${at.toISOString().slice(0, 10)} (threshold ${rule.threshold} hours).` }
        : { firing: false }, onIncident);
    }
  }
}

export async function evaluateAlertRules(db: Db, run: RunOutcome, now = new Date(), onIncident: IncidentEventSink = noEvents): Promise<void> {
  const rules = await listAlertRules(db, { activeOnly: true });
  for (const rule of rules) {
    if (rule.condition !== "data_age_hours") await apply(db, rule, run.provider, await verdictFor(db, rule, run), onIncident);
  }
  await evaluateDataAge(db, rules.filter((r) => r.condition === "data_age_hours"), now, onIncident);
}
