/**
 * The catalogue's names (TLDs and second-level suffixes, about 2,700 rows) held in memory per
 * database, for the lookups every TLD page makes: the TLD with its parent or its second-level
 * names (catalogue.tld), and the id its quotes are read by. Only the catalogue import writes
 * these rows. The index is kept with the price answers and cleared with them
 * (invalidatePriceCache, which the boot-time seed calls); across processes it is as stale as
 * they are, PRICE_CACHE_SECONDS at most. A key the index lacks is looked up in the database, so
 * a name added since the index was loaded is found at once (and the index is then reloaded).
 */
import type { Db } from "../../../db/client.ts";
import { findTld, findTldIdByKey, listSecondLevelOf, listTldRecords, type TldDto, type TldRecord, type TldRef } from "../../../db/repositories/tld-repository.ts";
import { cachedPriceFact, forgetPriceFact } from "./price-cache.ts";

export type TldWithSecondLevel = TldDto & { secondLevel: TldRef[] };

interface CatalogueIndex {
  byId: Map<number, TldRecord>;
  byName: Map<string, TldRecord>;
  byUnicodeName: Map<string, TldRecord>;
  /** Each TLD's second-level names, by name. */
  children: Map<number, TldRef[]>;
}

const INDEX_KEY = "tld-catalogue";

const refOf = ({ id, name, unicodeName }: TldRecord): TldRef => ({ id, name, unicodeName });

async function loadIndex(db: Db): Promise<CatalogueIndex> {
  const index: CatalogueIndex = { byId: new Map(), byName: new Map(), byUnicodeName: new Map(), children: new Map() };
  for (const row of await listTldRecords(db)) {
    index.byId.set(row.id, row);
    index.byName.set(row.name, row);
    if (row.unicodeName !== null && !index.byUnicodeName.has(row.unicodeName)) index.byUnicodeName.set(row.unicodeName, row);
    if (row.parentTldId !== null) {
      const siblings = index.children.get(row.parentTldId);
      if (siblings) siblings.push(refOf(row));
      else index.children.set(row.parentTldId, [refOf(row)]);
    }
  }
  return index;
}

/** A path key as the repository reads it: digits are an id, anything else an ASCII or Unicode name. */
function recordOf(index: CatalogueIndex, key: string): TldRecord | undefined {
  return /^\d+$/.test(key) ? index.byId.get(Number(key)) : (index.byName.get(key) ?? index.byUnicodeName.get(key));
}

const indexOf = (db: Db) => cachedPriceFact(db, INDEX_KEY, () => loadIndex(db));

/** The TLD `key` names with its parent, or its second-level names; null when the catalogue has none. */
export async function tldByKey(db: Db, key: string): Promise<TldWithSecondLevel | null> {
  const index = await indexOf(db);
  const record = recordOf(index, key);
  if (!record) {
    // Not in the index: perhaps added since it was loaded.
    const tld = await findTld(db, /^\d+$/.test(key) ? { id: Number(key) } : { name: key });
    if (!tld) return null;
    forgetPriceFact(db, INDEX_KEY);
    return { ...tld, secondLevel: tld.parent ? [] : await listSecondLevelOf(db, tld.id) };
  }
  const { parentTldId, ...tld } = record;
  const parentRecord = parentTldId === null ? undefined : index.byId.get(parentTldId);
  return {
    ...tld,
    parent: parentRecord ? refOf(parentRecord) : null,
    secondLevel: parentTldId === null ? [...(index.children.get(record.id) ?? [])] : [],
  };
}

/** The id of the catalogue name `key` names, read as tldByKey reads it; null when there is none. */
export async function tldIdByKey(db: Db, key: string): Promise<number | null> {
  const record = recordOf(await indexOf(db), key);
  if (record) return record.id;
  const id = await findTldIdByKey(db, key);
  if (id !== null) forgetPriceFact(db, INDEX_KEY);
  return id;
}
