import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface TldDto {
  id: number;
  name: string;
  unicodeName: string | null;
  description: string;
  category: string;
  ianaType: string;
  isActive: boolean;
  registryOperatorId: number | null;
  registryOperator: string | null;
  rdapUrl: string | null;
  dnssec: boolean | null;
}

function tldColumns({ t }: Db) {
  return {
    id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, description: t.tlds.description,
    category: t.tlds.category, ianaType: t.tlds.ianaType, isActive: t.tlds.isActive,
    registryOperatorId: t.tlds.registryOperatorId, registryOperator: t.registryOperators.name,
    rdapUrl: t.tlds.rdapUrl, dnssec: t.tlds.dnssec,
  };
}

/** By numeric id or by name ("com", "xn--p1ai", or the Unicode form "рф"). */
export async function findTld(handle: Db, key: { id: number } | { name: string }): Promise<TldDto | null> {
  const { db, t } = handle;
  const where = "id" in key ? eq(t.tlds.id, key.id) : or(eq(t.tlds.name, key.name), eq(t.tlds.unicodeName, key.name));
  const [row] = await db
    .select(tldColumns(handle))
    .from(t.tlds)
    .leftJoin(t.registryOperators, eq(t.registryOperators.id, t.tlds.registryOperatorId))
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function findTldIdByName(handle: Db, name: string): Promise<number | null> {
  const [row] = await handle.db.select({ id: handle.t.tlds.id }).from(handle.t.tlds).where(eq(handle.t.tlds.name, name)).limit(1);
  return row?.id ?? null;
}

export interface CatalogueCounts {
  tlds: number;
  activeTlds: number;
  registryOperators: number;
  accreditedRegistrars: number;
  ianaRegistrarIds: number;
  serviceProviders: number;
}

export async function countCatalogue({ db, t }: Db): Promise<CatalogueCounts> {
  const [[tldRow], [opRow], [regRow], [provRow]] = await Promise.all([
    db.select({ total: count(), active: sql<number>`sum(case when ${eq(t.tlds.isActive, true)} then 1 else 0 end)`.mapWith(Number) }).from(t.tlds),
    // An operator counts while it manages at least one delegated TLD.
    db.select({ total: sql<number>`count(distinct ${t.tlds.registryOperatorId})`.mapWith(Number) }).from(t.tlds).where(eq(t.tlds.isActive, true)),
    db.select({ total: count(), accredited: sql<number>`sum(case when ${t.ianaRegistrars.status} = 'Accredited' then 1 else 0 end)`.mapWith(Number) }).from(t.ianaRegistrars),
    db.select({ total: count() }).from(t.serviceProviders).where(eq(t.serviceProviders.isActive, true)),
  ]);
  return {
    tlds: tldRow?.total ?? 0,
    activeTlds: tldRow?.active ?? 0,
    registryOperators: opRow?.total ?? 0,
    accreditedRegistrars: regRow?.accredited ?? 0,
    ianaRegistrarIds: regRow?.total ?? 0,
    serviceProviders: provRow?.total ?? 0,
  };
}

export interface RegistryOperatorDto {
  id: number;
  name: string;
  tldCount: number;
  /** How many of its TLDs are country codes; the rest are generic, sponsored or other. */
  countryCodeCount: number;
  tlds: string[];
}

/** Operators of delegated TLDs with the TLDs they manage, largest first. */
export async function listRegistryOperators({ db, t }: Db): Promise<RegistryOperatorDto[]> {
  const tldCount = count(t.tlds.id);
  const operators = await db
    .select({
      id: t.registryOperators.id, name: t.registryOperators.name, tldCount,
      countryCodeCount: sql<number>`sum(case when ${t.tlds.category} = 'country-code' then 1 else 0 end)`.mapWith(Number),
    })
    .from(t.registryOperators)
    .innerJoin(t.tlds, and(eq(t.tlds.registryOperatorId, t.registryOperators.id), eq(t.tlds.isActive, true)))
    .groupBy(t.registryOperators.id, t.registryOperators.name)
    .orderBy(desc(tldCount), asc(t.registryOperators.name));
  const managed = await db
    .select({ operatorId: t.tlds.registryOperatorId, name: t.tlds.name })
    .from(t.tlds)
    .where(eq(t.tlds.isActive, true))
    .orderBy(asc(t.tlds.name));
  const namesByOperator = new Map<number, string[]>();
  for (const row of managed) {
    if (row.operatorId === null) continue;
    const list = namesByOperator.get(row.operatorId) ?? [];
    list.push(row.name);
    namesByOperator.set(row.operatorId, list);
  }
  return operators.map((op) => ({ ...op, tlds: namesByOperator.get(op.id) ?? [] }));
}

/** A path key: digits are an id, anything else a name (ASCII or Unicode, without the dot). */
export function findTldByKey(handle: Db, key: string): Promise<TldDto | null> {
  return /^\d+$/.test(key) ? findTld(handle, { id: Number(key) }) : findTld(handle, { name: key });
}

/** Every catalogue TLD's id by its ASCII name, for matching a price list's names. */
export async function tldIdsByName({ db, t }: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Catalogue names (TLDs and second-level suffixes) at least one provider quotes. */
export async function countPricedNames({ db, t }: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${t.domainPrices.tldId})`.mapWith(Number) }).from(t.domainPrices);
  return row?.n ?? 0;
}
