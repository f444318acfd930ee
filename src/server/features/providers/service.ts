/** Service providers (registrars with a price list) and the IANA registrar directory. */
import type { Db } from "../../../../db/client.ts";
import { listQuotesByProvider } from "../../../../db/repositories/domain-price-repository.ts";
import { listAccreditedRegistrars } from "../../../../db/repositories/iana-registrar-repository.ts";
import {
  findServiceProvider, findServiceProviderByDomain, listServiceProviders, updateServiceProvider,
} from "../../../../db/repositories/service-provider-repository.ts";
import { listProviderCoverage, listProviderIdsWithPrices } from "../../../../db/repositories/provider-coverage-repository.ts";
import { canConnectAccount } from "../../../shared/connectable-registrars.ts";
import { minorToPrice } from "../../../shared/price-format.ts";
import { isStaleAt } from "../../../shared/price-freshness.ts";
import type { PriceDisplay } from "../../../shared/price-quote.ts";
import { summariseRegistration } from "../../../shared/registration-summary.ts";
import type { ServiceProviderEditInput, ServiceProviderListQuery } from "../../../shared/schemas/service-provider.ts";
import { loadDisplayConverter, quoteDisplay } from "../../domain/display-currency.ts";
import { conflict, notFound } from "../../lib/errors.ts";

export const listProviders = (db: Db, query: ServiceProviderListQuery = {}) =>
  listServiceProviders(db, {
    hasIanaId: query.type === undefined ? undefined : query.type === "registrar",
    pricesTld: query.supports_tld,
    country: query.country,
  });

export async function getProvider(db: Db, id: number) {
  const provider = await findServiceProvider(db, id);
  if (!provider) throw notFound(`Service provider ${id} not found`);
  return provider;
}

/**
 * An administrator's edit. Switching a provider on or off changes which quotes count, so the
 * price summaries of every TLD are rebuilt with it and cached price answers are dropped.
 */
export async function updateProvider(ctx: { db: Db; config: { PRICE_STALE_DAYS: number }; onPricesChanged: (db: Db) => void }, id: number, input: ServiceProviderEditInput) {
  await getProvider(ctx.db, id); // an unknown id is a 404 before anything else
  const sameDomain = await findServiceProviderByDomain(ctx.db, input.domain);
  // Fetches, logs and incidents name a provider by its domain, so two may not share one.
  if (sameDomain && sameDomain.id !== id) throw conflict(`${sameDomain.name} already uses the domain ${input.domain}`);
  await updateServiceProvider(ctx.db, id, input, ctx.config.PRICE_STALE_DAYS);
  ctx.onPricesChanged(ctx.db);
  return getProvider(ctx.db, id);
}

/**
 * The provider's quotes, stale when not confirmed within `staleDays` (PRICE_STALE_DAYS); with a
 * display currency each also has `display` (null without a rate for its currency).
 */
export async function getProviderPrices(db: Db, id: number, staleDays: number, currency?: string) {
  await getProvider(db, id);
  const rows = await listQuotesByProvider(db, id);
  const now = new Date();
  const converter = currency ? await loadDisplayConverter(db, currency, rows.map((r) => r.currency)) : null;
  const served = rows.map((r) => ({
    ...r,
    registrationPrice: minorToPrice(r.registrationPrice),
    renewalPrice: minorToPrice(r.renewalPrice),
    transferPrice: minorToPrice(r.transferPrice),
    regularRegistrationPrice: minorToPrice(r.regularRegistrationPrice),
    lastCheckedAt: r.lastCheckedAt.toISOString(),
    isStale: isStaleAt(r.lastCheckedAt, now, staleDays),
    changedAt: r.changedAt.toISOString(),
    unusual: Boolean(r.unusualReason),
    unusualReason: r.unusualReason ?? null,
  }));
  if (!converter) return served as (typeof served[number] & { display?: PriceDisplay | null })[];
  return served.map((q) => ({ ...q, display: quoteDisplay(converter, q) }));
}

/**
 * What a registrar page shows before anyone asks for more: the first `limit` of the provider's
 * quotes (in getProviderPrices' order), how many there are, the registration price summary of
 * all of them, and when the most recently confirmed of them was checked (null without quotes).
 * The page's HTML carries this instead of a big registrar's whole list.
 */
export async function getProviderPricesFirstPage(db: Db, id: number, limit: number, staleDays: number, currency?: string) {
  const rows = await getProviderPrices(db, id, staleDays, currency);
  // ISO instants compare as text.
  const lastCheckedAt = rows.reduce<string | null>((latest, r) => (latest === null || r.lastCheckedAt > latest ? r.lastCheckedAt : latest), null);
  return { total: rows.length, rows: rows.slice(0, limit), registration: summariseRegistration(rows), lastCheckedAt };
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

/**
 * The service-provider directory: each provider with what its price list covers (TLD count,
 * registration price range per currency), whether its prices are compared (the landing page's
 * "Who We Search", counted by catalogue.stats from the same query) and whether its accounts can
 * be connected. With a display currency each range also carries `display`, its ends in that
 * currency at the ECB reference rate (null when no stored rate converts it), as every price does.
 */
export async function getProviderDirectory(db: Db, currency?: string) {
  const [providers, coverage, withPrices] = await Promise.all([listServiceProviders(db), listProviderCoverage(db), listProviderIdsWithPrices(db)]);
  const compared = new Set(withPrices);
  const converter = currency ? await loadDisplayConverter(db, currency, coverage.map((c) => c.currency)) : undefined;
  const inDisplay = (r: { currency: string; minRegistration: number | null; maxRegistration: number | null }) => {
    if (!converter) return {};
    if (!converter.canConvert(r.currency)) return { display: null };
    return {
      display: {
        currency: converter.currency, minRegistration: converter.amount(r.minRegistration, r.currency),
        maxRegistration: converter.amount(r.maxRegistration, r.currency), ...converter.conversion(r.currency),
      },
    };
  };
  return providers.map((p) => {
    const rows = coverage.filter((c) => c.providerId === p.id);
    return {
      id: p.id, name: p.name, displayName: p.displayName, domain: p.domain, logoUrl: p.logoUrl, website: p.website,
      isActive: p.isActive, ianaId: p.ianaId, ianaStatus: p.ianaStatus, country: p.country,
      tldCount: rows.reduce((sum, r) => sum + r.tldCount, 0),
      currencies: rows.map((r) => r.currency),
      priceRanges: rows
        .filter((r) => r.minRegistration !== null && r.maxRegistration !== null)
        .map((r) => ({
          currency: r.currency, minRegistration: minorToPrice(r.minRegistration), maxRegistration: minorToPrice(r.maxRegistration), ...inDisplay(r),
        })),
      comparesPrices: compared.has(p.id),
      canConnectAccount: canConnectAccount(p.domain),
    };
  });
}
