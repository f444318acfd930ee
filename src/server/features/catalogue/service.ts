/** The IANA catalogue as the public sees it: TLDs, registry operators, counts, data freshness. */
import type { Db } from "../../../../db/client.ts";
import { lastLiveSuccess } from "../../../../db/repositories/price-log-repository.ts";
import { countCatalogue, findTldByKey, listRegistryOperators, listSecondLevelOf } from "../../../../db/repositories/tld-repository.ts";
import { notFound } from "../../lib/errors.ts";

/** A TLD or second-level suffix, with its parent (co.uk → uk) or the suffixes sold under it. */
export async function getTld(db: Db, key: string) {
  const tld = await findTldByKey(db, key);
  if (!tld) throw notFound(`TLD "${key}" not found`);
  return { ...tld, secondLevel: tld.parent ? [] : await listSecondLevelOf(db, tld.id) };
}

/** The site's counts (CatalogueCounts says what each one counts); every page shows these. */
export async function getStats(db: Db) {
  const counts = await countCatalogue(db);
  return {
    tlds: counts.tlds,
    pricedNames: counts.pricedNames,
    providersWithPrices: counts.providersWithPrices,
    serviceProviders: counts.serviceProviders,
    registryOperators: counts.registryOperators,
    knownRegistrars: counts.accreditedRegistrars,
  };
}

export const getRegistryOperators = (db: Db) => listRegistryOperators(db);

/**
 * "Data last updated": the newest successful run of a live price source (price_logs.source =
 * "live"), with the provider it fetched. Re-applying the bundled lists is not an update and
 * leaves it alone; null when no live source has ever answered (decision 030).
 */
export async function getDataStatus(db: Db): Promise<{ lastLiveFetch: string | null; provider: string | null }> {
  const last = await lastLiveSuccess(db);
  return { lastLiveFetch: last?.completedAt.toISOString() ?? null, provider: last?.provider ?? null };
}
