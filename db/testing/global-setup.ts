/**
 * Vitest global setup: builds one migrated and seeded template per database, once per run,
 * so each test file can copy a fresh seeded database in milliseconds instead of re-seeding.
 * PostgreSQL joins in when TEST_DATABASE_URL is set (CI always sets it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDb } from "../client.ts";
import { seedIfNeeded } from "../seed/seed.ts";
import { adminUrl, databaseUrlFor } from "./urls.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "tld-test-"));
  const sqliteTemplate = join(dir, "template.db");
  const sqlite = openDb({ sqlitePath: sqliteTemplate });
  await sqlite.migrate();
  // As a server boots: the import records its fingerprint and when the bundled data was installed.
  await seedIfNeeded(sqlite);
  await sqlite.close();
  project.provide("sqliteTemplate", sqliteTemplate);

  const base = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (base) {
    pgTemplate = `tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgTemplate}`);
    await admin.end();
    const db = openDb({ databaseUrl: databaseUrlFor(base, pgTemplate), poolSize: 4 });
    await db.migrate();
    await seedIfNeeded(db);
    await db.close();
  } else {
    console.warn("TEST_DATABASE_URL is not set: database tests run on SQLite only.");
  }
  project.provide("pgTemplate", pgTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (base && pgTemplate) {
      const admin = new pg.Client({ connectionString: adminUrl(base) });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
      await admin.end();
    }
  };
}
