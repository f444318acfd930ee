import { getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as pg from "./pg.ts";
import * as sqlite from "./sqlite.ts";

type Shape = Record<string, Record<string, { column: string; dataType: string; notNull: boolean; primary: boolean; hasDefault: boolean }>>;

function shapeOf(schema: Record<string, unknown>): Shape {
  const out: Shape = {};
  for (const value of Object.values(schema)) {
    if (!is(value, Table)) continue;
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
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
  });
});
