/** Service providers (registrars with a price list) and the IANA registrar directory. */
import type { Db } from "../../../../db/client.ts";
import { listQuotesByProvider } from "../../../../db/repositories/domain-price-repository.ts";
import { listAccreditedRegistrars } from "../../../../db/repositories/iana-registrar-repository.ts";
import { findServiceProvider, listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { minorToPrice as money } from "../../../shared/price-format.ts";
import { notFound } from "../../lib/errors.ts";

export const listProviders = (db: Db) => listServiceProviders(db);

export async function getProvider(db: Db, id: number) {
  const provider = await findServiceProvider(db, id);
  if (!provider) throw notFound(`Service provider ${id} not found`);
  return provider;
}

export async function getProviderPrices(db: Db, id: number) {
  await getProvider(db, id);
  const rows = await listQuotesByProvider(db, id);
  return rows.map((r) => ({
    ...r,
    registrationPrice: money(r.registrationPrice),
    renewalPrice: money(r.renewalPrice),
    transferPrice: money(r.transferPrice),
    regularRegistrationPrice: money(r.regularRegistrationPrice),
    lastCheckedAt: r.lastCheckedAt.toISOString(),
    changedAt: r.changedAt.toISOString(),
  }));
}

/** Accredited IANA registrars split by whether a service provider in the database matches. */
export async function getIanaRegistrars(db: Db) {
  const all = await listAccreditedRegistrars(db);
  const matchingRegistrars = all.filter((r) => r.databaseMatch !== null);
  const nonMatchingRegistrars = all.filter((r) => r.databaseMatch === null).map(({ id, name, status }) => ({ id, name, status }));
  return {
    matchingRegistrars,
    nonMatchingRegistrars,
    stats: {
      totalIanaAccredited: all.length,
      totalMatched: matchingRegistrars.length,
      totalNonMatched: nonMatchingRegistrars.length,
    },
  };
}
