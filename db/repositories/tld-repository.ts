import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { listProviderIdsWithPrices } from "./provider-coverage-repository.ts";

/** Enough of a catalogue name to show and link it. */
export interface TldRef {
  id: number;
  name: string;
  unicodeName: string | null;
}

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
  /** "tld", or "icann-suffix" / "private-suffix" for a second-level name such as co.uk or uk.com. */
  kind: string;
  /** The top-level TLD a second-level suffix sits under; null for a TLD. */
  parent: TldRef | null;
}

function tldColumns({ t }: Db) {
  return {
    id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, description: t.tlds.description,
    category: t.tlds.category, ianaType: t.tlds.ianaType, isActive: t.tlds.isActive,
    registryOperatorId: t.tlds.registryOperatorId, registryOperator: t.registryOperators.name,
    rdapUrl: t.tlds.rdapUrl, dnssec: t.tlds.dnssec, kind: t.tlds.kind, parentTldId: t.tlds.parentTldId,
  };
}

const refColumns = ({ t }: Db) => ({ id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName });

/** A path key: digits are an id, anything else an ASCII or Unicode name. */
export const parseTldKey = (key: string): { id: number } | { name: string } => (/^\d+$/.test(key) ? { id: Number(key) } : { name: key });

/** The catalogue row a key names. */
const whereKey = ({ t }: Db, key: { id: number } | { name: string }) =>
  "id" in key ? eq(t.tlds.id, key.id) : or(eq(t.tlds.name, key.name), eq(t.tlds.unicodeName, key.name));

/** A catalogue row as findTld reads it, with its parent's id instead of the parent. */
export type TldRecord = Omit<TldDto, "parent"> & { parentTldId: number | null };

const tldRecords = (handle: Db) => handle.orm.select(tldColumns(handle)).from(handle.t.tlds)
  .leftJoin(handle.t.registryOperators, eq(handle.t.registryOperators.id, handle.t.tlds.registryOperatorId));

/** By numeric id or by name ("com", "xn--p1ai", or the Unicode form "рф"). */
export async function findTld(handle: Db, key: { id: number } | { name: string }): Promise<TldDto | null> {
  const [row] = await tldRecords(handle).where(whereKey(handle, key)).limit(1);
  if (!row) return null;
  const { parentTldId, ...tld } = row;
  const [parent] = parentTldId === null
    ? []
    : await handle.orm.select(refColumns(handle)).from(handle.t.tlds).where(eq(handle.t.tlds.id, parentTldId)).limit(1);
  return { ...tld, parent: parent ?? null };
}

/** Every catalogue row (TLDs and second-level suffixes) as findTld reads it, by name. */
export function listTldRecords(handle: Db): Promise<TldRecord[]> {
  return tldRecords(handle).orderBy(asc(handle.t.tlds.name));
}

/** The id of the catalogue name `key` names, read as findTldByKey reads it; one query, no joins. */
export async function findTldIdByKey(handle: Db, key: string): Promise<number | null> {
  const [row] = await handle.orm.select({ id: handle.t.tlds.id }).from(handle.t.tlds).where(whereKey(handle, parseTldKey(key))).limit(1);
  return row?.id ?? null;
}

export async function findTldIdByName(handle: Db, name: string): Promise<number | null> {
  const [row] = await handle.orm.select({ id: handle.t.tlds.id }).from(handle.t.tlds).where(eq(handle.t.tlds.name, name)).limit(1);
  return row?.id ?? null;
}

const NAME_CHUNK = 500; // an import asks about every suffix of thousands of domains

/** Catalogue names (TLDs and second-level suffixes) by ASCII name or Unicode form, for deriving and checking a domain's TLD. */
export async function listTldsByNames({ orm: db, t }: Db, names: string[]): Promise<{ id: number; name: string; unicodeName: string | null }[]> {
  const found = new Map<number, { id: number; name: string; unicodeName: string | null }>();
  for (let i = 0; i < names.length; i += NAME_CHUNK) {
    const chunk = names.slice(i, i + NAME_CHUNK);
    const rows = await db
      .select({ id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName })
      .from(t.tlds)
      .where(or(inArray(t.tlds.name, chunk), inArray(t.tlds.unicodeName, chunk)));
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

/** The site's counts, each defined once here and shown under one label everywhere (decision 030). */
export interface CatalogueCounts {
  /** Delegated TLDs of the IANA root zone (a registry manager is assigned); no second-level suffixes. */
  tlds: number;
  /** Names the price list holds: TLDs and second-level suffixes (co.uk) with at least one price. */
  pricedNames: number;
  /** Active registrars and service providers with at least one stored price. */
  providersWithPrices: number;
  /** Every registrar and service provider in the database, active or not, priced or not. */
  serviceProviders: number;
  /** IANA registrar IDs whose status is Accredited. */
  accreditedRegistrars: number;
}

export async function countCatalogue(handle: Db): Promise<CatalogueCounts> {
  const { orm: db, t } = handle;
  const delegated = and(eq(t.tlds.isActive, true), isNull(t.tlds.parentTldId));
  const [[tldRow], [regRow], [provRow], [pricedRow], withPrices] = await Promise.all([
    db.select({ total: count() }).from(t.tlds).where(delegated),
    db.select({ accredited: count() }).from(t.ianaRegistrars).where(eq(t.ianaRegistrars.status, "Accredited")),
    db.select({ total: count() }).from(t.serviceProviders),
    // The price list pages over exactly these summaries, so its unfiltered total is this figure.
    db.select({ total: count() }).from(t.tldPriceSummaries),
    listProviderIdsWithPrices(handle),
  ]);
  return {
    tlds: tldRow?.total ?? 0,
    pricedNames: pricedRow?.total ?? 0,
    providersWithPrices: withPrices.length,
    serviceProviders: provRow?.total ?? 0,
    accreditedRegistrars: regRow?.accredited ?? 0,
  };
}

/** The names of the operators of at least one delegated TLD, each once. */
export async function listDelegatedOperatorNames({ orm: db, t }: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ name: t.registryOperators.name }).from(t.registryOperators)
    .innerJoin(t.tlds, and(eq(t.tlds.registryOperatorId, t.registryOperators.id), eq(t.tlds.isActive, true), isNull(t.tlds.parentTldId)));
  return rows.map((row) => row.name);
}

export interface RegistryOperatorDto {
  id: number;
  name: string;
  tldCount: number;
  /** How many of its TLDs are country codes; the rest are generic, sponsored or other. */
  countryCodeCount: number;
  /** The ASCII (punycode for an IDN) names of its TLDs, in code-unit order. */
  tlds: string[];
  /** The Unicode name of each of those TLDs that is an IDN, by its ASCII name ({ "xn--p1ai": "рф" }); others are absent. */
  unicodeNames: Record<string, string>;
}

/** Operators of delegated TLDs with the TLDs they manage, largest first (second-level suffixes are not counted). */
export async function listRegistryOperators({ orm: db, t }: Db): Promise<RegistryOperatorDto[]> {
  const tldCount = count(t.tlds.id);
  const operators = await db
    .select({
      id: t.registryOperators.id, name: t.registryOperators.name, tldCount,
      countryCodeCount: sql<number>`sum(case when ${t.tlds.category} = 'country-code' then 1 else 0 end)`.mapWith(Number),
    })
    .from(t.registryOperators)
    .innerJoin(t.tlds, and(eq(t.tlds.registryOperatorId, t.registryOperators.id), eq(t.tlds.isActive, true), isNull(t.tlds.parentTldId)))
    .groupBy(t.registryOperators.id, t.registryOperators.name)
    .orderBy(desc(tldCount), asc(t.registryOperators.name));
  const managed = await db
    .select({ operatorId: t.tlds.registryOperatorId, name: t.tlds.name, unicodeName: t.tlds.unicodeName })
    .from(t.tlds)
    .where(and(eq(t.tlds.isActive, true), isNull(t.tlds.parentTldId)))
    .orderBy(asc(t.tlds.name));
  const byOperator = new Map<number, { tlds: string[]; unicodeNames: Record<string, string> }>();
  for (const { operatorId, name, unicodeName } of managed) {
    if (operatorId === null) continue;
    let entry = byOperator.get(operatorId);
    if (!entry) byOperator.set(operatorId, entry = { tlds: [], unicodeNames: {} });
    entry.tlds.push(name);
    if (unicodeName) entry.unicodeNames[name] = unicodeName;
  }
  return operators.map((op) => ({ ...op, ...(byOperator.get(op.id) ?? { tlds: [], unicodeNames: {} }) }));
}

/** A path key: digits are an id, anything else a name (ASCII or Unicode, without the leading dot: "co.uk" works). */
export function findTldByKey(handle: Db, key: string): Promise<TldDto | null> {
  return findTld(handle, parseTldKey(key));
}

/** Every catalogue name's id (TLDs and second-level suffixes) by its ASCII name, for matching a price list's names. */
export async function tldIdsByName({ orm: db, t }: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Catalogue names (TLDs and second-level suffixes) at least one provider quotes. */
export async function countPricedNames({ orm: db, t }: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${t.domainPrices.tldId})`.mapWith(Number) }).from(t.domainPrices);
  return row?.n ?? 0;
}

/** Every catalogue name (TLDs and second-level suffixes), each of which has a page; by name. */
export async function listTldNames({ orm: db, t }: Db): Promise<string[]> {
  const rows = await db.select({ name: t.tlds.name }).from(t.tlds).orderBy(asc(t.tlds.name));
  return rows.map((r) => r.name);
}
