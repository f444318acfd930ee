/**
 * The catalogue's names (TLDs and second-level suffixes, about 2,700 rows) held in memory per
 * database, for the lookups every TLD page makes: the TLD with its parent or its second-level
 * names (catalogue.tld), and the id its quotes and price history are read by. Only the catalogue
 * import and a price run that adds second-level names write these rows, and both are followed by
 * a new price-rows version, which clears the index with the price answers in every process
 * (price-cache.ts: at once in the writer's, within PRICE_CHANGE_CHECK_MS or at its next page
 * request in the others). A key the index lacks is looked up in the
 * database, and when the database has it the index is loaded again, so a name added since is
 * found at once.
 */
import type { Db } from "../../../db/client.ts";
import { findTldIdByKey, listTldRecords, parseTldKey, type TldDto, type TldRecord, type TldRef } from "../../../db/repositories/tld-repository.ts";
import { notFound } from "../lib/errors.ts";
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

/** The 404 of a key no catalogue name answers to. */
export const tldNotFound = (key: string) => notFound(`TLD "${key}" not found`);

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

/**
 * Kept until the price-rows version changes, not for PRICE_CACHE_SECONDS: its load is a
 * synchronous read of every catalogue row on SQLite (about 10 ms), which held every request
 * waiting behind it each time the entry expired.
 */
const indexOf = (db: Db) => cachedPriceFact(db, INDEX_KEY, () => loadIndex(db), "until prices change");

function recordIn(index: CatalogueIndex, key: string): TldRecord | undefined {
  const parsed = parseTldKey(key);
  return "id" in parsed ? index.byId.get(parsed.id) : (index.byName.get(parsed.name) ?? index.byUnicodeName.get(parsed.name));
}

/** The index and the record `key` names in it; a key it lacks that the database has reloads it first. */
async function lookUp(db: Db, key: string): Promise<{ index: CatalogueIndex; record: TldRecord } | null> {
  let index = await indexOf(db);
  let record = recordIn(index, key);
  if (!record) {
    // Not in the index: perhaps added since it was loaded.
    if ((await findTldIdByKey(db, key)) === null) return null;
    forgetPriceFact(db, INDEX_KEY);
    index = await indexOf(db);
    record = recordIn(index, key);
  }
  return record ? { index, record } : null;
}

/** The TLD `key` names with its parent, or its second-level names; null when the catalogue has none. */
export async function tldByKey(db: Db, key: string): Promise<TldWithSecondLevel | null> {
  const found = await lookUp(db, key);
  if (!found) return null;
  const { parentTldId, ...tld } = found.record;
  const parent = parentTldId === null ? undefined : found.index.byId.get(parentTldId);
  return {
    ...tld,
    parent: parent ? refOf(parent) : null,
    secondLevel: parentTldId === null ? [...(found.index.children.get(tld.id) ?? [])] : [],
  };
}

/** The id of the catalogue name `key` names, read as tldByKey reads it; null when there is none. */
export async function tldIdByKey(db: Db, key: string): Promise<number | null> {
  return (await lookUp(db, key))?.record.id ?? null;
}
