/** Service providers (registrars with a price list) and the IANA registrar directory. */
import type { Db } from "../../../../db/client.ts";
import { listQuotesByProvider } from "../../../../db/repositories/domain-price-repository.ts";
import { listAccreditedRegistrars } from "../../../../db/repositories/iana-registrar-repository.ts";
import {
  findServiceProvider, findServiceProviderByDomain, listServiceProviders, updateServiceProvider,
} from "../../../../db/repositories/service-provider-repository.ts";
import { minorToPrice as money } from "../../../shared/price-format.ts";
import type { ServiceProviderEditInput } from "../../../shared/schemas/service-provider.ts";
import { conflict, notFound } from "../../lib/errors.ts";

export const listProviders = (db: Db) => listServiceProviders(db);

export async function getProvider(db: Db, id: number) {
  const provider = await findServiceProvider(db, id);
  if (!provider) throw notFound(`Service provider ${id} not found`);
  return provider;
}

/**
 * An administrator's edit. Switching a provider on or off changes which quotes count, so the
 * price summaries of every TLD are rebuilt with it and cached price answers are dropped.
 */
export async function updateProvider(ctx: { db: Db; onPricesChanged: (db: Db) => void }, id: number, input: ServiceProviderEditInput) {
  const current = await getProvider(ctx.db, id);
  const sameDomain = await findServiceProviderByDomain(ctx.db, input.domain);
  // Fetches, logs and incidents name a provider by its domain, so two may not share one.
  if (sameDomain && sameDomain.id !== id) throw conflict(`${sameDomain.name} already uses the domain ${input.domain}`);
  const activeChanged = current.isActive !== input.isActive;
  await updateServiceProvider(ctx.db, id, input, activeChanged);
  if (activeChanged) ctx.onPricesChanged(ctx.db);
  return getProvider(ctx.db, id);
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
