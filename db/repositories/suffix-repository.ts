/**
 * Writes second-level suffixes into the catalogue, under their parent TLD's row, with the
 * columns the caller's rule gives (src/server/integrations/prices/suffixes.ts: suffixColumns).
 * Run inside the caller's transaction by the seed (after the IANA TLDs) and by a live price
 * fetch that quotes a suffix the catalogue does not have yet. A suffix already stored is updated
 * only when its columns changed, so a second run writes nothing; a root-zone TLD of the same
 * name is never overwritten.
 */
import { eq, inArray } from "drizzle-orm";
import { exec, type Db, type Executor, type Tables, type TxBody } from "../client.ts";
import { insertChunked } from "./insert-chunked.ts";

/** What the store needs of a suffix to find its parent and its registry. */
export interface SuffixToStore {
  /** The top-level TLD it sits under ("uk"). */
  parentName: string;
  /** The registry that runs it as its own, or null (the parent's registry sets its policy). */
  registryOperator: string | null;
}

/** The parent TLD's row, as a suffix's columns inherit from it. */
export interface ParentFacts {
  id: number;
  name: string;
  unicodeName: string | null;
  category: string;
  ianaType: string;
  isActive: boolean;
  rdapUrl: string | null;
}

/** A suffix's catalogue row. */
export interface SuffixColumns {
  name: string;
  unicodeName: string | null;
  description: string;
  category: "generic" | "country-code" | "sponsored" | "other";
  ianaType: string;
  registryOperatorId: number | null;
  isActive: boolean;
  rdapUrl: string | null;
  dnssec: null;
  kind: "icann-suffix" | "private-suffix";
  parentTldId: number;
}

export type SuffixColumnsOf<S> = (suffix: S, parent: ParentFacts, registryOperatorId: number | null) => SuffixColumns;

export interface SuffixImportResult {
  /** Names now in the catalogue with their ids (inserted or already there). */
  idByName: Map<string, number>;
  inserted: number;
  updated: number;
}

export function* upsertSuffixes<S extends SuffixToStore>(
  db: Executor, t: Tables, suffixes: S[], columnsOf: SuffixColumnsOf<S>,
): TxBody<SuffixImportResult> {
  const result: SuffixImportResult = { idByName: new Map(), inserted: 0, updated: 0 };
  if (suffixes.length === 0) return result;
  const parentNames = [...new Set(suffixes.map((s) => s.parentName))];
  const parents = yield* exec(db
    .select({
      id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category,
      ianaType: t.tlds.ianaType, isActive: t.tlds.isActive, rdapUrl: t.tlds.rdapUrl, parentTldId: t.tlds.parentTldId,
    })
    .from(t.tlds)
    .where(inArray(t.tlds.name, parentNames)));
  // Only a top-level row can be a parent.
  const parentByName = new Map<string, ParentFacts>(parents.filter((p) => p.parentTldId === null).map((p) => [p.name, p]));

  const operatorIds = yield* ensureOperators(db, t, suffixes);
  const wanted = suffixes.flatMap((s) => {
    const parent = parentByName.get(s.parentName);
    return parent ? [columnsOf(s, parent, s.registryOperator ? operatorIds.get(s.registryOperator)! : null)] : [];
  });
  const existing = wanted.length
    ? yield* exec(db.select().from(t.tlds).where(inArray(t.tlds.name, wanted.map((w) => w.name))))
    : [];
  const stored = new Map(existing.map((row) => [row.name, row]));
  const fresh = wanted.filter((w) => !stored.has(w.name));
  yield* insertChunked(db, t.tlds, fresh);
  result.inserted = fresh.length;
  for (const w of wanted) {
    const row = stored.get(w.name);
    // A root-zone TLD of the same name (a suffix later delegated as a TLD) is never overwritten.
    if (!row || row.kind === "tld") continue;
    const changed = (Object.keys(w) as (keyof typeof w)[]).some((k) => row[k] !== w[k]);
    if (changed) {
      yield* exec(db.update(t.tlds).set(w).where(eq(t.tlds.id, row.id)));
      result.updated++;
    }
  }
  const rows = wanted.length
    ? yield* exec(db.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds).where(inArray(t.tlds.name, wanted.map((w) => w.name))))
    : [];
  for (const r of rows) result.idByName.set(r.name, r.id);
  return result;
}

function* ensureOperators(db: Executor, t: Tables, suffixes: SuffixToStore[]): TxBody<Map<string, number>> {
  const names = [...new Set(suffixes.flatMap((s) => (s.registryOperator ? [s.registryOperator] : [])))];
  if (names.length === 0) return new Map();
  const read = () => db.select({ id: t.registryOperators.id, name: t.registryOperators.name })
    .from(t.registryOperators).where(inArray(t.registryOperators.name, names));
  const known = new Set((yield* exec(read())).map((o) => o.name));
  yield* insertChunked(db, t.registryOperators, names.filter((n) => !known.has(n)).map((name) => ({ name })));
  return new Map((yield* exec(read())).map((o) => [o.name, o.id]));
}

/** The same, in its own transaction: for a live price fetch that quotes suffixes the catalogue lacks. */
export function addSuffixesToCatalogue<S extends SuffixToStore>(handle: Db, suffixes: S[], columnsOf: SuffixColumnsOf<S>): Promise<SuffixImportResult> {
  return handle.transaction((tx) => upsertSuffixes(tx, handle.t, suffixes, columnsOf));
}
