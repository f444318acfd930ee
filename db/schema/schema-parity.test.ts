import { getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as pg from "./pg.ts";
import * as sqlite from "./sqlite.ts";

/**
 * Tables only SQLite declares, on purpose. The in-process job queue keeps its jobs and
 * schedules in these; on PostgreSQL pg-boss owns the queue and its own schema (pgboss).
 */
const SQLITE_ONLY_TABLES = new Set(["queue_jobs", "queue_schedules"]);
const SQLITE_ONLY_EXPORTS = new Set(["queueJobs", "queueSchedules"]);

type Shape = Record<string, Record<string, { column: string; dataType: string; notNull: boolean; primary: boolean; hasDefault: boolean }>>;

function shapeOf(schema: Record<string, unknown>): Shape {
  const out: Shape = {};
  for (const value of Object.values(schema)) {
    if (!is(value, Table) || SQLITE_ONLY_TABLES.has(getTableName(value))) continue;
    const columns: Shape[string] = {};
    for (const [key, col] of Object.entries(getTableColumns(value))) {
      // An SQLite integer primary key counts as defaulted (rowid); identity columns do not: same behaviour.
      const hasDefault = col.primary ? false : col.hasDefault;
      columns[key] = { column: col.name, dataType: col.dataType, notNull: col.notNull, primary: col.primary, hasDefault };
    }
    out[getTableName(value)] = columns;
  }
  return out;
}

describe("schema parity", () => {
  it("declares the same tables, columns, nullability and defaults for SQLite and PostgreSQL", () => {
    const sqliteShape = shapeOf(sqlite);
    expect(Object.keys(sqliteShape).length).toBeGreaterThan(10);
    expect(shapeOf(pg)).toEqual(sqliteShape);
  });

  it("exports the same table names from both modules", () => {
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).filter((k) => !SQLITE_ONLY_EXPORTS.has(k)).sort());
  });

  it("keeps the SQLite-only tables out of the PostgreSQL schema", () => {
    for (const name of SQLITE_ONLY_EXPORTS) expect(Object.keys(pg)).not.toContain(name);
  });
});
