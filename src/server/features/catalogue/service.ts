/** The IANA catalogue as the public sees it: TLDs, registry operators, counts, data freshness. */
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS } from "../../../../db/repositories/app-meta-repository.ts";
import { countCatalogue, findTldByKey, listRegistryOperators, listSecondLevelOf } from "../../../../db/repositories/tld-repository.ts";
import { notFound } from "../../lib/errors.ts";

/** A TLD or second-level suffix, with its parent (co.uk → uk) or the suffixes sold under it. */
export async function getTld(db: Db, key: string) {
  const tld = await findTldByKey(db, key);
  if (!tld) throw notFound(`TLD "${key}" not found`);
  return { ...tld, secondLevel: tld.parent ? [] : await listSecondLevelOf(db, tld.id) };
}

export async function getStats(db: Db) {
  const counts = await countCatalogue(db);
  return {
    tlds: counts.tlds,
    activeTlds: counts.activeTlds,
    registryOperators: counts.registryOperators,
    knownRegistrars: counts.accreditedRegistrars,
    serviceProviders: counts.serviceProviders,
  };
}

export const getRegistryOperators = (db: Db) => listRegistryOperators(db);

/**
 * isDataUpdate is true once a price fetch has succeeded after deployment (the time of the last
 * successful run); until then
 * the date is when this database was first seeded ("System deployed …").
 */
export async function getDataStatus(db: Db): Promise<{ lastUpdated: string | null; isDataUpdate: boolean }> {
  const meta = await getMeta(db, [META_KEYS.deployedAt, META_KEYS.pricesUpdatedAt]);
  const updated = meta[META_KEYS.pricesUpdatedAt];
  if (updated) return { lastUpdated: updated, isDataUpdate: true };
  return { lastUpdated: meta[META_KEYS.deployedAt] ?? null, isDataUpdate: false };
}
