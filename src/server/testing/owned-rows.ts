/**
 * Every row a user owns, found from the schema itself: the rows of each table whose foreign key
 * cascades from the user's row, then from those rows, and so on. A table added to the schema
 * with a key to users (or to anything a user owns) is covered without a change here.
 */
import { getTableColumns, getTableName, inArray, is, Table, type Column } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client.ts";
import * as sqliteSchema from "../../../db/schema/sqlite.ts";

interface Link {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
  onDelete: string;
}

/** Every table of the schema by SQL name (the SQLite module names them; the PostgreSQL one has the same). */
export function schemaTables(db: Db): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const value of Object.values(db.t)) if (is(value, Table)) tables.set(getTableName(value), value);
  if (db.dialect === "postgres") for (const name of ["queue_jobs", "queue_schedules"]) tables.delete(name);
  return tables;
}

/** Foreign keys of every table, from the schema (the SQLite module: the parity test keeps PostgreSQL's equal). */
export function foreignKeys(): Link[] {
  const links: Link[] = [];
  for (const value of Object.values(sqliteSchema)) {
    if (!is(value, Table)) continue;
    const config = getTableConfig(value as never);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      links.push({
        table: config.name, column: ref.columns[0]!.name, parent: getTableName(ref.foreignTable), parentColumn: ref.foreignColumns[0]!.name,
        onDelete: fk.onDelete ?? "no action",
      });
    }
  }
  return links;
}

const columnByName = (table: Table, name: string) => Object.values(getTableColumns(table)).find((c: Column) => c.name === name)!;

/** The user's rows, table by table: rows reached from users.id by foreign keys that cascade. */
export async function ownedRows(db: Db, userId: number): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = schemaTables(db);
  const links = foreignKeys().filter((l) => tables.has(l.table));
  const owned = new Map<string, Record<string, unknown>[]>([["users", await db.orm.select().from(db.t.users).where(inArray(db.t.users.id, [userId]))]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const link of links) {
      if (link.onDelete !== "cascade") continue;
      const parents = owned.get(link.parent);
      if (!parents?.length) continue;
      const parentColumn = columnByName(tables.get(link.parent)!, link.parentColumn);
      const keyName = Object.entries(getTableColumns(tables.get(link.parent)!)).find(([, c]) => c === parentColumn)![0];
      const values = parents.map((p) => p[keyName]).filter((v) => v !== null && v !== undefined);
      const table = tables.get(link.table)!;
      const rows = await db.orm.select().from(table as never).where(inArray(columnByName(table, link.column), values as never[])) as Record<string, unknown>[];
      const known = owned.get(link.table) ?? [];
      const fresh = rows.filter((r) => !known.some((k) => JSON.stringify(k) === JSON.stringify(r)));
      if (fresh.length) {
        owned.set(link.table, [...known, ...fresh]);
        changed = true;
      }
    }
  }
  return owned;
}

/** The tables with a column that refers to users.id, and the rows in each that still name `userId`. */
export async function rowsNamingUser(db: Db, userId: number): Promise<Record<string, number>> {
  const tables = schemaTables(db);
  const found: Record<string, number> = {};
  for (const link of foreignKeys()) {
    if (link.parent !== "users" || !tables.has(link.table)) continue;
    const table = tables.get(link.table)!;
    const rows = await db.orm.select().from(table as never).where(inArray(columnByName(table, link.column), [userId] as never[]));
    found[`${link.table}.${link.column}`] = rows.length;
  }
  return found;
}

/** Every row of every table in which some text or JSON column contains `text`. */
export async function tablesContaining(db: Db, text: string): Promise<string[]> {
  const hits: string[] = [];
  for (const [name, table] of schemaTables(db)) {
    const rows = (await db.orm.select().from(table as never)) as Record<string, unknown>[];
    for (const row of rows) if (JSON.stringify(row).includes(text)) hits.push(name);
  }
  return hits;
}
