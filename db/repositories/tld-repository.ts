import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { perHandle, prepareSelect, type Db } from "../client.ts";
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

/** A path key: digits are an id, anything else a name. */
const parseKey = (key: string): { id: number } | { name: string } => (/^\d+$/.test(key) ? { id: Number(key) } : { name: key });

type TldRow = Omit<TldDto, "parent"> & { parentTldId: number | null };

/**
 * The lookups a public TLD page makes on every render, compiled once per database handle
 * (named statements on PostgreSQL): building and compiling them per request cost more CPU
 * than running them.
 */
const statements = perHandle((handle) => {
  const { orm: db, t } = handle;
  const id = sql.placeholder("id");
  const name = sql.placeholder("name");
  const tldBy = (where: SQL | undefined) => db.select(tldColumns(handle)).from(t.tlds)
    .leftJoin(t.registryOperators, eq(t.registryOperators.id, t.tlds.registryOperatorId)).where(where).limit(1);
  // The catalogue row a key names: an id, or an ASCII or Unicode name.
  const byName = or(eq(t.tlds.name, name), eq(t.tlds.unicodeName, name));
  return {
    tldById: prepareSelect<TldRow>(handle, "tld_by_id", tldBy(eq(t.tlds.id, id))),
    tldByName: prepareSelect<TldRow>(handle, "tld_by_name", tldBy(byName)),
    refById: prepareSelect<TldRef>(handle, "tld_ref_by_id", db.select(refColumns(handle)).from(t.tlds).where(eq(t.tlds.id, id)).limit(1)),
    secondLevel: prepareSelect<TldRef>(handle, "tld_second_level",
      db.select(refColumns(handle)).from(t.tlds).where(eq(t.tlds.parentTldId, id)).orderBy(asc(t.tlds.name))),
    idById: prepareSelect<{ id: number }>(handle, "tld_id_by_id", db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.id, id)).limit(1)),
    idByName: prepareSelect<{ id: number }>(handle, "tld_id_by_name", db.select({ id: t.tlds.id }).from(t.tlds).where(byName).limit(1)),
  };
});

/** By numeric id or by name ("com", "xn--p1ai", or the Unicode form "рф"). */
export async function findTld(handle: Db, key: { id: number } | { name: string }): Promise<TldDto | null> {
  const s = statements(handle);
  const [row] = await ("id" in key ? s.tldById.all({ id: key.id }) : s.tldByName.all({ name: key.name }));
  if (!row) return null;
  const { parentTldId, ...tld } = row;
  const [parent] = parentTldId === null ? [] : await s.refById.all({ id: parentTldId });
  return { ...tld, parent: parent ?? null };
}

/** A catalogue row as findTld reads it, with its parent's id instead of the parent. */
export type TldRecord = TldRow;

/** Every catalogue row (TLDs and second-level suffixes) as findTld reads it, by name. */
export async function listTldRecords(handle: Db): Promise<TldRecord[]> {
  const { orm: db, t } = handle;
  return db.select(tldColumns(handle)).from(t.tlds)
    .leftJoin(t.registryOperators, eq(t.registryOperators.id, t.tlds.registryOperatorId))
    .orderBy(asc(t.tlds.name));
}

/** The second-level suffixes under a TLD, by name. */
export function listSecondLevelOf(handle: Db, parentTldId: number): Promise<TldRef[]> {
  return statements(handle).secondLevel.all({ id: parentTldId });
}

/** The id of the catalogue name `key` names, read as findTldByKey reads it; one query, no joins. */
export async function findTldIdByKey(handle: Db, key: string): Promise<number | null> {
  const parsed = parseKey(key);
  const s = statements(handle);
  const [row] = await ("id" in parsed ? s.idById.all({ id: parsed.id }) : s.idByName.all({ name: parsed.name }));
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
  return findTld(handle, parseKey(key));
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
