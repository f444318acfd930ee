/** The IANA catalogue as the public sees it: TLDs, registry operators, counts, data freshness. */
import type { Db } from "../../../../db/client.ts";
import { bundledDataInstalledAt } from "../../../../db/repositories/app-meta-repository.ts";
import { lastLiveSuccess } from "../../../../db/repositories/price-log-repository.ts";
import {
  countCatalogue, listDelegatedOperatorNames, listRegistryOperators, type RegistryOperatorDto,
} from "../../../../db/repositories/tld-repository.ts";
import { tldByKey, tldNotFound } from "../../domain/tld-catalogue.ts";

/** A TLD or second-level suffix, with its parent (co.uk → uk) or the suffixes sold under it. */
export async function getTld(db: Db, key: string) {
  const tld = await tldByKey(db, key);
  if (!tld) throw tldNotFound(key);
  return tld;
}

/**
 * The site's counts (CatalogueCounts says what each one counts), and the operators of delegated
 * TLDs as the Registry Operators page lists them; every page shows these.
 */
export async function getStats(db: Db) {
  const [counts, operatorNames] = await Promise.all([countCatalogue(db), listDelegatedOperatorNames(db)]);
  return {
    tlds: counts.tlds,
    pricedNames: counts.pricedNames,
    providersWithPrices: counts.providersWithPrices,
    serviceProviders: counts.serviceProviders,
    // The Registry Operators page lists spellings of one name once (mergeOperators); the count says the same.
    registryOperators: new Set(operatorNames.map(operatorKey)).size,
    knownRegistrars: counts.accreditedRegistrars,
  };
}

/** "VeriSign, Inc." and "Verisign Inc" are one operator: case, spacing and punctuation aside. */
export const operatorKey = (name: string) => name.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Operators whose names differ only by case, spacing or punctuation are listed once, with every
 * TLD of each (and the Unicode names of its IDNs), under the spelling that manages the most
 * (the first by id on a tie).
 */
export function mergeOperators(operators: readonly RegistryOperatorDto[]): RegistryOperatorDto[] {
  const byKey = new Map<string, RegistryOperatorDto[]>();
  for (const op of operators) {
    const key = operatorKey(op.name);
    byKey.set(key, [...(byKey.get(key) ?? []), op]);
  }
  const merged = [...byKey.values()].map((group) => {
    const main = [...group].sort((a, b) => b.tldCount - a.tldCount || a.id - b.id)[0]!;
    const tlds = [...new Set(group.flatMap((op) => op.tlds))].sort();
    return {
      id: main.id, name: main.name, tldCount: tlds.length,
      countryCodeCount: group.reduce((sum, op) => sum + op.countryCodeCount, 0), tlds,
      unicodeNames: Object.assign({}, ...group.map((op) => op.unicodeNames)) as Record<string, string>,
    };
  });
  return merged.sort((a, b) => b.tldCount - a.tldCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function getRegistryOperators(db: Db) {
  return mergeOperators(await listRegistryOperators(db));
}

/** GET /api/data-last-updated and catalogue.dataStatus. */
export interface DataStatus {
  /** The specification's field: lastLiveFetch when there is one, else when the bundled data was installed. */
  lastUpdated: string | null;
  /** The specification's field: true once a live price fetch has succeeded (lastUpdated is then that fetch's time). */
  isDataUpdate: boolean;
  /** The newest successful run of a live price source; null when none ever answered. */
  lastLiveFetch: string | null;
  /** The provider that run fetched. */
  provider: string | null;
  /** When the bundled data now in the database was imported; null on a database never seeded. */
  bundledDataInstalledAt: string | null;
}

/**
 * "Data last updated": the newest successful run of a live price source (price_logs.source =
 * "live"), with the provider it fetched. Re-applying the bundled lists is not an update and
 * leaves it alone (decision 030). Before any live fetch, the documented `lastUpdated` is when the
 * bundled data was installed and `isDataUpdate` is false: the landing page's "System deployed"
 * (decision 045).
 */
export async function getDataStatus(db: Db): Promise<DataStatus> {
  const [last, installed] = await Promise.all([lastLiveSuccess(db), bundledDataInstalledAt(db)]);
  const lastLiveFetch = last?.completedAt.toISOString() ?? null;
  const bundled = installed?.toISOString() ?? null;
  return {
    lastUpdated: lastLiveFetch ?? bundled,
    isDataUpdate: lastLiveFetch !== null,
    lastLiveFetch,
    provider: last?.provider ?? null,
    bundledDataInstalledAt: bundled,
  };
}
