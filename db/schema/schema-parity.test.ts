import { getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { getTableConfig as pgTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "./pg.ts";
import * as sqlite from "./sqlite.ts";

/**
 * Tables only SQLite declares, on purpose. The in-process job queue keeps its jobs and
 * schedules in these; on PostgreSQL pg-boss owns the queue and its own schema (pgboss).
 */
const SQLITE_ONLY_TABLES: string[] = ["queue_jobs", "queue_schedules"];

type Column = { name: string };
type Shape = Record<string, unknown>;
const names = (columns: readonly unknown[]) => columns.map((c) => (c as Partial<Column>).name ?? "(expression)");

/** The parts of a table's config both dialects express the same way, in a comparable form. */
function constraintsOf(config: {
  indexes: { config: { name: string; columns: readonly unknown[]; unique: boolean } }[];
  uniqueConstraints: { getName(): string | undefined; columns: readonly Column[] }[];
  foreignKeys: { getName(): string; reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] }; onDelete?: string | undefined; onUpdate?: string | undefined }[];
  primaryKeys: { columns: Column[] }[];
  columns: { name: string; isUnique: boolean; uniqueName?: string | undefined }[];
}) {
  const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
  return {
    indexes: byName(config.indexes.map((i) => ({ name: i.config.name, columns: names(i.config.columns), unique: i.config.unique }))),
    unique: byName([
      ...config.uniqueConstraints.map((u) => ({ name: u.getName() ?? "", columns: names(u.columns) })),
      ...config.columns.filter((c) => c.isUnique).map((c) => ({ name: c.uniqueName ?? "", columns: [c.name] })),
    ]),
    foreignKeys: byName(config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        name: fk.getName(), columns: names(ref.columns), table: getTableName(ref.foreignTable), foreignColumns: names(ref.foreignColumns),
        onDelete: fk.onDelete ?? "no action", onUpdate: fk.onUpdate ?? "no action",
      };
    })),
    compositePrimaryKeys: config.primaryKeys.map((pk) => names(pk.columns)),
  };
}

function shapeOf(schema: Record<string, unknown>, dialect: "sqlite" | "pg"): Record<string, Shape> {
  const out: Record<string, Shape> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, Table)) continue;
    const name = getTableName(value);
    if (dialect === "sqlite" && SQLITE_ONLY_TABLES.includes(name)) continue;
    const columns: Shape = {};
    for (const [key, col] of Object.entries(getTableColumns(value))) {
      // An SQLite integer primary key counts as defaulted (rowid); identity columns do not: same behaviour.
      const hasDefault = col.primary ? false : col.hasDefault;
      columns[key] = { column: col.name, dataType: col.dataType, notNull: col.notNull, primary: col.primary, hasDefault };
    }
    const config = dialect === "sqlite" ? sqliteTableConfig(value as SQLiteTable) : pgTableConfig(value as PgTable);
    out[name] = { columns, ...constraintsOf(config as unknown as Parameters<typeof constraintsOf>[0]) };
  }
  return out;
}

describe("schema parity", () => {
  const sqliteShape = shapeOf(sqlite, "sqlite");
  const pgShape = shapeOf(pg, "pg");

  it("declares the same tables, columns, nullability and defaults for SQLite and PostgreSQL", () => {
    expect(Object.keys(sqliteShape).length).toBeGreaterThan(10);
    const columnsOnly = (shape: Record<string, Shape>) => Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.columns]));
    expect(columnsOnly(pgShape)).toEqual(columnsOnly(sqliteShape));
  });

  it("declares the same indexes, unique constraints, composite keys and foreign keys (with onDelete)", () => {
    expect(pgShape).toEqual(sqliteShape);
    // The comparison sees real constraints, not empty lists on both sides.
    expect(sqliteShape.domain_prices).toMatchObject({
      indexes: expect.arrayContaining([{ name: "domain_prices_provider_tld_uq", columns: ["service_provider_id", "tld_id"], unique: true }]),
      foreignKeys: expect.arrayContaining([expect.objectContaining({ columns: ["tld_id"], table: "tlds", foreignColumns: ["id"], onDelete: "cascade" })]),
    });
    expect(sqliteShape.users!.unique).toEqual(expect.arrayContaining([expect.objectContaining({ columns: ["email"] })]));
    expect(sqliteShape.auth_rate_limits!.compositePrimaryKeys).toEqual([["key", "window_start"]]);
  });

  it("exports the same table names from both modules, apart from the listed SQLite-only tables", () => {
    const sqliteOnly = (key: string) => {
      const table = (sqlite as Record<string, unknown>)[key];
      return is(table, Table) && SQLITE_ONLY_TABLES.includes(getTableName(table));
    };
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).filter((k) => !sqliteOnly(k)).sort());
  });

  it("keeps the SQLite-only tables out of the PostgreSQL schema", () => {
    const pgNames = Object.values(pg).filter((v) => is(v, Table)).map((v) => getTableName(v as Table));
    for (const name of SQLITE_ONLY_TABLES) expect(pgNames).not.toContain(name);
  });
});
