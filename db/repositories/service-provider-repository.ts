import { and, asc, eq, exists, isNotNull, isNull, type SQL } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { refreshSummariesForProvider } from "./price-summary-repository.ts";

export interface ServiceProviderDto {
  id: number;
  slug: string;
  name: string;
  displayName: string;
  domain: string;
  logoUrl: string | null;
  website: string | null;
  isActive: boolean;
  ianaId: number | null;
  ianaStatus: string | null;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
  /** ISO 3166-1 alpha-2 code of the country the provider is based in. */
  country: string | null;
  createdAt: Date;
}

function columns({ t }: Db) {
  const sp = t.serviceProviders;
  return {
    id: sp.id, slug: sp.slug, name: sp.name, displayName: sp.displayName, domain: sp.domain, logoUrl: sp.logoUrl,
    website: sp.website, isActive: sp.isActive, ianaId: sp.ianaId, ianaStatus: t.ianaRegistrars.status,
    registrationUrlPattern: sp.registrationUrlPattern, transferUrlPattern: sp.transferUrlPattern, country: sp.country,
    createdAt: sp.createdAt,
  };
}

export interface ServiceProviderFilter {
  /** true: only those with an IANA registrar id; false: only those without. */
  hasIanaId?: boolean | undefined;
  /** Only providers with a price for this TLD (name without the dot). */
  pricesTld?: string | undefined;
  /** Only providers based in this country (ISO 3166-1 alpha-2, upper case). */
  country?: string | undefined;
}

export async function listServiceProviders(handle: Db, filter: ServiceProviderFilter = {}): Promise<ServiceProviderDto[]> {
  const { orm: db, t } = handle;
  const sp = t.serviceProviders;
  const conditions: SQL[] = [];
  if (filter.hasIanaId !== undefined) conditions.push(filter.hasIanaId ? isNotNull(sp.ianaId) : isNull(sp.ianaId));
  if (filter.country !== undefined) conditions.push(eq(sp.country, filter.country));
  if (filter.pricesTld !== undefined) {
    const dp = t.domainPrices;
    conditions.push(exists(db.select({ one: dp.id }).from(dp).innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
      .where(and(eq(dp.serviceProviderId, sp.id), eq(t.tlds.name, filter.pricesTld)))));
  }
  return db
    .select(columns(handle))
    .from(sp)
    .leftJoin(t.ianaRegistrars, eq(t.ianaRegistrars.id, sp.ianaId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(sp.name));
}

export async function findServiceProvider(handle: Db, id: number): Promise<ServiceProviderDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db
    .select(columns(handle))
    .from(t.serviceProviders)
    .leftJoin(t.ianaRegistrars, eq(t.ianaRegistrars.id, t.serviceProviders.ianaId))
    .where(eq(t.serviceProviders.id, id))
    .limit(1);
  return row ?? null;
}

/** By the domain administrators know it by ("porkbun.com"). */
export async function findServiceProviderByDomain(handle: Db, domain: string): Promise<ServiceProviderDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db
    .select(columns(handle))
    .from(t.serviceProviders)
    .leftJoin(t.ianaRegistrars, eq(t.ianaRegistrars.id, t.serviceProviders.ianaId))
    .where(eq(t.serviceProviders.domain, domain))
    .limit(1);
  return row ?? null;
}

export interface ServiceProviderEdit {
  name: string;
  domain: string;
  website: string | null;
  logoUrl: string | null;
  isActive: boolean;
  /** Left undefined, the stored pattern stays. */
  registrationUrlPattern?: string | null | undefined;
  transferUrlPattern?: string | null | undefined;
}

/**
 * Writes an administrator's edit and, in the same transaction, rebuilds the price rows of every
 * TLD the provider quotes: they name the provider of their minima and count only active ones
 * (`staleDays`, PRICE_STALE_DAYS, judges the rewritten rows).
 */
export async function updateServiceProvider(handle: Db, id: number, edit: ServiceProviderEdit, staleDays: number): Promise<void> {
  const { t } = handle;
  await handle.transaction(function* (db) {
    yield* exec(db.update(t.serviceProviders).set({ ...edit, updatedAt: new Date() }).where(eq(t.serviceProviders.id, id)));
    yield* refreshSummariesForProvider(db, t, id, { staleDays });
  });
}

/** By the key its price sources use (db/seed/providers.ts). */
export async function findServiceProviderBySlug(handle: Db, slug: string): Promise<ServiceProviderDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db
    .select(columns(handle))
    .from(t.serviceProviders)
    .leftJoin(t.ianaRegistrars, eq(t.ianaRegistrars.id, t.serviceProviders.ianaId))
    .where(eq(t.serviceProviders.slug, slug))
    .limit(1);
  return row ?? null;
}
