/**
 * Fresh databases for tests. `forEachDialect` runs a suite once on SQLite and once on
 * PostgreSQL (when TEST_DATABASE_URL is set), each file getting its own copy of the seeded
 * template, or an empty migrated database with { seeded: false }.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDb, type Db, type Dialect } from "../client.ts";
import { adminUrl, databaseUrlFor } from "./urls.ts";

export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb {
  db: Db;
  /** The PostgreSQL database's URL (for clients that open their own connections, e.g. pg-boss). */
  url?: string;
  /** The SQLite database's file (for a second handle on it, as another process would open). */
  sqlitePath?: string;
  drop(): Promise<void>;
}

let counter = 0;

export async function createTestDb(dialect: Dialect, options: { seeded?: boolean } = {}): Promise<TestDb> {
  const seeded = options.seeded ?? true;
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "tld-db-"));
    const file = join(dir, "test.db");
    if (seeded) copyFileSync(inject("sqliteTemplate"), file);
    const db = openDb({ sqlitePath: file });
    if (!seeded) await db.migrate();
    return { db, sqlitePath: file, drop: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const base = process.env.TEST_DATABASE_URL;
  const template = inject("pgTemplate");
  if (!base || !template) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
  const name = `t_${process.pid}_${Date.now()}_${++counter}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  await admin.query(seeded ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrlFor(base, name);
  const db = openDb({ databaseUrl: url, poolSize: 4 });
  if (!seeded) await db.migrate();
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl(base) });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * describe() once per dialect; `get()` returns that dialect's database inside tests, and
 * `getTestDb()` the whole TestDb (its URL, for clients that open their own connections).
 */
export function forEachDialect(
  title: string,
  body: (get: () => Db, dialect: Dialect, getTestDb: () => TestDb) => void,
  options: { seeded?: boolean } = {},
) {
  for (const dialect of TEST_DIALECTS) {
    describe(`${title} [${dialect}]`, () => {
      let testDb: TestDb | undefined;
      beforeAll(async () => {
        testDb = await createTestDb(dialect, options);
      });
      afterAll(async () => {
        await testDb?.drop();
      });
      const ready = () => {
        if (!testDb) throw new Error("test database not ready");
        return testDb;
      };
      body(() => ready().db, dialect, ready);
    });
  }
}
