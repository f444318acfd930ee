/**
 * How each delegated TLD's registration dates are found, for the public coverage page and
 * GET /api/registry-coverage: the method and server a lookup would use (RegistryLookups.routesFor,
 * the lookups' own order, built from the same configuration as the registry jobs'), whether the
 * registry publishes an expiry date, and the product's own lookups over the last 30 days
 * (registry_lookup_stats). An answer is kept for a minute per database and configuration.
 */
import type { Db } from "../../../../db/client.ts";
import { sumLookupStatsSince, type LookupStatTotals } from "../../../../db/repositories/registry-lookup-stats-repository.ts";
import { listTldRecords } from "../../../../db/repositories/tld-repository.ts";
import type { Config } from "../../config.ts";
import { bundledSupplementEntries } from "../../integrations/rdap/bootstrap.ts";
import type { RegistryMethod } from "../../integrations/rdap/client.ts";
import { bootstrapSource } from "./registry-bootstrap.ts";
import { createRegistryLookups, type RegistryLookups } from "./registry-lookups.ts";

export const COVERAGE_DAYS = 30;
const KEEP_MS = 60_000;
export const REGISTRY_METHODS: readonly RegistryMethod[] = ["iana_rdap", "supplement", "operator", "whois", "none"];

/** yes: answers carry an expiry date; no: the registry is known to leave it out; unknown: not known yet. */
export type PublishesExpiry = "yes" | "no" | "unknown";

export interface TldCoverage {
  tld: string;
  unicodeName: string | null;
  countryCode: boolean;
  method: RegistryMethod;
  /**
   * The RDAP server's host or the WHOIS host; null for none, for a WHOIS host not learned from
   * IANA yet, and for a server RDAP_SERVERS_FILE names (the operator's own, perhaps on a private
   * network, is not published).
   */
  server: string | null;
  /** The server is one RDAP_SERVERS_FILE names. */
  serverByOperator: boolean;
  publishesExpiry: PublishesExpiry;
  /** Lookups over the last 30 days, those the registry answered (found or not), and that share in whole percent (null without lookups). */
  lookups: number;
  succeeded: number;
  succeededPercent: number | null;
}

export type MethodTotals = Record<RegistryMethod, number>;

export interface RegistryCoverage {
  days: number;
  totals: { all: MethodTotals; countryCode: MethodTotals };
  tlds: TldCoverage[];
}

const lookupsByConfig = new WeakMap<Config, WeakMap<Db, RegistryLookups>>();
const answers = new WeakMap<Config, WeakMap<Db, { at: number; answer: Promise<RegistryCoverage> }>>();

/** The lookups a registry job would build from this configuration (none of their servers is asked here). */
function lookupsFor(db: Db, config: Config): RegistryLookups {
  let byDb = lookupsByConfig.get(config);
  if (!byDb) lookupsByConfig.set(config, (byDb = new WeakMap()));
  let lookups = byDb.get(db);
  if (!lookups) byDb.set(db, (lookups = createRegistryLookups(db, config, bootstrapSource(db))));
  return lookups;
}

const emptyTotals = (): MethodTotals => ({ iana_rdap: 0, supplement: 0, operator: 0, whois: 0, none: 0 });

function expiryOf(stats: LookupStatTotals[], said: boolean | undefined): PublishesExpiry {
  if (stats.some((s) => s.found > s.noExpiry)) return "yes";
  if (said !== undefined) return said ? "yes" : "no";
  // RDAP answers with the name's record and never an expiry: the registry leaves it out. A WHOIS
  // answer without one may only be laid out in a way that is not read, so it says nothing.
  return stats.some((s) => s.method !== "whois" && s.found > 0) ? "no" : "unknown";
}

async function build(db: Db, config: Config, now: Date): Promise<RegistryCoverage> {
  const tlds = (await listTldRecords(db)).filter((r) => r.kind === "tld" && r.isActive);
  const routes = await lookupsFor(db, config).routesFor(tlds.map((r) => r.name));
  const since = new Date(now.getTime() - (COVERAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const statsByTld = new Map<string, LookupStatTotals[]>();
  for (const row of await sumLookupStatsSince(db, since)) statsByTld.set(row.tld, [...(statsByTld.get(row.tld) ?? []), row]);
  const said = new Map(bundledSupplementEntries().map((e) => [e.tld.toLowerCase(), e.publishes_expiry]));
  const totals = { all: emptyTotals(), countryCode: emptyTotals() };
  const rows = tlds.map((r): TldCoverage => {
    const route = routes.get(r.name)!;
    const stats = statsByTld.get(r.name) ?? [];
    const succeeded = stats.reduce((n, s) => n + s.ok, 0);
    const lookups = succeeded + stats.reduce((n, s) => n + s.failed, 0);
    const countryCode = r.ianaType === "country-code";
    totals.all[route.method]++;
    if (countryCode) totals.countryCode[route.method]++;
    return {
      tld: r.name, unicodeName: r.unicodeName, countryCode, method: route.method, server: route.byOperator ? null : route.server,
      serverByOperator: route.byOperator,
      // The supplement's word counts only where its server is the one asked.
      publishesExpiry: expiryOf(stats, route.method === "supplement" ? said.get(r.name) : undefined),
      lookups, succeeded, succeededPercent: lookups ? Math.round((succeeded / lookups) * 100) : null,
    };
  });
  return { days: COVERAGE_DAYS, totals, tlds: rows };
}

export async function getRegistryCoverage(db: Db, config: Config, now = new Date()): Promise<RegistryCoverage> {
  let byDb = answers.get(config);
  if (!byDb) answers.set(config, (byDb = new WeakMap()));
  const held = byDb.get(db);
  if (held && now.getTime() - held.at < KEEP_MS) return held.answer;
  const answer = build(db, config, now);
  byDb.set(db, { at: now.getTime(), answer });
  answer.catch(() => byDb.delete(db));
  return answer;
}
